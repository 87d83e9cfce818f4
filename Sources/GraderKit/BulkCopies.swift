import Foundation
import GraderAssembly
import GraderCore
import GraderPDF
import GraderStore

/// Bringing bulk scans into a project and turning complete copies into students.
extension GradingProject {
    /// Copies bulk scans into `bulk/` (each its own file, with its SHA-256), named after the
    /// originals and distinct from the `existing` ones.
    func importBulkScans(_ files: [String], after existing: [BulkState.Scan] = []) throws -> [(scan: BulkState.Scan, digest: String)] {
        let taken = Set(existing.map { ($0.file as NSString).lastPathComponent.lowercased() })
        var imported: [(scan: BulkState.Scan, digest: String)] = []
        do {
            for file in files {
                let base = SafeFileName.make(((file as NSString).lastPathComponent as NSString).deletingPathExtension)
                var name = base + ".pdf", number = 1
                while taken.contains(name.lowercased()) || imported.contains(where: { $0.scan.file == "bulk/" + name }) {
                    number += 1
                    name = "\(base) (\(number)).pdf"
                }
                let stored = "bulk/" + name
                let digest = try ScanImport.importScan(file, to: folder + "/" + stored, password: nil)
                let pages = try PDFDocument(path: folder + "/" + stored).pageCount
                imported.append((BulkState.Scan(file: stored, original: (file as NSString).lastPathComponent, pages: pages), digest))
            }
        } catch {
            for (scan, _) in imported { unlink(folder + "/" + scan.file) }
            throw error
        }
        return imported
    }

    /// Runs `body` as one change, together with making a student of every copy complete in
    /// `next` that is not one yet: its booklet is assembled first (pages copied untouched,
    /// turned upright by /Rotate), and removed again when the change fails. A copy whose codes
    /// name a version of the project is then given it.
    func record(_ description: String, to next: BulkState, _ body: (ProjectWriter) throws -> Void) throws {
        let sort = next.sort
        let fresh = sort.completeCopies.filter { next.known($0)?.key == nil }
        let outputs = fresh.map { copy in
            PageAssembler.SplitOutput(
                pages: sort.pages(of: copy)!.map { MergePlan.Page(source: $0.ref.scan, pageIndex: $0.ref.pageIndex, turn: $0.rotation) },
                path: folder + "/" + Self.copyFile(copy))
        }
        try PageAssembler.split(next.scans.map { .init(path: folder + "/" + $0.file) }, into: outputs)
        do {
            var made: [(copy: Int, digest: String, sizes: [PageSize])] = []
            for (copy, output) in zip(fresh, outputs) {
                let document = try PDFDocument(path: output.path)
                let sizes = try (0..<document.pageCount).map { try document.page(at: $0).size }
                guard let digest = FileDigest.sha256(ofFile: output.path) else {
                    throw ProjectError.importFailed(path: output.path, detail: "the copy's booklet cannot be read back")
                }
                made.append((copy, digest, sizes))
            }
            // Every page aligned like any other project's: to the exam as printed, or the first complete copy.
            let aligned = try alignCopies(fresh.map(Self.copyFile))
            try store.change(description) { writer in
                try body(writer)
                if let reference = aligned.newReference { try writer.setReference(scanFile: reference.scan, pageSizes: reference.sizes) }
                var names = Set(try writer.directory().students.map(\.student.nameKey))
                for ((copy, digest, sizes), alignments) in zip(made, aligned.alignments) {
                    var student = next.known(copy)?.student ?? Student(name: "Copy \(copy)")
                    if names.contains(student.nameKey) { student = Student(name: "Copy \(copy)") }
                    names.insert(student.nameKey)
                    let key = try writer.insertStudent(student, scanFile: Self.copyFile(copy), sha256: digest, pageSizes: sizes)
                    try writer.setPageSources(key, sort.pages(of: copy)!.map {
                        (file: next.scans[$0.ref.scan].file, pageIndex: $0.ref.pageIndex, rotation: $0.rotation)
                    }, alignments: alignments)
                    try writer.linkCopy(copy, to: key)
                }
            }
        } catch {
            for output in outputs { unlink(output.path) }
            throw error
        }
        if !fresh.isEmpty { try giveVersionsFromCodes() }
    }

    /// Where copy `copy`'s booklet is kept in the project.
    static func copyFile(_ copy: Int) -> String { String(format: "scans/copy-%04d.pdf", copy) }
}
