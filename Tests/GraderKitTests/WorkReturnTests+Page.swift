import Foundation
@testable import GraderKit
import Testing
import TestSupport

/// What the browser's Return page relies on: its list read without writing a PDF (a preview
/// writing the one student shown), nothing with a name while grading is anonymous, and one return
/// at a time across programs, the second told who runs the first.
extension WorkReturnTests {
    /// The PDFs in `project`'s returned folder, by name.
    private func returnedPDFs(_ project: GradingProject) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: project.returnedFolder)) ?? []).filter { $0.hasSuffix(".pdf") }.sorted()
    }

    @Test func thePlanWritesNoPDFAndAPreviewWritesOnlyTheStudentShown() throws {
        let folder = TemporaryFolder()
        let project = try Self.makeProject(in: folder, count: 4)
        let server = try TestMailServer(in: folder)
        #expect(try project.returnPlan().map(\.state) == [.new, .new, .new, .new])
        #expect(returnedPDFs(project) == [], "the page shows before any PDF is written")
        _ = try project.previewReturn(letter, student: try project.student(named: "Student 002"))
        #expect(returnedPDFs(project) == ["Student 002.pdf"])

        #expect(try project.returnWork(letter, delivery: delivery(server), options: fast).sent.count == 4)
        let regraded = project.returnedFolder + "/Student 003.pdf", before = FileManager.default.contents(atPath: regraded)
        _ = try project.setScore(student: "Student 003", question: "Q1", value: "9")
        #expect(try project.returnPlan().map(\.state) == [.sent, .sent, .changed, .sent])
        #expect(FileManager.default.contents(atPath: regraded) == before, "the regraded PDF is written by the run, not the plan")
        let again = try project.returnWork(letter, delivery: delivery(server), options: fast)
        #expect(again.sent == ["Student 003"] && again.changed == ["Student 003"] && again.unchanged.count == 3)
    }

    @Test func whileGradingIsAnonymousReturningIsRefusedWithoutAName() throws {
        let folder = TemporaryFolder()
        let project = try Self.makeProject(in: folder, count: 2)
        let server = try TestMailServer(in: folder)
        let first = try project.student(named: "Student 001")
        try project.setAnonymous(true)
        #expect(WorkReturnError.anonymous.localizedDescription
            == "Returning work shows the students' real names and addresses: turn anonymous grading off to return it. Nothing was sent.")
        #expect(throws: WorkReturnError.anonymous) { try project.returnPlan() }
        #expect(throws: WorkReturnError.anonymous) { try project.previewReturn(letter, student: first) }
        #expect(throws: WorkReturnError.anonymous) { try project.startReturn(letter, delivery: delivery(server), options: fast) }
        #expect(try project.returnStatus().phase == "idle" && server.received().isEmpty && returnedPDFs(project) == [])
        try project.setAnonymous(false)
        #expect(try project.returnPlan().map(\.name) == ["Student 001", "Student 002"])
    }

    @Test func oneReturnRunsAtATimeAcrossProgramsAndTheNextIsToldWhoRunsIt() throws {
        let folder = TemporaryFolder()
        let project = try Self.makeProject(in: folder, count: 3)
        let server = try TestMailServer(in: folder)
        // One message a minute: the first goes at once, the run then waits for the second.
        _ = try project.startReturn(letter, delivery: delivery(server), options: .init(perMinute: 1))
        try waitFor(project) { $0.phase == "sending" && $0.done == 1 }
        let holder = "tester from the browser (process \(getpid()))"
        #expect(throws: WorkReturnError.runningElsewhere(holder: holder)) {
            try project.returnWork(letter, delivery: .files(folder: folder.file("eml")), options: fast)
        }
        let dryRun = ["return", project.folder, "--dry-run", folder.file("eml"), "--from", "ada@school.example.org", "--grader", "prof"]
        let refused = try runCommand(builtProduct("ezgrader"), dryRun)
        #expect(refused.status == 1 && refused.output == "")
        #expect(refused.error == "error: Work is being returned already by \(holder): wait for that run to finish, or stop it. Nothing more was sent.\n")
        #expect(!FileManager.default.fileExists(atPath: folder.file("eml")), "the refused runs wrote nothing")

        _ = try project.stopReturn()
        #expect(try waitFor(project) { !$0.isRunning }.report?.sent == ["Student 001"])
        let next = try runCommand(builtProduct("ezgrader"), dryRun)
        #expect(next.status == 0 && next.output == "Wrote 2 messages to \(folder.file("eml")) (nothing sent).\nAlready sent and unchanged: 1 student.\n", "\(next.error)")
        #expect(try server.received().count == 1)
    }
}
