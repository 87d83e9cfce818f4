import Foundation
import Testing
import TestSupport

/// The grading view in real headless Chromium (Tests/Browser/grading_test.py, Selenium): grading
/// three students by keyboard, placing and dragging a box, a pen stroke with pressure erased and
/// undone, a second browser seeing a score appear, a missing token and a foreign Host refused.
/// Every check reads the project back through the command line or the API. Screenshots land in
/// `.build/browser-screenshots/`. Needs chromium, chromium-driver and selenium (scripts/install-deps).
@Suite struct BrowserTests {
    @Test func gradingInTheBrowser() throws {
        let work = TemporaryFolder()
        let run = try runPythonDriver("Tests/Browser/grading_test.py", work: work)
        #expect(run.status == 0, "browser tests failed (run scripts/install-deps for chromium, chromium-driver and selenium):\n\(run.output)")
        let shots = packageRoot.appendingPathComponent(".build/browser-screenshots")
        try? FileManager.default.removeItem(at: shots)
        try? FileManager.default.copyItem(atPath: work.file("screenshots"), toPath: shots.path)
    }
}
