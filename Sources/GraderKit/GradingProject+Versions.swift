import Foundation
@_spi(Rules) import GraderCore
import GraderPDF
import GraderStore

/// Versions of the exam in one project: each with its own reference pages, questions placed once
/// per version, a key per version for bubble blocks, and each student's version.
extension GradingProject {
    /// Adds version `name` of the exam, as one change: with `reference` (that version's unwritten
    /// exam, copied into the project) its pages are what the version's boxes are placed on and its
    /// students' pages are aligned to; without, it shares the project's reference pages. Copies
    /// whose page codes name the version (`prepare --versions`) are then given it.
    @discardableResult
    public func addVersion(_ name: String, reference: String? = nil) throws -> ExamVersion {
        try permit(.editQuestions)
        let name = try ExamVersion.checkedName(name)
        let book = try store.gradeBook()
        guard book.versions.named(name) == nil else { throw GradingError.duplicateVersion(name) }
        var version = ExamVersion(name: name)
        var imported: String?
        if let reference {
            let document = try PDFDocument(path: reference)
            guard document.pageCount == book.pagesPerStudent else {
                throw ProjectError.versionPageCount(version: name, path: reference, found: document.pageCount, expected: book.pagesPerStudent)
            }
            let sizes = try (0..<document.pageCount).map { try document.page(at: $0).size }
            let file = "versions/\(SafeFileName.distinct([name])[0]).pdf"
            try FileManager.default.createDirectory(atPath: folder + "/versions", withIntermediateDirectories: true)
            _ = try ScanImport.importScan(reference, to: folder + "/" + file, password: nil)
            imported = file
            version = ExamVersion(name: name, referenceScan: file, referenceSizes: sizes)
        }
        do {
            try store.change("add version \(name) of the exam") { writer in try writer.insertVersion(version) }
        } catch {
            if let imported { try? FileManager.default.removeItem(atPath: folder + "/" + imported) }
            throw error
        }
        try giveVersionsFromCodes()
        return version
    }

    /// Places `question` on `version` at `position` (points on that version's reference page,
    /// or relative to it), on `page` of that version: one change.
    public func placeQuestion(_ question: String, version name: String, page: Int, position: PagePosition) throws {
        try permit(.editQuestions)
        try store.change("place \(question) on version \(name)") { writer in
            let book = try writer.gradeBook()
            let version = try book.versions.resolve(name)
            let numbered = try book.resolveQuestion(question)
            _ = try GradingRules.page(page, pages: book.pagesPerStudent)
            let size = book.referencePageSize(page: page, version: version)
            let relative = try GradingRules.position(position, page: page, size: size)
            try writer.setVersionPlacement(VersionPlacement(page: page, position: relative), question: numbered.question.id, version: version.name)
        }
    }

    /// Places bubble block `block` on `version`: on `page`, the centre of its first bubble at
    /// `origin` (points on that version's reference page), its spacing as the exam's. One change;
    /// the next bubble read finds it there on that version's students' pages.
    public func placeBlock(_ block: String, version name: String, page: Int, origin: PagePoint) throws {
        try permit(.editKeys)
        try store.change("place block \(block) on version \(name)") { writer in
            let book = try writer.gradeBook()
            let version = try book.versions.resolve(name)
            var moved = try book.resolveBlock(block)
            _ = try GradingRules.page(page, pages: book.pagesPerStudent)
            guard moved.template == nil, moved.kind != .version else {
                throw GradingError.badBubbleBlock(moved.id, problem: moved.kind == .version
                    ? "a version field tells the version, so it sits where the exam puts it on every version"
                    : "a block read from a blank sheet's template is placed by that sheet, not by an origin")
            }
            moved.page = page
            moved.origin = origin
            let size = book.referencePageSize(page: page, version: version), b = moved.bounds
            guard b.origin.x >= 0, b.origin.y >= 0, b.origin.x + b.width <= size.width, b.origin.y + b.height <= size.height else {
                throw GradingError.positionOffPage(x: origin.x, y: origin.y, page: page, size: size)
            }
            try writer.setVersionBlockPlacement(BlockPlacement(page: page, origin: origin), block: moved.id, version: version.name)
            try placeBubbleBoxes(writer, block: moved.id, version: version.name)
        }
    }

    /// Places the grade boxes of `block`'s questions on `version` beside the rows it prints them on.
    private func placeBubbleBoxes(_ writer: ProjectWriter, block: String, version: String) throws {
        let book = try writer.gradeBook()
        for (question, placement) in try book.bubbleBoxes(block: try book.resolveBlock(block), version: version) {
            try writer.setVersionPlacement(placement, question: question, version: version)
        }
    }

    /// Sets how `version` prints bubble block `block` from the key file `file` (its `text`), places
    /// its questions' grade boxes beside the rows the version prints them on, and
    /// re-grades every machine-read row: one change, nothing changed when the file is refused.
    @discardableResult
    public func setVersionKey(version name: String, block id: String, text: String, file: String) throws -> VersionKey {
        try permit(.editKeys)
        return try store.change("set version \(name)'s key to block \(id)") { writer in
            let book = try writer.gradeBook()
            let version = try book.versions.resolve(name)
            let key = try VersionKey.parse(text, file: file, block: try book.resolveBlock(id))
            try writer.setVersionKey(key, block: id, version: version.name)
            try placeBubbleBoxes(writer, block: id, version: version.name)
            try BubbleChanges.regrade(writer)
            return key
        }
    }

