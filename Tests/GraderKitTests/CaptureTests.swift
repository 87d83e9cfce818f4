import Foundation
@testable import GraderKit
import ScanFactory
import Testing
import TestSupport

/// A phone photo of a bubble sheet graded on the spot: read against the project's blank and key
/// exactly as `omr` reads the same photo as a scan, the student found by their ID grid (or named),
/// added as that student's sheet and exported; a second photo of a student replaces theirs only when asked.
@Suite("Photographed bubble sheets", .serialized)
struct CaptureTests {
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
            let line = table.split(whereSeparator: \.isNewline).first { $0.hasPrefix(name) }
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
