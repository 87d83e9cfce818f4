import Foundation
import GraderAssembly
import GraderCodes
import GraderCore
import GraderFiles
import GraderPDF

/// Print-ready copies of an exam: every page of every copy carries a QR code of the exam, the
/// copy and the page, with the same in text beside it; the exam's own pages are copied untouched
/// and the codes laid over them (page assembly, as exports lay the grade layer).
public enum ExamPreparation {
    /// What was printed.
    public struct Prepared: Sendable, Equatable {
        /// The exam id on every code.
        public let exam: String
        /// Copies printed.
        public let copies: Int
        /// Pages in each copy.
        public let pages: Int
        /// The students copies 1, 2, … are for (roster order); empty without a roster.
        public let students: [String]
        /// The version each copy is, copy 1 first; empty for an exam of one version.
        public var versions: [String] = []
    }

    /// Writes `copies` coded copies of `examPaths` to `outputPath` (atomically): one exam, or
    /// with `versioned` its versions A, B, … (2 to 26, the same number of pages each), handed out
    /// to the copies by `spread`, each code carrying its copy's version. With a
    /// roster, copy N is for the roster's N-th student, whose name is printed on its page 1;
    /// `codeAt` is the code's top-left corner (default: the top-right corner, code and text at
    /// least 10 mm from every edge — `PageCodePlacement`); `examID` defaults to a fresh random id.
    public static func prepare(exams examPaths: [String], versioned: Bool = false, spread: VersionSpread = .seats, copies: Int?,
                               rosterPath: String?, codeAt: PagePoint?, examID: String?, to outputPath: String) throws -> Prepared {
        guard versioned ? (2...VersionSpread.mostVersions).contains(examPaths.count) : examPaths.count == 1 else {
            throw BulkError.badVersionCount(examPaths.count)
        }
        let roster = try rosterPath.map { path throws(RosterError) in try Roster(contentsOf: path) }
        let count = copies ?? roster?.entries.count ?? 1
        guard (1...9999).contains(count) else { throw BulkError.badCopyCount(count) }
        if let roster, roster.entries.count > count {
            throw BulkError.rosterLargerThanCopies(roster: roster.path, students: roster.entries.count, copies: count)
        }
        let exam = examID ?? freshExamID()
        guard PageCode.isValidExamID(exam) else { throw BulkError.badExamID(exam) }
        let sizes = try examPaths.map { path in
            let document = try PDFDocument(path: path)
            return try (0..<document.pageCount).map { try document.page(at: $0).size }
        }
        for (path, pages) in zip(examPaths, sizes) where pages.count != sizes[0].count {
            throw BulkError.versionPagesDiffer(path: path, found: pages.count, first: examPaths[0], expected: sizes[0].count)
        }
        let pageCount = sizes[0].count
        let versionOf = examPaths.count == 1 ? Array(repeating: 0, count: count) : spread.versions(copies: count, versions: examPaths.count)
        func name(_ copy: Int) -> String? { examPaths.count == 1 ? nil : VersionSpread.name(ofVersion: versionOf[copy - 1]) }
        let codeSide = PageCodePlacement.codeSide
        var labels: [CodeLabel] = []
        for copy in 1...count {
            for (index, size) in sizes[versionOf[copy - 1]].enumerated() {
                let code = PageCode(exam: exam, copy: copy, copies: count, page: index + 1, pages: pageCount, version: name(copy))!
                let matrix = try QREncoder.matrix(for: code.text)
                let at = codeAt ?? PageCodePlacement.defaultCorner(on: size, side: codeSide, quiet: CodeLabel.quietZone(side: codeSide, matrix: matrix))
                guard at.x >= 0, at.y >= 0, at.x + codeSide + 6 <= size.width, at.y + codeSide + 30 <= size.height else {
                    throw BulkError.codeOffPage(x: at.x, y: at.y, page: index + 1, width: size.width, height: size.height)
                }
                let student = index == 0 ? roster?.entries.dropFirst(copy - 1).first?.student.name : nil
                labels.append(CodeLabel(size: size, matrix: matrix, at: at, side: codeSide, text: code.label, name: student))
            }
        }
        let layer = AtomicFile.temporaryPath(for: outputPath + ".codes")
        defer { unlink(layer) }
        try CodeLayerWriter.write(labels, to: layer)
        let pages = (0..<count * pageCount).map {
            MergePlan.Page(source: versionOf[$0 / pageCount], pageIndex: $0 % pageCount, overlay: .init(source: examPaths.count, pageIndex: $0))
        }
        try PageAssembler.write(MergePlan(sources: examPaths.map { .init(path: $0) } + [.init(path: layer)], pages: pages), to: outputPath)
        return Prepared(exam: exam, copies: count, pages: pageCount, students: roster?.entries.map(\.student.name) ?? [],
                        versions: examPaths.count == 1 ? [] : (1...count).compactMap(name))
    }

    /// Six characters no one confuses when reading them aloud (no 0/O, 1/I/L).
    static func freshExamID() -> String {
        let alphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<6).map { _ in alphabet[Int(generator.next(upperBound: UInt64(alphabet.count)))] })
    }
}
