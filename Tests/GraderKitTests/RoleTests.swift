import Foundation
@testable import GraderKit
import Testing
import TestSupport

/// Roles, enforced in the façade: every change method is tried as an instructor, a grader and a
/// viewer, and is refused with the role's plain message exactly when the role does not allow its
/// action — before anything is written — whatever front end calls it.
@Suite struct RoleTests {
    /// One façade change and the action it needs.
    struct Call: Sendable {
        let name: String, action: GradingAction
        let run: @Sendable (GradingProject, Fixture) throws -> Void
    }

    /// The ids the calls act on.
    struct Fixture: Sendable {
        let anna: StudentKey, ben: StudentKey, q1: QuestionID, note: AnnotationID, folder: String
    }

    static let calls: [Call] = [
        Call(name: "setScore typed", action: .score) { p, f in _ = try p.setScore(typed: "1", student: f.ben, question: f.q1) },
        Call(name: "setScore", action: .score) { p, f in _ = try p.setScore(.ungraded, student: f.ben, question: f.q1) },
        Call(name: "readWrittenScore", action: .score) { p, f in _ = try p.readWrittenScore([[PagePoint(x: 1, y: 1), PagePoint(x: 1, y: 40)]], question: f.q1) },
        Call(name: "setScore overwrite", action: .override) { p, f in _ = try p.setScore(typed: "2", student: f.anna, question: f.q1, overwrite: true) },
        Call(name: "applyRubricItems", action: .applyRubric) { p, f in _ = try p.applyRubricItems(student: f.ben, question: f.q1, add: [1]) },
        Call(name: "applyRubricItems overwrite", action: .override) { p, f in
            _ = try p.applyRubricItems(student: f.anna, question: f.q1, add: [1], overwrite: true)
        },
        Call(name: "placeStamp", action: .applyRubric) { p, f in
            _ = try p.placeStamp(item: RubricItemID(1), question: f.q1, student: f.ben, page: 1, at: PagePosition("300,300")!)
        },
        Call(name: "addNote", action: .annotate) { p, f in _ = try p.addNote(student: f.ben, page: 1, at: PagePosition("50,50")!, text: "ok") },
        Call(name: "addInk", action: .annotate) { p, f in
            _ = try p.addInk(student: f.ben, page: 1, points: [PagePosition("10,10")!, PagePosition("20,20")!])
        },
        Call(name: "editNote", action: .annotate) { p, f in try p.editNote(f.note, text: "changed") },
        Call(name: "moveAnnotation", action: .annotate) { p, f in try p.moveAnnotation(f.note, dx: 1, dy: 1) },
        Call(name: "erase", action: .annotate) { p, f in _ = try p.erase(student: f.ben, page: 1, at: PagePosition("10,10")!) },
        Call(name: "erase overwrite", action: .override) { p, f in _ = try p.erase(student: f.ben, page: 1, at: PagePosition("10,10")!, overwrite: true) },
        Call(name: "moveAnnotations", action: .annotate) { p, f in try p.moveAnnotations([f.note], dx: 1, dy: 1) },
        Call(name: "addInk highlighter", action: .annotate) { p, f in
            _ = try p.addInk(student: f.ben, page: 1, points: [PagePosition("10,10")!, PagePosition("20,20")!], kind: .highlighter)
        },
        Call(name: "removeAnnotations", action: .override) { p, f in try p.removeAnnotations([f.note], overwrite: true) },
        Call(name: "removeAnnotation", action: .annotate) { p, f in try p.removeAnnotation(f.note) },
        Call(name: "removeAnnotation overwrite", action: .override) { p, f in try p.removeAnnotation(f.note, overwrite: true) },
        Call(name: "undo", action: .undoOwn) { p, _ in _ = try p.undo() },
        Call(name: "undo force", action: .override) { p, _ in _ = try p.undo(force: true) },
        Call(name: "redo", action: .undoOwn) { p, _ in _ = try p.redo() },
        Call(name: "takeAnswer", action: .keepPlace) { p, f in _ = try p.takeAnswer(question: f.q1, student: f.ben, onPurpose: false) },
        Call(name: "releaseAnswer", action: .keepPlace) { p, _ in try p.releaseAnswer() },
        Call(name: "setOrder", action: .keepPlace) { p, _ in _ = try p.setOrder(.perStudent) },
        Call(name: "setPosition", action: .keepPlace) { p, _ in try p.setPosition(1) },
        Call(name: "addRubricItem", action: .editRubric) { p, f in _ = try p.addRubricItem(question: f.q1, text: "More", points: Points("-1")!) },
        Call(name: "editRubricItem", action: .editRubric) { p, f in _ = try p.editRubricItem(question: f.q1, number: 1, text: "Renamed") },
        Call(name: "moveRubricItem", action: .editRubric) { p, f in try p.moveRubricItem(question: f.q1, number: 1, to: 1) },
        Call(name: "removeRubricItem", action: .editRubric) { p, f in try p.removeRubricItem(question: f.q1, number: 9) },
        Call(name: "setScoring", action: .editRubric) { p, f in try p.setScoring(.deductions, question: f.q1) },
        Call(name: "apply rubric file", action: .editRubric) { p, f in _ = try p.apply(rubricAt: f.folder + "/missing.yaml") },
        Call(name: "addQuestion", action: .editQuestions) { p, _ in _ = try p.addQuestion(page: 2, at: "100,100", maxPoints: "2", label: nil) },
        Call(name: "setExamTitle", action: .editQuestions) { p, _ in try p.setExamTitle("Midterm") },
        Call(name: "editQuestion", action: .editQuestions) { p, f in _ = try p.editQuestion(f.q1, QuestionEdit(label: "First")) },
        Call(name: "moveQuestion", action: .editQuestions) { p, f in _ = try p.moveQuestion(f.q1, .by(dx: 1, dy: 0)) },
        Call(name: "resizeQuestion", action: .editQuestions) { p, f in _ = try p.resizeQuestion(f.q1, to: BoxSize(width: 60, height: 24)) },
        Call(name: "setMaximum", action: .editQuestions) { p, f in _ = try p.setMaximum(question: f.q1, to: Points("5")!) },
        Call(name: "alignPage", action: .editQuestions) { p, f in _ = try p.alignPage(student: f.ben, page: 1, by: HandAlignment(dx: 2, dy: -1, degrees: 0.5)) },
        Call(name: "removeQuestion", action: .editQuestions) { p, _ in try p.removeQuestion(QuestionID(999)) },
        Call(name: "setRoster", action: .editRoster) { p, f in _ = try p.setRoster(try Roster(csv: "file,name\nAnna,Anna A\n", path: f.folder + "/r.csv")) },
        Call(name: "addStudent", action: .editRoster) { p, f in _ = try p.addStudent(scan: f.folder + "/missing.pdf") },
        Call(name: "removeStudent", action: .editRoster) { p, _ in try p.removeStudent(StudentKey(999)) },
        Call(name: "addScans", action: .editRoster) { p, f in _ = try p.addScans([f.folder + "/missing.pdf"]) },
        Call(name: "assign", action: .editRoster) { p, _ in _ = try p.assign(scan: "x.pdf", page: 1, copy: 1, copyPage: 1) },
        Call(name: "match", action: .editRoster) { p, _ in try p.match(copy: 1, to: Student(name: "Nobody")) },
        Call(name: "matchByIDGrid", action: .editRoster) { p, f in _ = try p.matchByIDGrid(rosterPath: f.folder + "/missing.csv") },
        Call(name: "matchByIDBoxes", action: .editRoster) { p, f in _ = try p.matchByIDBoxes(rosterPath: f.folder + "/missing.csv") },
        Call(name: "idReviewCards", action: .editRoster) { p, _ in _ = try p.idReviewCards() },
        Call(name: "confirmIDReview", action: .editRoster) { p, f in _ = try p.confirmIDReview(student: f.ben, rosterID: "S1") },
        Call(name: "setAnswerKey", action: .editKeys) { p, _ in _ = try p.setAnswerKey(block: "mc", answers: "ABCD") },
        Call(name: "BubbleRun", action: .editKeys) { p, _ in _ = try BubbleRun.run(p) },
        Call(name: "addVersion", action: .editQuestions) { p, _ in _ = try p.addVersion("B") },
        Call(name: "placeQuestion", action: .editQuestions) { p, _ in try p.placeQuestion("Q1", version: "B", page: 1, position: PagePosition("9,9")!) },
        Call(name: "placeBlock", action: .editKeys) { p, _ in try p.placeBlock("mc", version: "B", page: 1, origin: PagePoint(x: 90, y: 90)) },
        Call(name: "setVersionKey", action: .editKeys) { p, _ in _ = try p.setVersionKey(version: "B", block: "mc", text: "1 1", file: "k.txt") },
        Call(name: "setVersions", action: .editRoster) { p, _ in try p.setVersions([("Anna", "B")]) },
        Call(name: "setVersionsFromRoster", action: .editRoster) { p, f in _ = try p.setVersions(fromRoster: f.folder + "/missing.csv") },
        Call(name: "alignToVersions", action: .editRoster) { p, _ in _ = try p.alignToVersions() },
        Call(name: "setAnonymous", action: .setAnonymity) { p, _ in try p.setAnonymous(false) },
        Call(name: "downloadTable", action: .export) { p, _ in _ = try p.downloadTable(.questions) },
        Call(name: "downloadGradedPDF", action: .export) { p, f in _ = try p.downloadGradedPDF(of: f.anna) },
        Call(name: "ScoreTables.export", action: .export) { p, _ in _ = try ScoreTables.export(p, layout: .students, assignment: "Exam") },
        Call(name: "ScoreTables.importTable", action: .export) { p, f in _ = try ScoreTables.importTable(f.folder + "/missing.csv", into: p) },
        Call(name: "PDFExport", action: .export) { p, f in _ = try PDFExport.run(p, PDFExport.Options(folder: f.folder + "/out")) },
        Call(name: "returnWork", action: .returnWork) { p, f in
            _ = try p.returnWork(try ReturnLetter(from: "ada@school.example.org"), delivery: .files(folder: f.folder + "/mail"))
        },
        Call(name: "returnPlan", action: .returnWork) { p, _ in _ = try p.returnPlan() },
        Call(name: "previewReturn", action: .returnWork) { p, f in
            do { _ = try p.previewReturn(try ReturnLetter(from: "ada@school.example.org"), student: f.anna) } catch is WorkReturnError {}  // Anna has no address
        },
        Call(name: "startReturn", action: .returnWork) { p, f in
            _ = try p.startReturn(try ReturnLetter(from: "ada@school.example.org"), delivery: .files(folder: f.folder + "/mail-run"))
        },
        Call(name: "returnStatus", action: .returnWork) { p, _ in _ = try p.returnStatus() },
        Call(name: "stopReturn", action: .returnWork) { p, _ in _ = try p.stopReturn() },
        Call(name: "invite", action: .invite) { p, _ in _ = try p.invite(try Grader("newcomer"), role: .grader) },
        Call(name: "invites", action: .invite) { p, _ in _ = try p.invites() },
        Call(name: "revokeInvite", action: .invite) { p, _ in try p.revokeInvite(of: try Grader("nobody")) },
        Call(name: "confirmAnswerGroup", action: .groupAnswers) { p, f in _ = try p.confirmAnswerGroup(question: f.q1, kind: "alike", students: [f.ben]) },
        Call(name: "confirmAnswerGroup graded", action: .score) { p, f in
            _ = try p.confirmAnswerGroup(question: f.q1, kind: "alike", students: [f.ben], grade: .typed("1"))
        },
        Call(name: "declareAnswerBox", action: .editQuestions) { p, f in
            _ = try p.declareAnswerBox(question: f.q1, firstBox: PageRect(origin: PagePoint(x: 100, y: 200), width: 20, height: 26), digits: 3)
        },
        Call(name: "removeAnswerBox", action: .editQuestions) { p, f in try p.removeAnswerBox(question: f.q1) },
        Call(name: "removeFromAnswerGroup", action: .groupAnswers) { p, f in try p.removeFromAnswerGroup(999, student: f.ben) },
        Call(name: "mergeAnswerGroups", action: .groupAnswers) { p, _ in try p.mergeAnswerGroups(998, with: 999) },
        Call(name: "moveAnswer", action: .groupAnswers) { p, f in try p.moveAnswer(student: f.ben, toGroup: 999) },
        Call(name: "removeAnswerGroup", action: .groupAnswers) { p, _ in try p.removeAnswerGroup(999) },
        Call(name: "gradeAnswerGroup typed", action: .score) { p, _ in _ = try p.gradeAnswerGroup(999, .typed("1")) },
        Call(name: "gradeAnswerGroup rubric", action: .applyRubric) { p, _ in _ = try p.gradeAnswerGroup(999, .rubric(add: [1], remove: [])) },
        Call(name: "gradeAnswerGroup overwrite", action: .override) { p, _ in _ = try p.gradeAnswerGroup(999, .typed("1"), overwrite: true) },
        Call(name: "captureSheet", action: .captureSheet) { p, _ in _ = try p.captureSheet(photo: Data([0xFF, 0xD8, 0xFF]), student: "Ben", replace: true) },
    ]

