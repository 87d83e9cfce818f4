import Foundation
import GraderAssembly
import GraderCore
import GraderFiles
import GraderPDF

/// Writes the graded PDFs: one per student (named after the student) and optionally the whole
/// class in grading order. cairo draws each student's grade layer as vector pages; qpdf lays
/// them over the untouched scans. Unchanged students are skipped unless `all` is set.
public enum PDFExport {
    /// What to write.
    public struct Options: Sendable {
        /// Folder for the per-student PDFs (created if missing).
        public var folder: String
        /// Path of the combined document, if wanted.
        public var combined: String?
        /// Order of the combined document (default: the project's).
        public var order: GradingOrder?
        /// Put cover pages with the per-question table first.
        public var cover: Bool
        /// The course and exam title the covers are headed with.
        public var heading: CoverPage.Heading
        /// Rewrite every student, changed or not.
        public var all: Bool
        /// Write only these students (nil: everyone); not with `combined`.
        public var only: Set<StudentKey>?
        /// Group the combined document by version (the versions' order, unknown last), in `order` within each.
        public var byVersion = false

        /// Creates options.
        public init(folder: String, combined: String? = nil, order: GradingOrder? = nil, cover: Bool = false,
                    heading: CoverPage.Heading = CoverPage.Heading(), all: Bool = false, only: Set<StudentKey>? = nil) {
            (self.folder, self.combined, self.order, self.cover, self.heading, self.all) = (folder, combined, order, cover, heading, all)
            self.only = only
        }

        /// The cover pages of `student`, none without `cover`.
        func covers(_ book: GradeBook, _ student: StudentID) -> [PageMarks] {
            cover ? CoverPage.pages(book, student: student, heading: heading, textHeight: GradeLayerWriter.textHeight) : []
        }
    }

    /// What an export did.
    public struct Report: Sendable, Equatable {
        /// Per-student files written.
        public var written: [String] = []
        /// Per-student files left as they were (unchanged).
        public var unchanged: [String] = []
        /// Scans whose first page was rendered to find the print near its edges (the others' was
        /// known from an earlier export of the same scan).
        public var printedInkRendered = 0
    }

