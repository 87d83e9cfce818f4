import Foundation
import GraderKit
import ScanFactory
import Testing
import TestSupport

/// The grading view in real headless Chromium (Selenium scripts in Tests/Browser): grading
/// three students by keyboard, placing and dragging a box, a pen stroke with pressure erased and
/// undone, a second browser seeing a score appear, a missing token and a foreign Host refused
/// (grading_test.py); three graders splitting a 60-student question and a conflict shown in place
/// (team_test.py); a course set up from scanned PDFs without the command line: boxes dragged out,
/// questions renamed, rubric items, a roster, anonymity by covering the name (course_test.py); sixty
/// students graded by pen and touch alone at six tablet sizes, never a key (tablet_test.py). Rubric stamps placed, dragged and removed by pen, finger and mouse on a tablet-sized window, a palm refused, and moved and deleted in the Page view (stamps_test.py). TAs invited by personal links over HTTPS, each in their role, one revoked (invite_test.py). A pressure ramp as
/// wide on screen as in the exported PDF, palm rejection, the highlighter, the lasso and the pen-to-paint
/// latency, with CDP pen and touch events (ink_test.py). Three bubble sheets graded by a TA's phone camera (a fake camera playing generated photos) at 390×844, marks equal to `omr`'s, kept and exported (capture_test.py). A page turned 16° that did not align, lined up
/// by hand over the reference print by keys and a drag, and by three matching points, at laptop and tablet sizes, undone and redone (align_test.py). Copies left for review by their handwritten
/// student number confirmed by key and by tap (idreview_test.py). A score written by pen in the score pad, read and given by one tap (penscore_test.py). Graded work e-mailed from the Return view through a real SMTP server (return_test.py). A question graded by answer groups (groups_test.py). Every check reads the project back through the command line or the API.
/// Screenshots land in `.build/browser-screenshots/`. Needs chromium, chromium-driver and
/// selenium (scripts/install-deps).
@Suite(.serialized) struct BrowserTests {
    @Test func gradingInTheBrowser() throws { try runBrowserScript("grading_test.py") }

    @Test func gradingAsATeamInThreeBrowsers() throws { try runBrowserScript("team_test.py") }

    @Test func settingUpACourseInTheBrowser() throws { try runBrowserScript("course_test.py") }

    @Test func stampingRubricItemsInTheBrowser() throws { try runBrowserScript("stamps_test.py") }

    @Test func gradingOnATabletByPenAndTouch() throws { try runBrowserScript("tablet_test.py") }

    @Test func invitedTAsOverHTTPSEachInTheirRole() throws { try runBrowserScript("invite_test.py") }

    @Test func inkAsThePenWroteIt() throws { try runBrowserScript("ink_test.py") }

    @Test func gradingBubbleSheetsWithAPhoneCamera() throws { try runBrowserScript("capture_test.py") }
    /// Sheets whose student wrote their number by pen in the ID boxes, photographed by a phone (capture_id_test.py):
    /// Student 3's number names them; a number two digits off Student 1's offers the three likeliest, one picked by a tap.
    @Test func identifyingTheStudentByTheirWrittenNumberOnThePhone() throws {
        let fixture = try HandwrittenCaptureFixture(in: TemporaryFolder())
        _ = try fixture.photo(0, number: IDBoxClass.roster[3])
        _ = try fixture.photo(1, number: "20263317")
        try runBrowserScript("capture_id_test.py", work: fixture.folder)
    }

    @Test func liningUpAFlaggedPageByHandInTheBrowser() throws {
        let work = TemporaryFolder(), mm = 72 / 25.4
        // The exam as printed, two students, and Eve's page 1 turned 16° (past what alignment reaches).
        let turned = CopierPlacement(dx: 7 * mm, dy: -5 * mm, rotationDegrees: 16)
        try ScanFactory.writeTruthBooklet(to: URL(fileURLWithPath: work.file("master.pdf")), studentName: nil, studentNumber: 0,
                                          placements: [CopierPlacement(), CopierPlacement()], dpi: 72)
        for (index, (name, first)) in [("Ann", CopierPlacement(dx: 3, dy: -2)), ("Eve", turned)].enumerated() {
            try ScanFactory.writeTruthBooklet(to: URL(fileURLWithPath: work.file("\(name).pdf")), studentName: name, studentNumber: index + 1,
                                              placements: [first, CopierPlacement()], dpi: 72)
        }
        // Where the two score boxes are printed on the exam and on Eve's page, and the move that lines it up.
        let printed = [ScanFactory.scoreBoxOrigin(page: 1, slot: 0), ScanFactory.scoreBoxOrigin(page: 1, slot: 1)]
        let onEve = printed.map { turned.apply($0) }, centre = turned.apply((306, 396))
        // Three points a grader would click on the print: two frames' top-left corners and the second frame's bottom-right (90 × 40 pt).
        let points = printed + [(x: printed[1].x + 90, y: printed[1].y + 40)]
        let truth: [String: Any] = ["printed": printed.map { [$0.x, $0.y] }, "onPage": onEve.map { [$0.x, $0.y] },
                                    "degrees": turned.rotationDegrees, "dx": centre.x - 306, "dy": centre.y - 396,
                                    "pairs": points.map { [[$0.x, $0.y], [turned.apply($0).x, turned.apply($0).y]] }]
        try JSONSerialization.data(withJSONObject: truth).write(to: URL(fileURLWithPath: work.file("truth.json")))
        try runBrowserScript("align_test.py", work: work)

        // Read back through the project: Eve's boxes on her printed frames, her page no longer flagged.
        let project = try GradingProject.open(work.file("align.ezgrader"), as: Grader("check"))
        let eve = try #require(project.gradeBook().students.first { $0.student.name == "Eve" })
        #expect(eve.alignment(page: 1)?.byHand == true)
        for (question, frame) in zip(try project.directory().questions, onEve) {
            let placed = try project.placement(of: question.question.id, for: eve.key).box.origin
            #expect(hypot(placed.x - frame.x, placed.y - frame.y) <= 4, "\(question.name): box at \(placed), printed at \(frame)")
        }
    }

