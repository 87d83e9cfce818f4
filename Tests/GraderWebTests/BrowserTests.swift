import Foundation
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
/// latency, with CDP pen and touch events (ink_test.py). Copies left for review by their handwritten
/// student number confirmed by key and by tap (idreview_test.py). Every check reads the project back through the command line or the API.
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

    /// Copies whose handwritten student number was not read surely, confirmed by key and by tap (idreview_test.py):
    /// page 1 of each copy written by pen, four numbers on the roster, one half written, one off it.
    @Test func confirmingHandwrittenStudentNumbersInTheBrowser() throws {
        try runBrowserScript("idreview_test.py") { work in
            try IDBoxClass.write(in: work, written: Array(IDBoxClass.roster.prefix(4)) + ["20260___", "20175531"])
        }
    }

    /// Runs one Selenium script against the built `ezgrader` and keeps its screenshots.
    private func runBrowserScript(_ name: String, prepare: (TemporaryFolder) throws -> Void = { _ in }) throws {
        let work = TemporaryFolder()
        try prepare(work)
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