    /// Exports `project`; `progress` is called with (done, total) as students finish, and
    /// `cancellation` stops it between students (the combined document is then not written).
    public static func run(_ project: GradingProject, _ options: Options, cancellation: Cancellation? = nil,
                           progress: @Sendable (Int, Int) -> Void = { _, _ in }) throws -> Report {
        try project.permit(.export)
        let book = try project.store.gradeBook()
        try project.verifyScans(of: options.only.map { only in book.students.filter { only.contains($0.key) } } ?? book.students)
        try FileManager.default.createDirectory(atPath: options.folder, withIntermediateDirectories: true)
        AtomicFile.removeAbandoned(in: options.folder)
        if let combined = options.combined { AtomicFile.removeAbandoned(in: (combined as NSString).deletingLastPathComponent) }
        removeAbandonedWorkFolders()
        let work = NSTemporaryDirectory() + "ezgrader-export-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: work) }

        let names = fileNames(book)
        let previous = ExportManifest(folder: options.folder)
        let chosen = book.students.map { options.only?.contains($0.key) ?? true }
        // The covers and fingerprints of the students written only (the combined document counts everyone's covers).
        let covers = book.students.indices.map { chosen[$0] || options.combined != nil ? options.covers(book, StudentID($0)) : [] }
        let fingerprints = book.students.indices.map { index in
            chosen[index] ? ExportManifest.fingerprint(book: book, student: StudentID(index), covers: covers[index]) : ""
        }
        let inks = PrintedInkCache(project: project), digests = try project.store.scanDigests()
        let layers = book.students.indices.map { "\(work)/layer-\($0).pdf" }
        let done = Counter()
        // Both cores: each worker writes whole students (its own cairo surface and qpdf objects).
        let results = try book.students.indices.concurrentMap { index throws -> String? in
            try cancellation?.check()
            let student = StudentID(index)
            let file = "\(names[index]).pdf"
            let output = (options.folder as NSString).appendingPathComponent(file)
            defer { progress(done.increment(), book.students.count) }
            if !chosen[index] { return nil }
            if !options.all, previous.isCurrent(file, fingerprints[index], in: options.folder) { return nil }
            let entry = book.students[index], upsideDown = entry.alignment(page: 1)?.upsideDown == true
            let printed = book.questions.isEmpty ? [] : inks.nearEdges(scan: digests[entry.key], upsideDown: upsideDown) {
                (try? PDFDocument(path: project.scanPath(entry)).page(at: 0)).map { PrintedInk.nearEdges(of: $0, upsideDown: upsideDown) }
            }
            let pages = covers[index] + (1...book.pagesPerStudent).map { GradeLayer.marks(book, student: student, page: $0, printed: $0 == 1 ? printed : []) }
            try GradeLayerWriter.write(pages, to: layers[index])
            let offset = covers[index].count
            let cover = (0..<offset).map { MergePlan.Page(source: 1, pageIndex: $0) }
            // A page scanned upside down is turned upright by its /Rotate (its content untouched).
            let scanPages = (0..<book.pagesPerStudent).map {
                MergePlan.Page(source: 0, pageIndex: $0, overlay: .init(source: 1, pageIndex: offset + $0),
                               turn: book.students[index].alignment(page: $0 + 1)?.upsideDown == true ? 180 : 0)
            }
            try PageAssembler.write(MergePlan(sources: [.init(path: project.scanPath(book.students[index])), .init(path: layers[index])],
                                              pages: cover + scanPages), to: output)
            return file
        }
        var report = Report(), manifest = previous
        for (index, result) in results.enumerated() where chosen[index] {
            let file = "\(names[index]).pdf"
            if result == nil { report.unchanged.append(file) } else { report.written.append(file) }
            manifest.record(file, fingerprints[index])
        }
        try manifest.save()
        report.printedInkRendered = inks.save()
        if let combined = options.combined {
            let order = try options.order ?? project.store.place().order
            // From the graded per-student files: their pages already carry the grade layer, so
            // this is a plain merge, and its memory is qpdf's for the class, not twice that.
            let graded = names.map { MergePlan.Source(path: (options.folder as NSString).appendingPathComponent("\($0).pdf")) }
            let ranked = options.byVersion ? book.inVersionOrder : book.students.indices.map(StudentID.init)
            let plan = ClassMerger.plan(scans: ranked.map { graded[$0.index] }, students: ranked.map { book.students[$0.index].student },
                                        pagesPerStudent: book.pagesPerStudent, order: order, leadingPages: ranked.map { covers[$0.index].count })
            try PageAssembler.write(plan, to: combined)
        }
        return report
    }

    /// The students of `options.only` (indices in `book`) whose file in `options.folder` is what
    /// `run` would write now, so it leaves them as they are: found without writing anything.
    static func current(_ book: GradeBook, _ options: Options) -> Set<Int> {
        let names = fileNames(book), manifest = ExportManifest(folder: options.folder)
        return Set(book.students.indices.filter { index in
            guard options.only?.contains(book.students[index].key) ?? true else { return false }
            let fingerprint = ExportManifest.fingerprint(book: book, student: StudentID(index), covers: options.covers(book, StudentID(index)))
            return manifest.isCurrent("\(names[index]).pdf", fingerprint, in: options.folder)
        })
    }

    /// Each student's file name (without ".pdf") in an export folder, in the book's order.
    static func fileNames(_ book: GradeBook) -> [String] { SafeFileName.distinct(book.students.map(\.student.name)) }

    /// Removes the work folders (grade layers) of exports that were killed before cleaning up.
    private static func removeAbandonedWorkFolders() {
        let temporary = NSTemporaryDirectory()
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? [] where name.hasPrefix("ezgrader-export-") {
            guard let pid = Int32(name.dropFirst("ezgrader-export-".count).prefix { $0 != "-" }), pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { try? FileManager.default.removeItem(atPath: temporary + name) }
        }
    }
}