    /// Gives the students named their version (`version` nil: none given, so the sheet's version
    /// field or nothing tells), aligns their pages to their version's reference (the project's
    /// when it has none) and re-grades their bubbles: one change, nothing changed on a refusal.
    /// `source` says how it became known (by hand, from the roster).
    public func setVersions(_ assignments: [(student: String, version: String?)], source: VersionSource = .hand) throws {
        try permit(.editRoster)
        let book = try store.gradeBook()
        let given = try assignments.map { assignment throws -> (id: StudentID, version: StudentVersion?) in
            (try book.resolveStudent(assignment.student),
             try assignment.version.map { StudentVersion(name: try book.versions.resolve($0).name, source: source) })
        }
        // Only pages whose reference changes are aligned again (a page lined up by hand stays as it is otherwise).
        func reference(_ version: StudentVersion?) -> ExamVersion? { version.flatMap { book.versions.named($0.name) } }
        let moved = given.filter { reference(book.version(of: $0.id))?.referenceScan != reference($0.version)?.referenceScan }
        let aligned = try alignments(moved.map { ($0.id, reference($0.version)) }, in: book)
        let description = assignments.count == 1
            ? "set the version of \(assignments[0].student) to \(assignments[0].version ?? "unknown")"
            : "set the versions of \(assignments.count) students"
        try store.change(description) { writer in
            for (id, version) in given { try writer.setStudentVersion(version, student: book.students[id.index].key) }
            try write(aligned, book: book, writer: writer)
            try BubbleChanges.regrade(writer)
        }
    }

    /// Gives every student listed in the roster CSV at `path` the version in its `version` column
    /// (students matched by roster id, else name, else scan file): one change. Gives how many.
    @discardableResult
    public func setVersions(fromRoster path: String) throws -> Int {
        try permit(.editRoster)
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw RosterError.unreadable(path: path)
        }
        let rows = try VersionRoster.parse(text, path: path)
        let book = try store.gradeBook()
        var assignments: [(student: String, version: String?)] = []
        var problems: [String] = []
        for row in rows {
            let student = row.keys.lazy.compactMap { book.student(named: $0) }.first
                ?? book.students.indices.first { index in row.keys.contains((book.students[index].scanPath as NSString).lastPathComponent) }.map(StudentID.init)
            guard let student else {
                problems.append("line \(row.line): no student '\(row.keys.first ?? "")' in this project (ezgrader status lists them)")
                continue
            }
            guard book.versions.named(row.version) != nil else {
                problems.append("line \(row.line): no version '\(row.version)' (the versions are \(book.versions.versions.map(\.name).joined(separator: ", ")))")
                continue
            }
            assignments.append((book.students[student.index].student.name, row.version))
        }
        guard problems.isEmpty else { throw RosterRefusal(path: path, problems: problems) }
        try setVersions(assignments, source: .roster)
        return assignments.count
    }

    /// Aligns every student whose version has its own PDF to that version's pages, as one
    /// change: after the sheets' version fields were read. Gives how many students were aligned.
    @discardableResult
    public func alignToVersions() throws -> Int {
        try permit(.editRoster)
        let book = try store.gradeBook()
        let students = book.students.indices.map(StudentID.init).compactMap { id in
            book.version(of: id).flatMap { book.versions.named($0.name) }.flatMap { $0.referenceScan == nil ? nil : (id, Optional($0)) }
        }
        let aligned = try alignments(students, in: book)
        try store.change("align \(students.count) students to their versions") { writer in try write(aligned, book: book, writer: writer) }
        return students.count
    }

    /// Aligns the students whose version the sheets' version fields now name differently from
    /// `before` (a version with its own PDF, or back from one) to that version's pages, as one
    /// change: what `omr` does after reading the fields. Gives how many students were aligned.
    func alignReadVersions(since before: GradeBook) throws -> Int {
        let book = try store.gradeBook()
        guard book.hasVersions, book.students.count == before.students.count else { return 0 }
        func version(_ book: GradeBook, _ id: StudentID) -> ExamVersion? { book.version(of: id).flatMap { book.versions.named($0.name) } }
        let moved = book.students.indices.map(StudentID.init).filter { version(book, $0)?.referenceScan != version(before, $0)?.referenceScan }
        guard !moved.isEmpty else { return 0 }
        let aligned = try alignments(moved.map { ($0, version(book, $0)) }, in: book)
        try store.change("align \(moved.count) students to the versions their sheets name") { writer in try write(aligned, book: book, writer: writer) }
        return moved.count
    }

    /// Each student's page alignments to `version`'s own reference pages, or to the project's
    /// when it has none (nil: no version): computed before any change, so a scan that cannot be
    /// read refuses the whole step.
    private func alignments(_ students: [(StudentID, ExamVersion?)], in book: GradeBook) throws -> [(StudentID, [PageAlignment])] {
        var result: [(StudentID, [PageAlignment])] = []
        for (reference, group) in Dictionary(grouping: students, by: { $0.1?.referenceScan }) {
            let ids = group.map(\.0), paths = ids.map { scanPath(book.students[$0.index]) }
            let found = try reference.map { file in
                try PageAlignmentRun.alignAll(paths.map { .init(path: $0) }, to: .init(path: folder + "/" + file, name: "version \(group[0].1?.name ?? "")'s PDF")).scans
            } ?? alignToReference(paths)
            result += zip(ids, found).filter { !$0.1.isEmpty }
        }
        return result
    }

    private func write(_ alignments: [(StudentID, [PageAlignment])], book: GradeBook, writer: ProjectWriter) throws {
        for (id, pages) in alignments {
            for (index, alignment) in pages.enumerated() { try writer.setAlignment(alignment, of: book.students[id.index].key, page: index + 1) }
        }
    }
}