    /// Copies whose handwritten student number was not read surely, confirmed by key and by tap (idreview_test.py):
    /// page 1 of each copy written by pen, four numbers on the roster, one half written, one off it.
    @Test func confirmingHandwrittenStudentNumbersInTheBrowser() throws {
        let work = TemporaryFolder()
        try IDBoxClass.write(in: work, written: Array(IDBoxClass.roster.prefix(4)) + ["20260___", "20175531"])
        try runBrowserScript("idreview_test.py", work: work)
    }

    /// A score written by pen in the tablet's score pad, read, offered and given by one tap; 12 on a question worth 10
    /// said and not offered; at 820×1180 by pen and 390×844 by finger (penscore_test.py). The script chooses, through the
    /// server's reader, which of these generated hands it writes with.
    @Test func writingAScoreByPenInTheScorePad() throws {
        let work = TemporaryFolder()
        var written: [String: [[[[Double]]]]] = [:]
        for text in ["7", "9", "12"] {
            written[text] = (0..<8).map { hand in
                PenScoreStrokes.strokes(writing: text, hand: PenHand(seed: 7_300 + UInt64(hand)), left: 14, top: 6, height: 44, seed: 5).map { $0.map { [$0.x.rounded(), $0.y.rounded()] } }
            }
        }
        try JSONSerialization.data(withJSONObject: written).write(to: URL(fileURLWithPath: work.file("pen-scores.json")))
        try runBrowserScript("penscore_test.py", work: work)
    }

    /// The instructor's Return view (return_test.py) against a real SMTP server (aiosmtpd, STARTTLS
    /// and AUTH): a student's message previewed, "Send all" followed to its end, exactly one message
    /// for each student with an address, each with their own PDF; a second "Send all" sends nothing.
    @Test func returningGradedWorkByEmailInTheBrowser() throws {
        let work = TemporaryFolder()
        let server = try TestMailServer(in: work)
        try JSONSerialization.data(withJSONObject: ["port": server.port, "certificate": server.certificate, "mailbox": server.mailbox])
            .write(to: URL(fileURLWithPath: work.file("smtp.json")))
        try runBrowserScript("return_test.py", work: work)
        let received = try server.received()
        let project = try GradingProject.open(work.file("class.ezgrader"), as: Grader("check"))
        let addressed = try project.gradeBook().students.filter { $0.student.email?.isEmpty == false }
        #expect(addressed.count == 5)
        #expect(received.compactMap { $0.rcpt_tos?.first }.sorted() == addressed.compactMap(\.student.email).sorted(), "one message each")
        for message in received {
            let file = try #require(message.attachments.first?.name)
            #expect(server.attachment(message.number) == FileManager.default.contents(atPath: project.returnedFolder + "/" + file), "\(file)")
        }
    }

    /// A question graded by answer groups (groups_test.py): eight generated copies of a quiz, the letter
    /// question's three C's and three blanks suggested as groups, each confirmed and graded by keys as
    /// one step, seen live in a tablet's browser, the scores read back by `export csv`, and the last
    /// group's grade undone as one step; laptop (1366×768) and tablet (820×1180) screenshots.
    @Test func gradingAQuestionByAnswerGroupsInTheBrowser() throws {
        let work = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: work.file("in"), withIntermediateDirectories: true)
        for (index, letter) in ["C", nil, "C", "A", nil, "C", nil, "D"].enumerated() {
            try AnswerSheetScan.writePage(to: URL(fileURLWithPath: work.file("in/s\(index + 1).pdf")),
                                          AnswerSheetScan.Answers(number: "42", word: "Paris", letter: letter, derivation: index % 2 == 0), student: index)
        }
        try AnswerSheetScan.writeBlank(to: URL(fileURLWithPath: work.file("blank.pdf")))
        try JSONSerialization.data(withJSONObject: AnswerSheetScan.gradeBoxes.map { [$0.x, $0.y] }).write(to: URL(fileURLWithPath: work.file("boxes.json")))
        try runBrowserScript("groups_test.py", work: work)
    }

    /// Runs one Selenium script against the built `ezgrader` (in `work`, which may hold its fixtures) and keeps its screenshots.
    private func runBrowserScript(_ name: String, work: TemporaryFolder = TemporaryFolder()) throws {
        let run = try runPythonDriver("Tests/Browser/\(name)", work: work)
        #expect(run.status == 0, "\(name) failed (run scripts/install-deps for chromium, chromium-driver and selenium):\n\(run.output)")
        let shots = packageRoot.appendingPathComponent(".build/browser-screenshots")
        try? FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        for file in (try? FileManager.default.contentsOfDirectory(atPath: work.file("screenshots"))) ?? [] {
            let target = shots.appendingPathComponent(file)
            try? FileManager.default.removeItem(at: target)
            try? FileManager.default.copyItem(atPath: work.file("screenshots/\(file)"), toPath: target.path)
        }
    }
}
