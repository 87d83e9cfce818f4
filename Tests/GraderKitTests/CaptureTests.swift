import Foundation
import GraderAlignment
@testable import GraderKit
import GraderPDF
import ScanFactory
import Testing
import TestSupport

/// A phone photo of a bubble sheet graded on the spot: read against the project's blank and key
/// exactly as `omr` reads the same photo as a scan, the student found by their ID grid or the number
/// they wrote in the ID boxes (or named),
/// added as that student's sheet and exported; a second photo of a student replaces theirs only when asked;
/// a killed capture's work folder does not outlive the next opening of the project.
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

    @Test func theStudentIsNamedByTheNumberWrittenInTheIDBoxesAndADoubtfulOneIsOfferedNotGuessed() throws {
        let fixture = try HandwrittenCaptureFixture()
        let project = try fixture.project()

        // Student 3 wrote their number: they are named; they already have a sheet, so it asks first.
        let sure = try fixture.photo(0, number: IDBoxClass.roster[3])
        let named = try project.captureSheet(photo: Data(sure.jpeg))
        #expect(named.outcome == .alreadyHasSheet && named.student == "Student 3")
        #expect(named.handwrittenRead == IDBoxClass.roster[3])
        #expect(named.likely.isEmpty && named.candidates.isEmpty)
        let replaced = try project.captureSheet(photo: Data(sure.jpeg), replace: true)
        #expect(replaced.outcome == .replaced && replaced.student == "Student 3")
        #expect(try project.gradeBook().students[3].scanPath == "scans/Student 3 photo.pdf")

        // A number two digits off Student 1's: nobody is named and nothing kept; the three likeliest
        // are offered with their probabilities, best first, then everyone else to choose from.
        let before = try project.changeStamp()
        let doubtfulPhoto = try fixture.photo(1, number: "20263317")
        let doubtful = try project.captureSheet(photo: Data(doubtfulPhoto.jpeg))
        #expect(doubtful.outcome == .needsStudent && doubtful.student == nil)
        #expect(doubtful.handwrittenRead == "20263317", "read through the photo's placement")
        #expect(doubtful.likely.count == 3)
        #expect(doubtful.likely.first?.name == "Student 1" && doubtful.likely.first?.rosterID == IDBoxClass.roster[1], "\(doubtful.likely)")
        #expect(doubtful.likely.map(\.probability) == doubtful.likely.map(\.probability).sorted(by: >))
        #expect(doubtful.likely.allSatisfy { (0...1).contains($0.probability) })
        #expect(Array(doubtful.candidates.prefix(3)) == doubtful.likely.map(\.name) && doubtful.candidates.count == 6)
        #expect(try project.changeStamp() == before)
        // One tap on the likeliest names them (who has a sheet: asked before replacing).
        let tapped = try project.captureSheet(photo: Data(doubtfulPhoto.jpeg), student: doubtful.likely[0].rosterID)
        #expect(tapped.outcome == .alreadyHasSheet && tapped.student == "Student 1")

        // Boxes left empty: nobody offered, only the chooser.
        let blank = try project.captureSheet(photo: Data(fixture.photo(2, number: "").jpeg))
        #expect(blank.outcome == .needsStudent && blank.handwrittenRead == "________")
        #expect(blank.likely.isEmpty && blank.candidates.count == 6)
    }

    @Test func aSheetOnATableFillingEightyFivePercentOfTheCameraFrameIsFoundAlignedAndItsWrittenNumberRead() throws {
        let fixture = try HandwrittenCaptureFixture()
        let project = try fixture.project()
        // The phone's camera frame: the photo (taken 8° off square) at 85 % of the frame's width, on a dark table.
        let framed = try fixture.framedPhoto(1, number: "20263317")
        let doubtful = try project.captureSheet(photo: Data(framed.frame.jpeg))
        #expect(doubtful.outcome == .needsStudent && doubtful.handwrittenRead == "20263317")
        #expect(doubtful.likely.first?.name == "Student 1", "\(doubtful.likely)")
        #expect(doubtful.problems.isEmpty, "\(doubtful.problems)")

        // Kept as Student 1's sheet, its page is aligned to the first student's through the photo's
        // perspective: the ID boxes' outer corners land within 6 pt of where the frame shows them
        // (4.9 and 5.1 pt: what the page's one similarity leaves of a perspective it cannot follow).
        _ = try project.captureSheet(photo: Data(framed.frame.jpeg), student: "Student 1", replace: true)
        let entry = try #require(try project.gradeBook().students.first { $0.student.name == "Student 1" })
        let alignment = try #require(entry.alignment(page: 1))
        let transform = try #require(alignment.transform, "the photo's page was flagged: \(alignment)")
        #expect(alignment.score >= PageRegistrar.acceptedScore)
        let page = try PDFDocument(path: project.folder + "/" + entry.scanPath).page(at: 0).size
        let box = HandwrittenCaptureFixture.field.outline
        for corner in [PagePoint(x: box.origin.x, y: box.origin.y), PagePoint(x: box.origin.x + box.width, y: box.origin.y + box.height)] {
            let placed = transform.apply(corner), truth = framed.onFrame(corner)
            let off = hypot(placed.x - truth.x * page.width, placed.y - truth.y * page.height)
            #expect(off <= 6, "the boxes' corner \(corner) placed \(off) pt from the frame's")
        }
    }

    @Test func aKilledCaptureLeavesNothingBehindOnceTheProjectIsOpenedAgain() throws {
        let fixture = try CaptureFixture()
        let project = try fixture.project(named: "killed", scans: [fixture.scan])
        // The work folder of a capture killed half-way (its process has ended), and one of a capture
        // still going in this process (a server reads several photos at once).
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let killed = project.folder + "/.capture.\(ended.processIdentifier).\(UUID().uuidString)", going = project.folder + "/.capture.\(getpid()).\(UUID().uuidString)"
        for folder in [killed, going] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
            try Data(try fixture.photo(1).jpeg).write(to: URL(fileURLWithPath: folder + "/photo.jpg"))
        }
        _ = try GradingProject.open(project.folder, as: Grader("prof"))
        #expect(!FileManager.default.fileExists(atPath: killed), "the killed capture's folder is removed when the project is opened")
        #expect(FileManager.default.fileExists(atPath: going), "a capture still going keeps its folder")

        // A capture leaves no folder of its own, and clears a killed one too.
        try FileManager.default.createDirectory(atPath: killed, withIntermediateDirectories: false)
        _ = try project.captureSheet(photo: Data(try fixture.photo(1).jpeg), student: "Ben Okafor")
        let hidden = try FileManager.default.contentsOfDirectory(atPath: project.folder).filter { $0.hasPrefix(".capture") }
        #expect(hidden == [(going as NSString).lastPathComponent])
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.folder + "/scans").sorted() == ["Ada Lovelace.pdf", "Ben Okafor photo.pdf"])
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
