import Foundation
import GraderAssembly
@testable import GraderKit
import ScanFactory
import Testing
import TestSupport

/// A phone photo of a bubble sheet graded on the spot: read against the project's blank and key
/// exactly as `omr` reads the same photo as a scan, the student found by their ID grid (or named),
/// added as that student's sheet and exported; a second photo of a student replaces theirs only when asked.
@Suite("Photographed bubble sheets", .serialized)
struct CaptureTests {
    /// The school form's keys: mc1, mc2 (single), q41 (multiple), q46 (numeric).
    static let keys = ["mc1": "ABCDEABCDEABCDEABCDE", "mc2": "EDCBAEDCBAEDCBAEDCBA", "q41": "AC,B,DE,A,BC", "q46": "042"]

    @Test func photosAreGradedAsOMRGradesThemAndKeptAsTheStudentsSheets() throws {
        let fixture = try CaptureFixture()
        let project = try fixture.project(named: "capture", scans: [fixture.scan])
        let photos = try (0..<3).map { try fixture.photo($0) }

        // Ada is on the roster: her ID grid names her, and she already has a sheet.
        let first = try project.captureSheet(photo: Data(photos[0].jpeg))
        #expect(first.outcome == .alreadyHasSheet)
        #expect(first.student == "Ada Lovelace")
        #expect(first.idRead == CaptureFixture.ids[0])
        let unchanged = try project.gradeBook().students.first { $0.student.name == "Ada Lovelace" }?.scanPath
        #expect(unchanged == "scans/Ada Lovelace.pdf")
        let replaced = try project.captureSheet(photo: Data(photos[0].jpeg), replace: true)
        #expect(replaced.outcome == .replaced)
        #expect(replaced.questions == first.questions)

        // Ben and Cy are not: nothing is kept until they are named.
        let unnamed = try project.captureSheet(photo: Data(photos[1].jpeg))
        #expect(unnamed.outcome == .needsStudent)
        #expect(unnamed.student == nil)
        #expect(unnamed.candidates == ["Ada Lovelace"])
        #expect(try project.gradeBook().students.count == 1)
        let ben = try project.captureSheet(photo: Data(photos[1].jpeg), student: "Ben Okafor")
        let cy = try project.captureSheet(photo: Data(photos[2].jpeg), student: "Cy Young")
        #expect([ben.outcome, cy.outcome] == [.added, .added])
        #expect(ben.questions == unnamed.questions)
        let book = try project.gradeBook()
        #expect(book.students.map(\.student.name) == ["Ada Lovelace", "Ben Okafor", "Cy Young"])
        #expect(book.students[1].student.rosterID == CaptureFixture.ids[1], "the grid's number becomes the new student's id")
        #expect(book.students.map(\.scanPath) == ["scans/Ada Lovelace photo.pdf", "scans/Ben Okafor photo.pdf", "scans/Cy Young photo.pdf"])
        for name in ["Ada Lovelace", "Ben Okafor", "Cy Young"] {
            #expect(FileManager.default.contents(atPath: project.folder + "/photos/\(name) photo.jpg") == Data(photos[["Ada Lovelace", "Ben Okafor", "Cy Young"].firstIndex(of: name)!].jpeg))
        }

        // `omr` on the same photos, as scans of a project of their own, gives the same scores and marks.
        let omr = try fixture.project(named: "omr", scans: photos.map(\.pdf))
        _ = try BubbleRun.run(omr)
        let omrBook = try omr.gradeBook(), captureBook = try project.gradeBook()
        var flagged = 0, read = 0
        for (index, sheet) in [replaced, ben, cy].enumerated() {
            for question in sheet.questions {
                let numbered = try omrBook.resolveQuestion(question.label)
                let omrScore = omrBook.score(numbered.question.id, StudentID(index))
                #expect(captureBook.score(numbered.question.id, StudentID(index)) == omrScore, "\(question.label) of sheet \(index)")
                switch question.mark {
                case .flagged, .noKey: #expect(omrScore == .ungraded, "\(question.label) of sheet \(index)"); flagged += question.mark == .flagged ? 1 : 0
                case .right: #expect(omrScore == .points(numbered.question.maxPoints)); read += 1
                case .wrong: #expect(omrScore.description == question.points, "\(question.label) of sheet \(index)"); read += 1
                }
                #expect(question.x.map { (0...1).contains($0) } == true && question.y.map { (0...1).contains($0) } == true)
            }
            let earned = sheet.questions.compactMap { $0.points.flatMap { Points($0) } }.reduce(Points(quarters: 0), +)
            #expect(sheet.score == earned.description)
        }
        #expect(read >= 120, "most of the 3 × 45 rows read (\(read) read, \(flagged) flagged)")

        // The sheets are exported like any scan's.
        let table = try ScoreTables.export(project, layout: .students, assignment: "Quiz").text
        for (name, sheet) in zip(["Ada Lovelace", "Ben Okafor", "Cy Young"], [replaced, ben, cy]) {
            let line = table.split(separator: "\n").first { $0.hasPrefix(name) }
            #expect(line?.contains(",\(sheet.score),\(sheet.maxPoints),") == true, "\(name): \(line ?? "no row in \(table)")")
        }
    }

