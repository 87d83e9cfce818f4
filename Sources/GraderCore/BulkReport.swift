/// What a bulk sort did and what is left for the user, as lines of plain text naming the scan file
/// and page (1-based) of every page in question and the command that fixes it.
public struct BulkReport: Sendable, Equatable {
    /// The sort reported on.
    public let sort: BulkSort
    /// The file name of each bulk scan, by scan index.
    public let scanNames: [String]
    /// The project as the user names it in commands.
    public let project: String

    /// Creates a report.
    public init(sort: BulkSort, scanNames: [String], project: String) {
        self.sort = sort
        self.scanNames = scanNames
        self.project = project
    }

    /// "bulk.pdf page 17".
    public func name(_ ref: ScanPageRef) -> String {
        let file = scanNames.indices.contains(ref.scan) ? scanNames[ref.scan] : "scan \(ref.scan + 1)"
        return "\(file) page \(ref.pageIndex + 1)"
    }

    /// The problems, one line each, in a fixed order: missing pages, unreadable codes, pages
    /// scanned twice, other exams' pages; then what was done silently (turned, blank backs).
    public var lines: [String] {
        var lines: [String] = []
        for copy in sort.scannedCopies {
            let missing = sort.missingPages(of: copy)
            guard !missing.isEmpty else { continue }
            let pages = missing.map(String.init).joined(separator: ", ")
            lines.append("missing: copy \(copy) page\(missing.count == 1 ? "" : "s") \(pages) — scan \(missing.count == 1 ? "it" : "them") "
                + "and run: ezgrader add-scans \(project) SCAN.pdf (copy \(copy) is held back until complete)")
        }
        for ref in sort.unreadable {
            lines.append("no readable code: \(name(ref)) — place it with: ezgrader assign \(project) --scan \(scanNames[ref.scan]) "
                + "--page \(ref.pageIndex + 1) --copy C --page-of-copy P")
        }
        for duplicate in sort.duplicates {
            lines.append("scanned twice: \(name(duplicate.ref)) is \(duplicate.code) again (kept \(name(duplicate.kept)))")
        }
        for foreign in sort.foreign {
            lines.append("another exam: \(name(foreign.ref)) is exam \(foreign.code.exam) \(foreign.code), "
                + "not exam \(sort.exam) (\(sort.copies) copies × \(sort.pagesPerCopy) pages) — refused")
        }
        if !sort.turned.isEmpty {
            lines.append("turned upright: " + sort.turned.map(name).joined(separator: ", "))
        }
        if !sort.blanks.isEmpty {
            lines.append("blank, skipped: " + sort.blanks.map(name).joined(separator: ", "))
        }
        return lines
    }

    /// One line of totals: copies complete, held back, and pages used.
    public var summary: String {
        let complete = sort.completeCopies.count, held = sort.scannedCopies.count - complete
        return "Exam \(sort.exam): \(complete) complete cop\(complete == 1 ? "y" : "ies") of \(sort.pagesPerCopy) pages"
            + (held > 0 ? ", \(held) held back (pages missing)" : "")
            + "; \(sort.copies - sort.scannedCopies.count) of \(sort.copies) printed copies not scanned."
    }
}
