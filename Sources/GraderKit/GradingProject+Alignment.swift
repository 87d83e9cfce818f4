import Foundation
@_spi(Rules) import GraderCore
import GraderStore

/// Pages aligned after the project was made (a late student, bulk copies completed later) and a
/// page lined up by hand.
extension GradingProject {
    /// The alignment of each page of each booklet at `paths` to the project's reference (indexed
    /// like `paths`); none in a project made before pages were aligned, every page flagged when the
    /// reference cannot be read. `printScale` as `PageAlignmentRun.reference(of:)` takes it; phone
    /// photos are placed `throughPerspective`.
    func alignToReference(_ paths: [String], printScale: PageAlignmentRun.PrintScale? = nil, throughPerspective: Bool = false) throws -> [[PageAlignment]] {
        guard let reference = try store.reference() else { return paths.map { _ in [] } }
        // A student's booklet as the reference is confirmed by the next students, as at creation.
        let confirming = reference.scan == Self.masterFile ? [] : try store.directory().students
            .filter { $0.scanPath != reference.scan }.prefix(PageAlignmentRun.confirmingStudents).map { PageAlignmentRun.Scan(path: scanPath($0)) }
        guard let run = try? PageAlignmentRun.alignAll(paths.map { .init(path: $0) }, to: .init(path: (folder as NSString).appendingPathComponent(reference.scan)),
                                                       confirmedBy: confirming, printScale: printScale, throughPerspective: throughPerspective)
        else { return paths.map { _ in reference.sizes.map { _ in PageAlignment(transform: nil, score: 0) } } }
        return run.scans
    }

    /// The alignment of each page of the bulk copies' booklets `files` (inside the project folder):
    /// to the project's reference when it has one; else to the exam as printed (`master.pdf`, given
    /// with `--master`), or to the first copy with print on every page — then also the reference to
    /// record, with its page sizes. A copy as the reference takes copies as much larger than it as
    /// a full-size one, its codes saying how reduced it went through the copier.
    func alignCopies(_ files: [String]) throws -> (alignments: [[PageAlignment]], newReference: (scan: String, sizes: [PageSize])?) {
        guard !files.isEmpty else { return ([], nil) }
        let printScale: PageAlignmentRun.PrintScale = { scan, page in BulkScanReader.printScale(ofPage: page, in: scan.path) }
        if let reference = try store.reference() {
            return (try alignToReference(files.map { folder + "/" + $0 }, printScale: reference.scan == Self.masterFile ? nil : printScale), nil)
        }
        let masterPath = folder + "/" + Self.masterFile
        let master = FileManager.default.fileExists(atPath: masterPath) ? PageAlignmentRun.Scan(path: masterPath, name: "the exam given with --master") : nil
        let run = try PageAlignmentRun.alignClass(files.map { .init(path: folder + "/" + $0, name: "\(Self.copyName($0))'s booklet (the reference)") },
                                                  master: master, printScale: master == nil ? printScale : nil)
        return (run.alignments, (run.reference.map { files[$0] } ?? Self.masterFile, run.sizes))
    }

    /// "copy 12" for a copy's booklet file.
    private static func copyName(_ file: String) -> String {
        let digits = ((file as NSString).lastPathComponent as NSString).deletingPathExtension.filter(\.isNumber)
        return Int(digits).map { "copy \($0)" } ?? file
    }

    /// Lines up `page` (1-based) of `student` with the reference page by hand, `move` from where
    /// its boxes sit now (a flagged page's: where the page size puts them): its boxes, answer
    /// regions and stamps follow; one step, undone like any other. Placing boxes is the
    /// instructor's (`editQuestions`). Gives the page's new alignment.
    @discardableResult
    public func alignPage(student: StudentKey, page: Int, by move: HandAlignment) throws -> PageAlignment {
        try permit(.editQuestions)
        let book = try store.gradeBook()
        let id = try book.directory.resolveStudent(key: student)
        let page = try GradingRules.page(page, pages: book.pagesPerStudent)
        let entry = book.students[id.index]
        guard let current = entry.alignment(page: page) else { throw ProjectError.pagesNeverAligned(project: folder) }
        let moved = try move.applied(to: current, reference: book.referencePageSize(page: page), on: book.pageSize(id, page: page))
        try store.change("align \(entry.student.name) page \(page) by hand " + String(format: "(%g,%g,%g°)", move.dx, move.dy, move.degrees)) { writer in
            _ = try writer.directory().resolveStudent(key: student)
            try writer.setAlignment(moved, of: student, page: page)
        }
        return moved
    }
}
