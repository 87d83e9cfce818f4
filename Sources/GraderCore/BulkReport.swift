/// What a bulk sort did and what is left for the user, as lines of plain text naming the scan file
/// and page (1-based) of every page in question and the command that fixes it.
public struct BulkReport: Sendable, Equatable {
    /// The sort reported on.
    public let sort: BulkSort
    /// The file name of each bulk scan, by scan index.
    public let scanNames: [String]
    /// The project as the user names it in commands.
    public let project: String
    /// What else deserves a look (a fixed-count split's pages that look like another position).
    public var notes: [Problem] = []

    /// One thing the user should know about a page or copy, by file and page (1-based).
    public struct Problem: Sendable, Equatable, Codable {
        /// "missing", "unreadable", "scannedTwice", "anotherExam", "turned", "blank" or "check".
        public let kind: String
        /// The scan file and its page (1-based), when a scanned page is meant.
        public let file: String?, page: Int?
        /// The copy and its page (1-based), when known.
        public let copy: Int?, copyPage: Int?
        /// The other scanned page involved (the page kept for "scannedTwice"), by file and page.
        public let otherFile: String?, otherPage: Int?
        /// The problem as one line of text, with what to do.
        public let message: String

        /// Creates a problem.
        public init(kind: String, file: String? = nil, page: Int? = nil, copy: Int? = nil, copyPage: Int? = nil,
                    otherFile: String? = nil, otherPage: Int? = nil, message: String) {
            (self.kind, self.file, self.page, self.copy, self.copyPage) = (kind, file, page, copy, copyPage)
            (self.otherFile, self.otherPage, self.message) = (otherFile, otherPage, message)
        }
    }

    /// Creates a report.
    public init(sort: BulkSort, scanNames: [String], project: String) {
        self.sort = sort
        self.scanNames = scanNames
        self.project = project
    }

    /// The file name of scan `ref.scan`.
    public func file(_ ref: ScanPageRef) -> String {
        scanNames.indices.contains(ref.scan) ? scanNames[ref.scan] : "scan \(ref.scan + 1)"
    }

    /// "bulk.pdf page 17".
    public func name(_ ref: ScanPageRef) -> String { "\(file(ref)) page \(ref.pageIndex + 1)" }

    /// Every problem, one per page or copy, in a fixed order: missing pages, unreadable codes,
    /// pages scanned twice, other exams' pages, pages turned upright, blank backs, then the notes.
    public var problems: [Problem] {
        var problems: [Problem] = []
        for copy in sort.scannedCopies {
            for missing in sort.missingPages(of: copy) {
                problems.append(Problem(kind: "missing", copy: copy, copyPage: missing,
                                        message: "missing: copy \(copy) page \(missing) — scan it and run: ezgrader add-scans \(project) SCAN.pdf "
                                            + "(copy \(copy) is held back until complete)"))
            }
        }
        for ref in sort.unreadable {
            problems.append(Problem(kind: "unreadable", file: file(ref), page: ref.pageIndex + 1,
                                    message: "no readable code: \(name(ref)) — place it with: ezgrader assign \(project) --scan \(file(ref)) "
                                        + "--page \(ref.pageIndex + 1) --copy C --page-of-copy P"))
        }
        for duplicate in sort.duplicates {
            problems.append(Problem(kind: "scannedTwice", file: file(duplicate.ref), page: duplicate.ref.pageIndex + 1,
                                    copy: duplicate.code.copy, copyPage: duplicate.code.page,
                                    otherFile: file(duplicate.kept), otherPage: duplicate.kept.pageIndex + 1,
                                    message: "scanned twice: \(name(duplicate.kept)) and \(name(duplicate.ref)) are both \(duplicate.code) — kept "
                                        + name(duplicate.kept) + (duplicate.keptForInk ? " (more on it)" : "") + "; look at both"))
        }
        for foreign in sort.foreign {
            problems.append(Problem(kind: "anotherExam", file: file(foreign.ref), page: foreign.ref.pageIndex + 1,
                                    message: "another exam: \(name(foreign.ref)) is exam \(foreign.code.exam) \(foreign.code), "
                                        + "not exam \(sort.exam) (\(sort.copies) copies × \(sort.pagesPerCopy) pages) — refused"))
        }
        for ref in sort.turned {
            problems.append(Problem(kind: "turned", file: file(ref), page: ref.pageIndex + 1, message: "turned upright: \(name(ref))"))
        }
        for ref in sort.blanks {
            problems.append(Problem(kind: "blank", file: file(ref), page: ref.pageIndex + 1, message: "blank, skipped: \(name(ref))"))
        }
        return problems + notes
    }

    /// The problems that hold pages or copies back from grading: missing pages, unreadable codes,
    /// pages scanned twice and other exams' pages (not what was done silently).
    public var heldBack: [Problem] {
        problems.filter { ["missing", "unreadable", "scannedTwice", "anotherExam"].contains($0.kind) }
    }

    /// What `status` and `info` list: the problems that hold pages or copies back, then the pages
    /// a fixed-count split placed with a doubt.
    public var toLookAt: [Problem] { heldBack + notes }

    /// A page a fixed-count split placed on `copyPage` of `copy` although it may belong elsewhere, as `doubt` says.
    public func doubt(_ ref: ScanPageRef, copy: Int, copyPage: Int, _ doubt: String) -> Problem {
        Problem(kind: "check", file: file(ref), page: ref.pageIndex + 1, copy: copy, copyPage: copyPage,
                message: "check: \(doubt)? (kept as scanned)")
    }

    /// The problems as lines of text, pages turned upright and blank backs each on one line.
    public var lines: [String] {
        let all = problems
        var lines = all.filter { $0.kind != "turned" && $0.kind != "blank" && $0.kind != "check" }.map(\.message)
        for (kind, label) in [("turned", "turned upright: "), ("blank", "blank, skipped: ")] {
            let refs = all.filter { $0.kind == kind }
            if !refs.isEmpty { lines.append(label + refs.map { "\($0.file ?? "") page \($0.page ?? 0)" }.joined(separator: ", ")) }
        }
        return lines + notes.map(\.message)
    }

    /// One line of totals: copies complete, held back, and pages used.
    public var summary: String {
        let complete = sort.completeCopies.count, held = sort.scannedCopies.count - complete
        return "Exam \(sort.exam): \(complete) complete cop\(complete == 1 ? "y" : "ies") of \(sort.pagesPerCopy) page\(sort.pagesPerCopy == 1 ? "" : "s")"
            + (held > 0 ? ", \(held) held back (pages missing)" : "")
            + "; \(sort.copies - sort.scannedCopies.count) of \(sort.copies) printed copies not scanned."
    }
}
