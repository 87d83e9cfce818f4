import Foundation

/// The text of the message that returns a graded booklet, with placeholders in double braces
/// (`{{name}}`, `{{percent}}`, …) filled in per student. It is read and checked whole before any
/// message is made: an unknown placeholder or an unclosed `{{` is refused with its line.
public struct MessageTemplate: Hashable, Sendable {
    /// What a placeholder stands for.
    public enum Placeholder: String, CaseIterable, Sendable {
        /// The student's name as stored.
        case name
        /// The student's name in reading order ("Ben Okafor" for a roster's "Okafor, Ben").
        case readingName = "reading_name"
        /// Their roster id.
        case id
        /// The exam's title.
        case exam
        /// Points earned.
        case total
        /// Points possible.
        case maximum
        /// The percentage, without the % sign.
        case percent
        /// Every question's score out of its maximum, a line (an HTML table row) each.
        case scores
        /// The rubric comments received, a line (an HTML list item) each, under their question.
        case comments
    }

    /// A run of the template: written text or a placeholder.
    enum Piece: Hashable, Sendable {
        case text(String)
        case placeholder(Placeholder)
    }

    /// The pieces in order.
    let pieces: [Piece]
    /// Whether the template is HTML (its text kept as written, values escaped).
    public let isHTML: Bool

    /// The message's text when the instructor gives none.
    public static let standardText = """
        Dear {{reading_name}},

        Your graded {{exam}} is attached. You scored {{total}} out of {{maximum}} ({{percent}}%).

        {{scores}}

        Comments:
        {{comments}}
        """

    /// The subject when the instructor gives none.
    public static let standardSubject = "{{exam}}: your graded copy"

    /// Reads `source`; `origin` names it in messages ("template 'mail.txt'", "--subject").
    public init(_ source: String, origin: String, isHTML: Bool = false) throws(MessageTemplateError) {
        var pieces: [Piece] = [], rest = Substring(source)
        while let open = rest.range(of: "{{") {
            if open.lowerBound > rest.startIndex { pieces.append(.text(String(rest[..<open.lowerBound]))) }
            let line = source[..<open.lowerBound].filter { $0 == "\n" }.count + 1
            guard let close = rest[open.upperBound...].range(of: "}}") else { throw .unclosed(origin: origin, line: line) }
            let name = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            guard let placeholder = Placeholder(rawValue: name.lowercased()) else {
                throw .unknownPlaceholder(String(name), origin: origin, line: line)
            }
            pieces.append(.placeholder(placeholder))
            rest = rest[close.upperBound...]
        }
        if !rest.isEmpty { pieces.append(.text(String(rest))) }
        (self.pieces, self.isHTML) = (pieces, isHTML)
    }

    /// The text for `feedback`, plain.
    public func plainText(_ feedback: StudentFeedback) -> String {
        pieces.map { piece in
            switch piece {
            case .text(let text): text
            case .placeholder(let placeholder): Self.plain(placeholder, feedback)
            }
        }.joined()
    }

    /// The text for `feedback` on one line (a subject): lists joined with "; ".
    public func line(_ feedback: StudentFeedback) -> String {
        plainText(feedback).split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: "; ")
    }

    /// The text for `feedback` as HTML: an HTML template's text as written, a plain one's escaped
    /// into paragraphs; the values escaped, the scores a table and the comments a list.
    public func html(_ feedback: StudentFeedback) -> String {
        let body = pieces.map { piece in
            switch piece {
            case .text(let text): isHTML ? text : HTMLParagraphs.make(text)
            case .placeholder(let placeholder): Self.html(placeholder, feedback)
            }
        }.joined()
        return isHTML ? body : "<!DOCTYPE html>\n<html><body>\n<p>" + body + "</p>\n</body></html>\n"
    }

    private static func plain(_ placeholder: Placeholder, _ feedback: StudentFeedback) -> String {
        switch placeholder {
        case .name: feedback.name
        case .readingName: feedback.readingName
        case .id: feedback.id
        case .exam: feedback.exam
        case .total: feedback.total
        case .maximum: feedback.maximum
        case .percent: feedback.percent
        case .scores: feedback.questions.map { "\($0.heading): \($0.score) / \($0.maximum)" }.joined(separator: "\n")
        case .comments:
            feedback.questions.filter { !$0.comments.isEmpty }.map { question in
                "\(question.heading):\n" + question.comments.map { "  - \($0)" }.joined(separator: "\n")
            }.joined(separator: "\n").nonEmpty ?? "(none)"
        }
    }

    private static func html(_ placeholder: Placeholder, _ feedback: StudentFeedback) -> String {
        let escape = HTMLText.escape
        switch placeholder {
        case .scores:
            return "</p>\n<table>\n" + feedback.questions.map {
                "<tr><td>\(escape($0.heading))</td><td>\(escape($0.score)) / \(escape($0.maximum))</td></tr>\n"
            }.joined() + "</table>\n<p>"
        case .comments:
            let questions = feedback.questions.filter { !$0.comments.isEmpty }
            if questions.isEmpty { return "(none)" }
            return "</p>\n<ul>\n" + questions.map { question in
                "<li>\(escape(question.heading))<ul>" + question.comments.map { "<li>\(escape($0))</li>" }.joined() + "</ul></li>\n"
            }.joined() + "</ul>\n<p>"
        default:
            return escape(plain(placeholder, feedback))
        }
    }
}

/// Why a message template cannot be used.
public enum MessageTemplateError: Error, Equatable, Sendable {
    /// `{{name}}` is not one of the placeholders.
    case unknownPlaceholder(String, origin: String, line: Int)
    /// A `{{` is never closed by `}}`.
    case unclosed(origin: String, line: Int)
}

extension MessageTemplateError: LocalizedError {
    public var errorDescription: String? {
        let known = MessageTemplate.Placeholder.allCases.map { "{{\($0.rawValue)}}" }.joined(separator: ", ")
        switch self {
        case .unknownPlaceholder(let name, let origin, let line):
            return "\(origin), line \(line): unknown placeholder {{\(name)}}: use \(known). Nothing was sent."
        case .unclosed(let origin, let line):
            return "\(origin), line \(line): a {{ is never closed with }}. Nothing was sent."
        }
    }
}

/// Plain text as HTML paragraphs.
enum HTMLParagraphs {
    /// `text` escaped, a blank line a new paragraph and a line break a <br>.
    static func make(_ text: String) -> String {
        HTMLText.escape(text).replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n\n")
            .map { $0.replacingOccurrences(of: "\n", with: "<br>\n") }.joined(separator: "</p>\n<p>")
    }
}

private extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
