import Foundation
import GraderAssembly
@testable import GraderKit
import GraderStore
import Testing
import TestSupport

/// The façade's own rules: who a grader is, where a walk starts, how errors are categorised,
/// which folder a project name means.
@Suite struct FacadeTests {
    /// A project without scans: Anna, Ben, Cy with two pages; Q1 and Q2 on page 1, Q3 on page 2.
    private func project(_ folder: TemporaryFolder, as grader: String = "ann") throws -> GradingProject {
        let store = try TestProject.project(in: folder, names: ["Anna", "Ben", "Cy"])
        _ = try store.addQuestion(page: 1, at: "100,100", maxPoints: "4", label: "Q1")
        _ = try store.addQuestion(page: 1, at: "100,300", maxPoints: "2", label: "Q2")
        _ = try store.addQuestion(page: 2, at: "100,100", maxPoints: "3", label: "Q3")
        return store.acting(as: try Grader(grader))
    }

    private func stops(_ session: inout GradingSession, _ count: Int) throws -> [String] {
        var seen: [String] = []
        for _ in 0..<count {
            guard let stop = try session.current() else { break }
            seen.append("\(stop.studentName) \(stop.question.name)")
            session.skip()
        }
        return seen
    }

    @Test func aGraderIsNamedByOptionThenEnvironmentThenUser() throws {
        #expect(try Grader.resolve("  Ann  ", environment: ["EZGRADER_GRADER": "env"]).name == "Ann")
        #expect(try Grader.resolve(nil, environment: ["EZGRADER_GRADER": "env"]).name == "env")
        #expect(try !Grader.resolve(nil, environment: [:]).name.isEmpty, "the OS user")
        #expect(throws: GradingError.badGraderName("")) { try Grader.resolve("", environment: [:]) }
        #expect(throws: GradingError.badGraderName("a\u{7}b")) { try Grader("a\u{7}b") }
        #expect(throws: GradingError.self) { try Grader(String(repeating: "x", count: 65)) }
    }

    @Test func theWalkFollowsTheFilterAndStartsAtTheFirstUngradedFromTheGradersPlace() throws {
        let folder = TemporaryFolder()
        let project = try project(folder)
        var all = try GradingSession(project)
        #expect(try stops(&all, 9) == ["Anna Q1", "Ben Q1", "Cy Q1", "Anna Q2", "Ben Q2", "Cy Q2", "Anna Q3", "Ben Q3", "Cy Q3"])

        var fromWhereTheyAre = try GradingSession(project, filter: .page(2))
        #expect(try stops(&fromWhereTheyAre, 3) == ["Cy Q3", "Anna Q3", "Ben Q3"], "from Cy's page 2, where the grader was last, and round")
        try project.setPosition(0)
        var pageTwo = try GradingSession(project, filter: .page(2))
        #expect(try stops(&pageTwo, 3) == ["Anna Q3", "Ben Q3", "Cy Q3"])

        try project.setScore(.points(Points(quarters: 4)), student: try project.student(named: "Cy"), question: try project.question(named: "Q3").question.id)
        try project.setPosition(5)  // Cy, page 2 in per-page order
        var resumed = try GradingSession(project, filter: .question(try project.question(named: "Q3").question.id))
        #expect(try stops(&resumed, 1) == ["Anna Q3"], "Cy's Q3 is graded: the walk wraps to the first ungraded")
    }

