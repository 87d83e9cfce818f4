import Foundation
import GraderCore
import GraderFiles
import GraderPDF

/// `.ezgrader-export.json` in an export folder: each file's fingerprint (SHA-256 of what its
/// grade layer draws, its scan and the options), so a later export rewrites only what changed.
struct ExportManifest {
    let path: String
    private var fingerprints: [String: String]

    init(folder: String) {
        path = (folder as NSString).appendingPathComponent(".ezgrader-export.json")
        fingerprints = (FileManager.default.contents(atPath: path)).flatMap { try? JSONDecoder().decode([String: String].self, from: $0) } ?? [:]
    }

    /// True when `file` in `folder` is there and was written from `fingerprint`.
    func isCurrent(_ file: String, _ fingerprint: String, in folder: String) -> Bool {
        fingerprints[file] == fingerprint && FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(file))
    }

    mutating func record(_ file: String, _ fingerprint: String) { fingerprints[file] = fingerprint }

    func save() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try AtomicFile.write(try encoder.encode(fingerprints), to: path)
    }

    /// What a student's exported file depends on, hashed.
    static func fingerprint(book: GradeBook, student: StudentID, covers: [PageMarks]) -> String {
        let entry = book.students[student.index]
        var description = "v2|\(covers)|\(entry.scanPath)|\(entry.alignments.map(\.upsideDown))|"
        for page in 1...max(book.pagesPerStudent, 1) where book.pagesPerStudent > 0 {
            description += "\(GradeLayer.marks(book, student: student, page: page))|"
        }
        return FileDigest.sha256(of: Data(description.utf8))
    }
}
