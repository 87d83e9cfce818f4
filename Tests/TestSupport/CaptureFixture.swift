import Foundation
import GraderAssembly
import GraderKit
import ScanFactory

/// The school form's blank, rubric and roster in a folder, a scan of Ada's sheet, and phone photos
/// of three students' sheets (the omr tests' generator), each also as the one-page PDF `omr` reads.
public struct CaptureFixture {
    public static let design = CommercialSheetDesign.schoolForm
    /// The school form's keys: mc1, mc2 (single), q41 (multiple), q46 (numeric).
    public static let keys = ["mc1": "ABCDEABCDEABCDEABCDE", "mc2": "EDCBAEDCBAEDCBAEDCBA", "q41": "AC,B,DE,A,BC", "q46": "042"]
    /// The student numbers bubbled on photos 0, 1, 2 (Ada's is on the roster).
    public static let ids = ["1000001", "2000002", "3000003"]
    /// The folder holding it all (and the projects made).
    public let folder = TemporaryFolder()
    /// Ada's scanned sheet (her number on the roster).
    public let scan: String

    /// Writes the blank, rubric, roster and Ada's scan.
    public init() throws {
        try ScanFactory.writeBlankSheet(Self.design, to: URL(fileURLWithPath: folder.file("blank.pdf")))
        try Data(Self.design.rubric(blankSheet: "blank.pdf").utf8).write(to: URL(fileURLWithPath: folder.file("rubric.yaml")))
        try Data("file,name,id\nAda Lovelace.pdf,Ada Lovelace,\(Self.ids[0])\n".utf8)
            .write(to: URL(fileURLWithPath: folder.file("roster.csv")))
        try FileManager.default.createDirectory(atPath: folder.file("scans"), withIntermediateDirectories: true)
        scan = folder.file("scans/Ada Lovelace.pdf")
        try ScanFactory.writeFilledSheet(Self.design, marks: Self.marks(0), capture: .scan(), seed: 7, to: URL(fileURLWithPath: scan))
    }

    /// Random marks with student number `ids[index]`.
    public static func marks(_ index: Int) -> [String: [BubbleMark]] {
        var marks = ScanFactory.randomSheetMarks(design, difficulty: 0.2, seed: UInt64(31 + index))
        marks["student-id"] = ids[index].map { .filled(Int(String($0))!) }
        return marks
    }

    /// Photo `index`: its JPEG (what the phone sends) and the PDF page of it (what `omr` reads).
    public func photo(_ index: Int) throws -> (jpeg: [UInt8], pdf: String) {
        let pdf = folder.file("photo-\(index).pdf")
        if !FileManager.default.fileExists(atPath: pdf) {
            let placement = BubbleSheetPlacement(offsetX: [0, 6, -5][index], offsetY: [4, -6, 0][index], rotationDegrees: [1, -1.5, 0.5][index], scale: 1)
            try ScanFactory.writeFilledSheet(Self.design, marks: Self.marks(index), capture: .photo(placement), seed: UInt64(40 + index),
                                             to: URL(fileURLWithPath: pdf))
        }
        guard let jpeg = ScanImageReader(path: pdf, password: nil)?.wholePageJPEG(page: 0) else { throw CaptureFixtureError.noJPEG(pdf) }
        return (jpeg.bytes, pdf)
    }

    /// A project of `scans` with the school form's rubric, roster and keys.
    public func project(named name: String, scans: [String]) throws -> GradingProject {
        let project = try GradingProject.create(folder.file("\(name).ezgrader"), scans: scans, rosterPath: scans == [scan] ? folder.file("roster.csv") : nil,
                                                rubricPath: folder.file("rubric.yaml"), grader: try Grader("prof"))
        for (block, answers) in Self.keys { _ = try project.setAnswerKey(block: block, answers: answers) }
        return project
    }
}

/// A generated photo without its JPEG.
public enum CaptureFixtureError: Error { case noJPEG(String) }
