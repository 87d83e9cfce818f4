import Foundation
import Testing
import TestSupport

/// `ezgrader stats`: exact numbers in JSON, the text summary, report files and exit codes.
@Suite struct StatsCommandTests {
    private let ezgrader = builtProduct("ezgrader")

    /// The hand-computed table of `ExamStatisticsTests` as a project.
    private func project() throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        _ = try StatisticsFixture.partlyGraded(in: folder)
        return folder
    }

    @Test func jsonHasTheHandComputedNumbers() throws {
        let folder = try project()
        let result = try runCommand(ezgrader, ["stats", folder.path, "--json"])
        #expect(result.status == 0, "\(result.error)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let exam = try #require(json["exam"] as? [String: Any])
        #expect(exam["students"] as? Int == 5 && exam["complete"] as? Int == 4 && exam["incomplete"] as? Int == 1)
        let numbers = ["mean": 4.25, "median": 4.5, "standardDeviation": 2.165, "minimum": 1, "maximum": 7, "alpha": 0.8,
                       "standardError": 0.968, "maxTotal": 7]
        for (key, value) in numbers { #expect(exam[key] as? Double == value, "exam.\(key) = \(exam[key] ?? "nil")") }
        #expect(exam["kr20"] is NSNull)
        #expect(exam["unreadBubbleRows"] as? Int == 0 && exam["studentsWithUnreadRows"] as? Int == 0)
        let alphaInterval = try #require(exam["alphaInterval"] as? [String: Double])
        #expect(alphaInterval == ["lower": -0.32, "upper": 0.986], "Feldt's interval, as scipy gives it")

        let questions = try #require(json["questions"] as? [[String: Any]])
        #expect(questions.map { $0["name"] as? String } == ["Q1", "Q2", "Q3", "Q4"])
        #expect(questions.map { $0["graded"] as? Int } == [5, 4, 5, 0])
        #expect(questions.map { $0["ungraded"] as? Int } == [0, 1, 0, 5])
        #expect(questions.prefix(3).map { $0["mean"] as? Double } == [1.2, 2.5, 0.4])
        #expect(questions.prefix(3).map { $0["standardDeviation"] as? Double } == [0.748, 1.118, 0.49])
        #expect(questions.prefix(3).map { $0["facility"] as? Double } == [0.6, 0.625, 0.4])
        #expect(questions.prefix(3).map { $0["itemTotalCorrelation"] as? Double } == [0.853, 0.602, 0.7])
        #expect(questions.prefix(3).map { $0["discrimination"] as? Double } == [1, 0.75, 1])
        #expect(questions.map { $0["alphaIfDeleted"] as? Double } == [0.5, 0.889, 0.784, nil])
        #expect(questions[0]["facilityInterval"] as? [String: Double] == ["lower": 0.231, "upper": 0.882], "Wilson's for 3 of 5")
        for key in ["mean", "standardDeviation", "facility", "itemTotalCorrelation", "discrimination", "alphaIfDeleted", "facilityInterval"] {
            #expect(questions[3][key] is NSNull, "Q4.\(key) is n/a: nobody was graded")
        }
        #expect(questions[3]["flags"] as? [String] == ["not graded yet"])
        let distribution = try #require(questions[0]["distribution"] as? [[String: Any]])
        #expect(distribution.map { $0["points"] as? Double } == [0, 1, 2] && distribution.map { $0["count"] as? Int } == [1, 2, 2])
        let screening = try #require(json["screening"] as? [String: Any])
        #expect(screening["questions"] as? Int == 0 && (screening["pairs"] as? [Any])?.isEmpty == true)
    }

    @Test func theReportIsHeadedByTheExamsTitleWhichTheInstructorSets() throws {
        let folder = try project()
        let name = (folder.path as NSString).lastPathComponent
        #expect(try runCommand(ezgrader, ["title", folder.path]).output == "\(name)\n", "no title set: the folder's name")
        let set = try runCommand(ezgrader, ["title", folder.path, "  Midterm, Spring 2026 "])
        #expect(set.output == "The exam's title is now \"Midterm, Spring 2026\".\n", "\(set.error)")
        let text = try runCommand(ezgrader, ["stats", folder.path, "-o", folder.file("report.html")])
        #expect(text.output.hasPrefix("Midterm, Spring 2026: 5 students, 4 questions;"), "\(text.output)")
        let html = try String(contentsOfFile: folder.file("report.html"), encoding: .utf8)
        #expect(html.contains("<h1>Midterm, Spring 2026</h1>") && !html.contains(name), "the title, not the folder, heads the report")
        #expect(!html.contains("Bubble sheets"), "a written exam: no bubble-sheet section")
        let canvas = try runCommand(ezgrader, ["export", "csv", folder.path, "--layout", "canvas"])
        #expect(canvas.output.hasPrefix("Student,ID,SIS User ID,SIS Login ID,Section,\"Midterm, Spring 2026\"\r\n"),
                "the grade item is named after the exam: \(canvas.output.prefix(120))")

        let refused = try runCommand(ezgrader, ["title", folder.path, "Midterm\nFinal"])
        #expect(refused.status == 1 && refused.error == "error: Title \"Midterm\\nFinal\" is not usable: give one line of at most 120 characters "
            + "(e.g. \"Midterm, Spring 2026\"), or \"\" to name reports after the project folder again.\n", "\(refused.error)")
        #expect(try runCommand(ezgrader, ["title", folder.path]).output == "Midterm, Spring 2026\n", "a refused title changes nothing")
        #expect(try runCommand(ezgrader, ["title", folder.path, ""]).output == "The exam's title is now \"\(name)\".\n")
    }

    @Test func textSummaryAndReports() throws {
        let folder = try project()
        let text = try runCommand(ezgrader, ["stats", folder.path, "-o", folder.file("report.html")])
        #expect(text.status == 0, "\(text.error)")
        let lines = text.output.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasSuffix(": 5 students, 4 questions; totals over 4 students graded on every question (maximum 7).") == true, "\(lines)")
        #expect(lines.contains("Totals: mean 4.250, median 4.5, SD 2.165, range 1 – 7; α 0.800 [-0.32, 0.99], SEM 0.968."),
                "a total in its shortest form, α with Feldt's interval")
        #expect(lines.contains("  Q1\t5\t0\t1.200\t0.748\t0.600 [0.23, 0.88]\t0.853 [-0.60, 1.00]\t1 [-0.12, 1]\t0.500"), "\(lines)")
        #expect(!text.output.contains("Bubble sheets"), "a written exam: no line about bubble sheets")
        #expect(lines.contains("  Q4\t0\t5\tn/a\tn/a\tn/a\tn/a\tn/a\tn/a\tnot graded yet"))
        #expect(lines.last == "Report written to \(folder.file("report.html")).")
        #expect(FileManager.default.fileExists(atPath: folder.file("report.html")))

        let pdf = try runCommand(ezgrader, ["stats", folder.path, "--json", "-o", folder.file("report.pdf")])
        #expect(pdf.status == 0 && pdf.output.hasPrefix("{"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.file("report.pdf"))).prefix(5) == Data("%PDF-".utf8))

        let wrong = try runCommand(ezgrader, ["stats", folder.path, "-o", folder.file("report.docx")])
        #expect(wrong.status == 64 && wrong.error.contains("is neither .html nor .pdf"))
        let unwritable = try runCommand(ezgrader, ["stats", folder.path, "-o", folder.file("missing/report.pdf")])
        #expect(unwritable.status == 2, "\(unwritable.error)")
        #expect(unwritable.error.hasPrefix("error: Could not write the report"))
    }
}
