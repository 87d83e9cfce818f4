import GraderCore

/// A report as a sequence of blocks that both the HTML and the PDF writer lay out: headings,
/// paragraphs, tables and figures.
public struct ReportDocument: Sendable, Equatable {
    /// One block of the report.
    public enum Block: Sendable, Equatable {
        /// A section heading.
        case heading(String)
        /// A paragraph of text.
        case paragraph(String)
        /// A list of short items.
        case list([String])
        /// A table: the header and the rows, cells as text.
        case table(header: [String], rows: [[String]])
        /// A chart.
        case figure(Figure)
    }

    /// The report's title.
    public let title: String
    /// Its blocks in reading order.
    public let blocks: [Block]

    /// Creates a report.
    public init(title: String, blocks: [Block]) {
        self.title = title
        self.blocks = blocks
    }

    /// The report as one self-contained HTML page (styles inline, charts as inline SVG, nothing fetched).
    public var html: String {
        var lines = [
            "<!DOCTYPE html>", "<html lang=\"en\">", "<head>", "<meta charset=\"utf-8\">",
            "<title>\(HTMLText.escape(title))</title>",
            "<style>",
            "body { font-family: 'DejaVu Sans', sans-serif; max-width: 52em; margin: 2em auto; padding: 0 1em; color: #222; font-size: 14px; }",
            "table { border-collapse: collapse; margin: 0.5em 0 1em; } th, td { border-bottom: 1px solid #ddd; padding: 0.2em 0.6em; text-align: left; vertical-align: top; }",
            "th { background: #f1f1f1; } h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 1.6em; } svg { display: block; margin: 0.5em 0; max-width: 100%; height: auto; }",
            "</style>", "</head>", "<body>", "<h1>\(HTMLText.escape(title))</h1>",
        ]
        for block in blocks {
            switch block {
            case .heading(let text):
                lines.append("<h2>\(HTMLText.escape(text))</h2>")
            case .paragraph(let text):
                lines.append("<p>\(HTMLText.escape(text))</p>")
            case .list(let items):
                lines.append("<ul>" + items.map { "<li>\(HTMLText.escape($0))</li>" }.joined() + "</ul>")
            case .table(let header, let rows):
                lines.append("<table>")
                lines.append("<tr>" + header.map { "<th>\(HTMLText.escape($0))</th>" }.joined() + "</tr>")
                for row in rows { lines.append("<tr>" + row.map { "<td>\(HTMLText.escape($0))</td>" }.joined() + "</tr>") }
                lines.append("</table>")
            case .figure(let figure):
                lines.append(figure.svg)
            }
        }
        return (lines + ["</body>", "</html>", ""]).joined(separator: "\n")
    }
}
