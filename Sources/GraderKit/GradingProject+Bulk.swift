import Foundation
import GraderAssembly
import GraderCore
import GraderPDF
import GraderStore

/// Bulk scans: one or a few PDFs of the whole class, sorted into the prepared copies by the page
/// codes. The project keeps each bulk scan whole (`bulk/`) and what was read on every page; each
/// complete copy becomes a student whose `page_source` rows point at the scanned pages (file,
/// page, turn), and whose booklet (`scans/copy-N.pdf`) is assembled from them with qpdf — pages
/// copied untouched, a turn only set in /Rotate — so grading, previews and exports work on one
/// PDF per student as for any project.
extension GradingProject {
    /// Creates `folder` from bulk scans of prepared copies. With a roster, copy N is the roster's
    /// N-th student (as `prepare` printed them). Built in a staging folder and renamed into place
    /// only when whole; the report lists every page that needs a look. Every page of a complete
    /// copy is aligned to the exam as it was given to `prepare` (`masterPath`), else to the first
    /// complete copy.
    public static func createFromBulk(_ folder: String, scans: [String], rosterPath: String? = nil, rubricPath: String? = nil,
                                      masterPath: String? = nil, grader: Grader,
                                      progress: (Int, Int) -> Void = { _, _ in }) throws -> (GradingProject, BulkReport) {
        try ProjectName.check(folder)
        let files = try ScanPaths.expand(scans)
        let pages = try BulkScanReader.read(files, progress: progress)
        guard let first = BulkSort.majorityExam(of: pages) else { throw BulkError.noCodes(files: files) }
        return try createFromReadings(folder, files: files, pages: pages, exam: first, rosterPath: rosterPath,
                                      rubricPath: rubricPath, masterPath: masterPath, grader: grader)
    }

    /// Creates `folder` from bulk scans and what was read on their pages, sorted into the copies
    /// of `exam` (copy N = roster row N), in a staging folder renamed into place when whole.
    static func createFromReadings(_ folder: String, files: [String], pages: [ScannedPage], exam first: PageCode, rosterPath: String?,
                                   rubricPath: String?, masterPath: String? = nil, grader: Grader) throws -> (GradingProject, BulkReport) {
        let roster = try rosterPath.map { path throws(RosterError) in try Roster(contentsOf: path) }
        if let roster, roster.entries.count > first.copies {
            throw BulkError.rosterLargerThanCopies(roster: roster.path, students: roster.entries.count, copies: first.copies)
        }
        if let masterPath, case let found = try PDFDocument(path: masterPath).pageCount, found != first.pages {
            throw ProjectError.masterPageCount(path: masterPath, found: found, expected: first.pages)
        }
        guard !FileManager.default.fileExists(atPath: folder) else { throw StoreError.alreadyExists(path: folder) }
        try StagingFolder.build(folder) { staging in
            for sub in ["scans", "bulk"] {
                try FileManager.default.createDirectory(atPath: staging + "/" + sub, withIntermediateDirectories: true)
            }
            let store = try ProjectStore.create(in: staging, pagesPerStudent: first.pages, grader: grader)
            let project = GradingProject(folder: staging, store: store)
            if let masterPath { _ = try ScanImport.importScan(masterPath, to: staging + "/" + masterFile, password: nil) }
            let imported = try project.importBulkScans(files)
            let students = roster?.entries.enumerated().map { BulkState.Copy(copy: $0.offset + 1, student: $0.element.student, key: nil) } ?? []
            let state = BulkState(exam: first.exam, copies: first.copies, pagesPerCopy: first.pages, scans: imported.map(\.scan),
                                  pages: pages, knownCopies: students)
            try project.record("create project from \(files.count) bulk scan\(files.count == 1 ? "" : "s")", to: state) { writer in
                try writer.setBulkExam(first.exam, copies: first.copies)
                for (scan, digest) in imported { try writer.insertBulkScan(scan, sha256: digest) }
                for page in pages { try writer.insertScanPage(page) }
                for copy in students { try writer.setCopyStudent(copy.copy, copy.student) }
            }
            if let rubricPath { try project.apply(rubricAt: rubricPath) }
        }
        let project = try open(folder, as: grader)
        return (project, try project.bulkReport(named: folder))
    }

    /// The bulk sort as it stands: what is missing, unreadable, doubled or foreign, and the pages a
    /// fixed-count split placed with a doubt.
    public func bulkReport(named name: String? = nil) throws -> BulkReport {
        let state = try bulkState()
        var report = BulkReport(sort: state.sort, scanNames: state.scans.map(\.original), project: name ?? folder)
        report.notes = state.pages.sorted { $0.ref < $1.ref }.compactMap { page in
            guard let doubt = page.doubt, case .placed(let copy, let copyPage, _) = page.reading else { return nil }
            return report.doubt(page.ref, copy: copy, copyPage: copyPage, doubt)
        }
        return report
    }

    /// The bulk sort as it stands, or nil for a project made from one PDF per student: what
    /// `status` and `info` show of the pages held back and in doubt.
    public func bulkReportIfBulk() throws -> BulkReport? {
        guard try store.bulkState() != nil else { return nil }
        return try bulkReport()
    }

    /// The copies and the students they are for: (copy, the student's name in the project or
    /// nil while held back, whether a student is known for it).
    public func bulkCopies() throws -> [(copy: Int, name: String?, matched: Bool)] {
        let state = try bulkState(), book = try store.directory()
        let names = Dictionary(uniqueKeysWithValues: book.students.map { ($0.key, $0.student.name) })
        return state.sort.scannedCopies.map { copy in
            let known = state.known(copy)
            return (copy, known?.key.flatMap { names[$0] }, known?.student != nil)
        }
    }