    @Test func everyActionHasAFacadeCallInTheMatrix() {
        #expect(Set(Self.calls.map(\.action)) == Set(GradingAction.allCases))
    }

    @Test(arguments: GraderRole.allCases)
    func aChangeIsRefusedExactlyWhenTheRoleDoesNotAllowIt(role: GraderRole) throws {
        let folder = TemporaryFolder()
        let owner = try TestProject.project(in: folder, names: ["Anna", "Ben"])
        let q1 = try owner.addQuestion(page: 1, at: "100,100", maxPoints: "4", label: "Q1").question.id
        _ = try owner.addRubricItem(question: q1, text: "Sign error", points: Points("-1")!)
        let anna = try owner.student(named: "Anna"), ben = try owner.student(named: "Ben")
        _ = try owner.setScore(typed: "3", student: anna, question: q1)
        let note = try owner.addNote(student: anna, page: 1, at: PagePosition("300,300")!, text: "Owner's note")
        let fixture = Fixture(anna: anna, ben: ben, q1: q1, note: note, folder: folder.path)
        let project = owner.acting(as: try Grader("someone"), role: role)
        for call in Self.calls {
            let before = try owner.changeStamp()
            do {
                try call.run(project, fixture)
                #expect(role.may(call.action), "\(call.name) went through as \(role)")
            } catch let refusal as RoleRefusal {
                #expect(!role.may(call.action), "\(call.name) was refused as \(role)")
                #expect(refusal == RoleRefusal(grader: "someone", role: role, action: call.action))
                #expect(try owner.changeStamp() == before, "\(call.name) refused, yet something was written")
            } catch {
                #expect(role.may(call.action), "\(call.name) as \(role) failed with \(error) instead of a role refusal")
            }
        }
    }

    @Test func aRefusalSaysWhoTheyAreAndWhatTheyMayNotDoAndIsForbiddenNotBadInput() {
        let refusal = RoleRefusal(grader: "ta-ben", role: .grader, action: .editQuestions)
        #expect(PlainErrorText.describe(refusal) == "ta-ben is a grader, and may not change questions: ask the instructor. Nothing was changed.")
        #expect(RoleRefusal(grader: "viv", role: .viewer, action: .score).description
            == "viv is a viewer, who can only look, and may not enter scores: ask the instructor. Nothing was changed.")
        #expect(ErrorCategory(of: refusal) == .notAllowed)
    }

    @Test func theCommandLineAndAnOpenedProjectActAsTheInstructor() throws {
        let folder = TemporaryFolder()
        let project = try TestProject.project(in: folder, names: ["Anna"])
        #expect(project.role == .instructor)
        #expect(project.acting(as: try Grader("ta")).role == .instructor, "acting as another name keeps the role")
        #expect(project.acting(as: try Grader("ta"), role: .viewer).acting(as: try Grader("tb")).role == .viewer)
    }
}
