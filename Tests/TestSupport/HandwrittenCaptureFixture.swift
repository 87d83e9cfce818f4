import Foundation
import GraderAssembly
import GraderCore
import GraderKit
import ScanFactory

/// The school form with eight boxes printed between its name box and its answers for the student
/// number written by pen, a class of six (Student 0…5, `IDBoxClass.roster`'s numbers) each with a
/// scanned sheet, and phone photos of sheets whose student wrote a number in the boxes and left the
/// ID grid blank (the capture tests' generator).
public struct HandwrittenCaptureFixture {
    /// Where the boxes are printed.
    public static let field = IDBoxField(id: "number", page: 1, left: 84, top: 236, boxWidth: 20, boxHeight: 26, pitch: 23, count: 8)
    /// The class: names and their roster numbers.
    public static let students = (0..<6).map { (name: "Student \($0)", id: IDBoxClass.roster[$0]) }
    /// The folder holding the blank, rubric, roster, `scans/`, the photos and the projects made.
    public let folder: TemporaryFolder

    /// Writes the blank (with the boxes), the rubric (bubbles and `id_boxes`), the roster and the class's scans into `folder`.
    public init(in folder: TemporaryFolder = TemporaryFolder()) throws {
        self.folder = folder
        let design = CaptureFixture.design, field = Self.field
        try ScanFactory.writeBlankSheet(design, idBoxes: field, to: URL(fileURLWithPath: folder.file("blank.pdf")))
        let rubric = design.rubric(blankSheet: "blank.pdf") + "id_boxes:\n  - id: \(field.id)\n    page: 1\n    at: \(Int(field.left)),\(Int(field.top))\n"
            + "    size: \(Int(field.boxWidth)),\(Int(field.boxHeight))\n    pitch: \(Int(field.pitch))\n    count: \(field.count)\n"
        try rubric.write(toFile: folder.file("rubric.yaml"), atomically: true, encoding: .utf8)
        let roster = "file,name,id\n" + Self.students.map { "\($0.name).pdf,\($0.name),\($0.id)" }.joined(separator: "\n") + "\n"
        try roster.write(toFile: folder.file("roster.csv"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder.file("scans"), withIntermediateDirectories: true)
        for (index, student) in Self.students.enumerated() {
            try ScanFactory.writeFilledSheet(design, marks: Self.marks(index), capture: .scan(), seed: UInt64(70 + index),
                                             written: Self.written(student.id, by: index), to: URL(fileURLWithPath: folder.file("scans/\(student.name).pdf")))
        }
    }

    /// Random answers, the ID grid blank.
    static func marks(_ index: Int) -> [String: [BubbleMark]] {
        var marks = ScanFactory.randomSheetMarks(CaptureFixture.design, difficulty: 0.2, seed: UInt64(61 + index))
        marks["student-id"] = []
        return marks
    }

    /// `number` in the boxes, in the pen hand `hand` (one per student).
    static func written(_ number: String, by hand: Int) -> IDFieldScan.WrittenNumber {
        IDFieldScan.WrittenNumber(number, in: field, writer: .pen(PenHand(seed: UInt64(hand) + 500)))
    }

    /// The class's project (their scans, roster, rubric and the school form's keys), as `prof`.
    public func project(named name: String = "class") throws -> GradingProject {
        let project = try GradingProject.create(folder.file("\(name).ezgrader"), scans: [folder.file("scans")], rosterPath: folder.file("roster.csv"),
                                                rubricPath: folder.file("rubric.yaml"), grader: try Grader("prof"))
        for (block, answers) in CaptureFixture.keys { _ = try project.setAnswerKey(block: block, answers: answers) }
        return project
    }

    /// A phone photo (`photo-<index>.jpg` in the folder, and its PDF page) of a sheet with `number`
    /// written in its boxes in hand `index`, its answers those of `marks(index)`; and where the
    /// printed sheet landed on it.
    @discardableResult
    public func photo(_ index: Int, number: String) throws -> (jpeg: [UInt8], pdf: String, truth: FilledSheetTruth) {
        let pdf = folder.file("photo-\(index).pdf")
        let placement = BubbleSheetPlacement(offsetX: [3, -4, 5][index % 3], offsetY: [-5, 3, 2][index % 3], rotationDegrees: [-1, 1.5, 0.5][index % 3], scale: 1)
        let truth = try ScanFactory.writeFilledSheet(CaptureFixture.design, marks: Self.marks(index), capture: .photo(placement), seed: UInt64(90 + index),
                                                     written: Self.written(number, by: index), to: URL(fileURLWithPath: pdf))
        guard let jpeg = ScanImageReader(path: pdf, password: nil)?.wholePageJPEG(page: 0) else { throw CaptureFixtureError.noJPEG(pdf) }
        try Data(jpeg.bytes).write(to: URL(fileURLWithPath: folder.file("photo-\(index).jpg")))
        return (jpeg.bytes, pdf, truth)
    }

    /// The camera's frame of photo `index` (`photo(_:number:)`) lying on a table at 85 % of the
    /// frame's width, as the phone's capture view sends it (the browser tests' camera plays the
    /// same); and where a point of the printed sheet lies on the frame, as shares of its width and height.
    public func framedPhoto(_ index: Int, number: String) throws -> (frame: CameraFrame, onFrame: (PagePoint) -> (x: Double, y: Double)) {
        let photo = try photo(index, number: number)
        let frame = try CameraFrame(photo: photo.jpeg), sheet = CaptureFixture.design.pageWidth
        return (frame, { frame.onFrame(photo.truth.captured($0), pageWidth: sheet) })
    }
}