    @Test func aSavedScoreMovesOnAndAStaleOneStays() throws {
        let folder = TemporaryFolder()
        let project = try project(folder)
        var session = try GradingSession(project, filter: .question(try project.question(named: "Q1").question.id))
        _ = try session.current()
        try session.save(.points(Points(quarters: 8)))
        #expect(try session.current()?.studentName == "Ben")
        let ben = try project.student(named: "Ben"), q1 = try project.question(named: "Q1").question.id
        let other = GradingProject(folder: project.folder, store: project.store.acting(as: try Grader("ben")))
        try other.setScore(.points(Points(quarters: 4)), student: ben, question: q1)
        #expect(throws: GradingError.changedMeanwhile(student: "Ben", question: "Q1", saw: .ungraded, now: .points(Points(quarters: 4)), by: "ben")) {
            try session.save(.points(Points(quarters: 12)))
        }
        #expect(try session.current()?.score == .points(Points(quarters: 4)), "shown again with the new value")
        #expect(try session.ungradedCount() == 1)
    }

    @Test func aRenameIsPartOfTheOneStepEditAndOneNameAnswersToOneQuestion() throws {
        let folder = TemporaryFolder()
        let project = try project(folder)
        let q2 = try project.question(named: "Q2").question.id
        let renamed = try project.editQuestion(q2, QuestionEdit(max: Points("5")!, label: " Stacks "))
        #expect(renamed.name == "Stacks" && renamed.heading == "Stacks" && renamed.question.maxPoints == Points("5")!)
        #expect(throws: GradingError.duplicateLabel("q1")) { try project.editQuestion(q2, QuestionEdit(max: Points("6")!, label: "q1")) }
        #expect(try project.question(named: "Stacks").question.maxPoints == Points("5")!, "a refused part refuses the whole edit")
        #expect(try project.editQuestion(q2, QuestionEdit(label: "")).name == "p1q2", "a blank name gives back p<page>q<n>")
    }

    @Test func errorsCarryTheirCategory() {
        #expect(ErrorCategory(of: GradingError.notANumber("x")) == .inputRefused)
        #expect(ErrorCategory(of: StoreError.database(path: "p", detail: "disk full")) == .writeFailed)
        #expect(ErrorCategory(of: StoreError.notAProject(path: "p")) == .inputRefused)
        #expect(ErrorCategory(of: AssemblyError.writeFailed(path: "p", detail: "disk full")) == .writeFailed)
        #expect(ErrorCategory(of: AssemblyError.readFailed(path: "p", detail: "damaged")) == .inputRefused)
    }

    @Test func aProjectNameMeansTheProjectFolderBesideAScansFolder() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("exam"), withIntermediateDirectories: true)  // the scans
        try FileManager.default.createDirectory(atPath: folder.file("exam.ezgrader"), withIntermediateDirectories: true)
        _ = try ProjectStore.create(in: folder.file("exam.ezgrader"), pagesPerStudent: 1, grader: try .tester())
        #expect(GradingProject.folder(named: folder.file("exam")) == folder.file("exam.ezgrader"))
        #expect(GradingProject.folder(named: folder.file("exam.ezgrader")) == folder.file("exam.ezgrader"))
        #expect(GradingProject.folder(named: folder.file("other")) == folder.file("other"))
        #expect(GradingProject.newFolder(named: "exam") == "exam.ezgrader")
    }

    @Test func penPressuresMustFitTheStroke() throws {
        let folder = TemporaryFolder()
        let project = try project(folder)
        let anna = try project.student(named: "Anna")
        let points = [PagePosition(PagePoint(x: 10, y: 10)), PagePosition(PagePoint(x: 50, y: 20))]
        let id = try project.addInk(student: anna, page: 1, points: points, pressures: [0.2, 0.9])
        guard case .ink(let stroke) = try project.gradeBook().annotations.first(where: { $0.id == id })?.content else {
            Issue.record("no stroke"); return
        }
        #expect(stroke.pressures == [0.2, 0.9])
        #expect(throws: GradingError.badPressures(given: 1, points: 2)) { try project.addInk(student: anna, page: 1, points: points, pressures: [0.5]) }
        #expect(throws: GradingError.badPressures(given: 2, points: 2)) { try project.addInk(student: anna, page: 1, points: points, pressures: [0.5, .nan]) }
    }

    @Test func previewOfAProjectWithoutStudentsSaysHowToAddThem() throws {
        let folder = TemporaryFolder()
        let project = GradingProject(folder: folder.path, store: try TestProject.make(in: folder, names: []))
        let refused = #expect(throws: GradingError.noStudents) { try project.writePreview(page: 1, dpi: 72, grid: false, to: folder.file("p.png")) }
        #expect(refused?.localizedDescription == "The project has no students yet: add a student's scan with ezgrader student add "
            + "PROJECT FILE.pdf (or create the project from a folder of scans with ezgrader new).")
    }

    @Test func typedLinesAndArrowKeysMeanOneThing() {
        #expect(GradingInput("3.5") == .score("3.5") && GradingInput(" ? ") == .score("?"))
        #expect(GradingInput("i1 -i2") == .items(add: [1], remove: [2]))
        #expect([GradingInput(""), GradingInput("S"), GradingInput("\u{1B}[C")] == [.skip, .skip, .skip])
        #expect([GradingInput("b"), GradingInput("\u{1B}[D"), GradingInput("\u{1B}OD"), GradingInput("\u{1B}[C\u{1B}[D")] == [.back, .back, .back, .back])
        #expect([GradingInput("h"), GradingInput("help"), GradingInput("q")] == [.help, .help, .quit])
        #expect(GradingInput("\u{1B}[A") == .ignored(hint: "↑ and ↓ do nothing here: ← goes back, → skips (h shows the keys)."))
        #expect(GradingInput("3\u{1B}[D4") == .ignored(hint: "Arrow and other special keys cannot edit a line here: type it again (h shows the keys)."))
        #expect(GradingInput.printable("3\u{1B}[D4\u{7}") == "34←")
    }

    @Test func aReviewWalksGradedScoresTooAndAGradingWalkOnlyTheUngraded() throws {
        let folder = TemporaryFolder()
        let project = try project(folder)
        let q1 = try project.question(named: "Q1").question.id
        try project.setScore(.points(Points(quarters: 4)), student: try project.student(named: "Ben"), question: q1)
        var grading = try GradingSession(project, filter: .question(q1))
        #expect(try stops(&grading, 3) == ["Anna Q1", "Cy Q1"], "Ben is graded: skipped")
        grading.back()
        #expect(try grading.current()?.studentName == "Cy", "back from the end goes to the last stop visited")
        grading.back()
        #expect(try grading.current()?.studentName == "Anna", "back passes over Ben too")
        var review = try GradingSession(project, filter: .question(q1), review: true)
        #expect(try review.current()?.score == .ungraded)
        review.skip()
        #expect(try review.current().map { "\($0.studentName) \($0.score)" } == "Ben 1", "shown with the score it has")
    }
}