    /// Places scanned page `page` (1-based) of bulk scan `scan` (its file name) on page
    /// `copyPage` of `copy`, turned by `rotation`; a copy it completes becomes a student.
    public func assign(scan: String, page: Int, copy: Int, copyPage: Int, rotation: Int = 0) throws -> BulkReport {
        try permit(.editRoster)
        let state = try bulkState()
        let names = state.scans.map(\.original)
        guard let scanIndex = names.firstIndex(of: scan) ?? names.firstIndex(of: (scan as NSString).lastPathComponent) else {
            throw BulkError.unknownScan(scan, known: names)
        }
        guard (1...max(1, state.scans[scanIndex].pages)).contains(page) else {
            throw BulkError.noSuchPage(scan: names[scanIndex], page: page, pages: state.scans[scanIndex].pages)
        }
        guard (1...state.copies).contains(copy) else { throw BulkError.noSuchCopy(copy, copies: state.copies) }
        guard (1...state.pagesPerCopy).contains(copyPage) else { throw BulkError.noSuchCopyPage(copyPage, pages: state.pagesPerCopy) }
        guard [0, 90, 180, 270].contains(rotation) else { throw BulkError.badRotation(rotation) }
        let ref = ScanPageRef(scan: scanIndex, pageIndex: page - 1)
        let sort = state.sort, report = BulkReport(sort: sort, scanNames: names, project: folder)
        for (placedCopy, pages) in sort.placed {
            for (placedPage, placement) in pages where placement.ref == ref {
                throw BulkError.alreadyPlaced(page: report.name(ref), copy: placedCopy, copyPage: placedPage)
            }
        }
        if let taken = sort.placed[copy]?[copyPage] {
            throw BulkError.slotTaken(copy: copy, copyPage: copyPage, by: report.name(taken.ref))
        }
        let placed = ScannedPage(ref: ref, reading: .placed(copy: copy, page: copyPage, rotation: rotation))
        let next = state.replacing(pages: state.pages.filter { $0.ref != ref } + [placed])
        try record("place \(report.name(ref)) as copy \(copy) page \(copyPage)", to: next) { writer in
            try writer.place(ref, copy: copy, page: copyPage, rotation: rotation)
        }
        return try bulkReport()
    }

    /// Adds later bulk scans (the missing pages, rescanned): their pages are sorted in with the
    /// rest; copies they complete become students.
    public func addScans(_ scans: [String], progress: (Int, Int) -> Void = { _, _ in }) throws -> BulkReport {
        try permit(.editRoster)
        let state = try bulkState()
        try ProjectName.check(folder)
        let files = try ScanPaths.expand(scans)
        let read = try BulkScanReader.read(files, firstScan: state.scans.count, progress: progress)
        // A page read before whose code a new page also carries is compared with it on its ink.
        let (pages, measured) = try BulkScanReader.measuringInkOfDoubles(state.pages + read, files: state.scans.map { folder + "/" + $0.file } + files)
        let imported = try importBulkScans(files, after: state.scans)
        let next = BulkState(exam: state.exam, copies: state.copies, pagesPerCopy: state.pagesPerCopy,
                             scans: state.scans + imported.map(\.scan), pages: pages, knownCopies: state.knownCopies)
        do {
            try record("add \(files.count) bulk scan\(files.count == 1 ? "" : "s")", to: next) { writer in
                for (scan, digest) in imported { try writer.insertBulkScan(scan, sha256: digest) }
                for page in pages.dropFirst(state.pages.count) { try writer.insertScanPage(page) }
                for page in measured where page.ref.scan < state.scans.count { try writer.setInk(page.ink, of: page.ref) }
            }
        } catch {
            for (scan, _) in imported { unlink(folder + "/" + scan.file) }
            throw error
        }
        return try bulkReport()
    }

    /// Matches `copy` to `student` by hand: a complete copy's student is renamed; a copy still
    /// held back takes the name when it is complete. The student must be on the project's roster
    /// (found by name or roster id; the roster's id and e-mail are kept) unless `new` says it is a
    /// name the roster does not have. Returns the student as matched.
    @discardableResult
    public func match(copy: Int, to given: Student, new: Bool = false) throws -> Student {
        try permit(.editRoster)
        let state = try bulkState()
        guard (1...state.copies).contains(copy) else { throw BulkError.noSuchCopy(copy, copies: state.copies) }
        let roster = state.knownCopies.compactMap(\.student)
        let onRoster = roster.first { entry in
            entry.nameKey == given.nameKey || (entry.rosterID != nil && [given.name, given.rosterID].contains(entry.rosterID))
        }
        guard let student = new ? given : onRoster else {
            throw BulkError.notOnRoster(given.name, roster: roster.count)
        }
        let key = state.known(copy)?.key
        let book = try store.directory()
        if let other = book.students.first(where: { $0.student.nameKey == student.nameKey }), other.key != key {
            throw BulkError.nameTaken(student.name, copy: copy)
        }
        try store.change("match copy \(copy) to \(student.name)") { writer in
            try writer.setCopyStudent(copy, student)
            if let key {
                try writer.renameStudent(key, to: student)
                try writer.removeIDReview(of: key)
            }
        }
        return student
    }

    func bulkState() throws -> BulkState {
        guard let state = try store.bulkState() else { throw BulkError.notBulk(project: folder) }
        return state
    }
}

extension BulkState {
    /// The same state with other scanned pages.
    func replacing(pages: [ScannedPage]) -> BulkState {
        BulkState(exam: exam, copies: copies, pagesPerCopy: pagesPerCopy, scans: scans, pages: pages, knownCopies: knownCopies)
    }
}
