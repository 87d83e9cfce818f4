import Foundation
@testable import GraderKit
import Testing
import TestSupport

/// A return run started from the browser outlives the request that started it and goes on beside
/// the graders' work on the same project (pages rendered, scores entered, graded PDFs exported):
/// whoever lets go of the project last — the run included — the process's memory stays sound.
/// A run on a Foundation `Thread` let go of the project's database only as its thread was torn
/// down, which corrupted the heap about one run in three: hence many runs in a row.
@Suite struct ReturnRunLifetimeTests {
    @Test func runsOutlivingTheirProjectBesideRendersScoresAndExportsEachSendEveryone() throws {
        let folder = TemporaryFolder()
        try WorkReturnTests.makeProject(in: folder, count: 3)
        let path = folder.file("exam.ezgrader")
        let beside = try GradingProject.open(path, as: try Grader("ta-ben"))
        let ben = try beside.student(named: "Student 002"), q1 = try beside.question(named: "Q1").question.id
        for round in 1...12 {
            let run = try Self.startAndLetGo(path, mail: folder.file("mail-\(round)"))
            repeat {
                try beside.writePreview(student: ben, page: 1, dpi: 30, grid: false, to: folder.file("preview.png"))
                _ = try beside.setScore(typed: String(round % 11), student: ben, question: q1, overwrite: true)
                _ = try beside.downloadGradedPDF(of: ben)
            } while run.status.isRunning
            let report = run.status.report
            #expect(report?.files.count == 3 && report?.leftOut == [], "round \(round): \(run.status)")
        }
    }

    /// Starts a run on the project at `path`, opened for it alone and let go of at once: the run
    /// holds the project's only reference.
    private static func startAndLetGo(_ path: String, mail: String) throws -> ReturnRun {
        let project = try GradingProject.open(path, as: try .tester())
        return try ReturnRun.start(project, try ReturnLetter(from: "ada@school.example.org"), delivery: .files(folder: mail), options: .init())
    }
}