    @Test func aPhotoThatIsNotASheetOrAProjectWithoutBubblesIsRefusedByName() throws {
        let fixture = try CaptureFixture()
        let project = try fixture.project(named: "refuse", scans: [fixture.scan])
        let before = try project.changeStamp()
        do {
            _ = try project.captureSheet(photo: Data("%PDF-1.4".utf8), student: "Ben")
            Issue.record("a PDF was taken for a photo")
        } catch {
            #expect(error.localizedDescription.contains("not a JPEG or PNG photo"), "\(error.localizedDescription)")
        }
        #expect(try project.changeStamp() == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.folder).filter { $0.hasPrefix(".capture") }.isEmpty)

        let plain = try TestProject.project(in: fixture.folder, names: ["Anna"])
        #expect(throws: CaptureError.noBubbleBlocks(project: (plain.folder as NSString).lastPathComponent)) {
            _ = try plain.captureSheet(photo: Data(try fixture.photo(0).jpeg))
        }
    }
}

/// The school form's blank, rubric and roster in a folder, a scan of Ada's sheet, and phone photos
/// of three students' sheets (the omr tests' generator), each also as the one-page PDF `omr` reads.
struct CaptureFixture {
    static let design = CommercialSheetDesign.schoolForm
    /// The student numbers bubbled on photos 0, 1, 2 (Ada's is on the roster).
    static let ids = ["1000001", "2000002", "3000003"]
    let folder = TemporaryFolder()
    let scan: String

    init() throws {
        try ScanFactory.writeBlankSheet(Self.design, to: URL(fileURLWithPath: folder.file("blank.pdf")))
        try Data(Self.design.rubric(blankSheet: "blank.pdf").utf8).write(to: URL(fileURLWithPath: folder.file("rubric.yaml")))
        try Data("file,name,id\nAda Lovelace.pdf,Ada Lovelace,\(Self.ids[0])\n".utf8)
            .write(to: URL(fileURLWithPath: folder.file("roster.csv")))
        try FileManager.default.createDirectory(atPath: folder.file("scans"), withIntermediateDirectories: true)
        scan = folder.file("scans/Ada Lovelace.pdf")
        try ScanFactory.writeFilledSheet(Self.design, marks: Self.marks(0), capture: .scan(), seed: 7, to: URL(fileURLWithPath: scan))
    }

    /// Random marks with student number `ids[index]`.
    static func marks(_ index: Int) -> [String: [BubbleMark]] {
        var marks = ScanFactory.randomSheetMarks(design, difficulty: 0.2, seed: UInt64(31 + index))
        marks["student-id"] = ids[index].map { .filled(Int(String($0))!) }
        return marks
    }

    /// Photo `index`: its JPEG (what the phone sends) and the PDF page of it (what `omr` reads).
    func photo(_ index: Int) throws -> (jpeg: [UInt8], pdf: String) {
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
    func project(named name: String, scans: [String]) throws -> GradingProject {
        let project = try GradingProject.create(folder.file("\(name).ezgrader"), scans: scans, rosterPath: scans == [scan] ? folder.file("roster.csv") : nil,
                                                rubricPath: folder.file("rubric.yaml"), grader: try Grader("prof"))
        for (block, answers) in CaptureTests.keys { _ = try project.setAnswerKey(block: block, answers: answers) }
        return project
    }
}

enum CaptureFixtureError: Error { case noJPEG(String) }
