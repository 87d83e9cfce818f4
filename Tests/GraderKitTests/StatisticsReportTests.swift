import Foundation
import GraderAnalysis
import GraderCore
@testable import GraderKit
import GraderPDF
import TestSupport
import Testing

/// `GradingProject.statistics()` over stored projects, and the HTML and PDF reports.
@Suite struct StatisticsReportTests {
    private func project(_ folder: TemporaryFolder, bubbles: Bool) throws -> GradingProject {
        bubbles ? try StatisticsFixture.classWithBubbles(in: folder) : try StatisticsFixture.partlyGraded(in: folder)
    }

    @Test func theFacadeReadsScoresAndUngradedAsTheCoreTableHas() throws {
        let folder = TemporaryFolder()
        let stats = try project(folder, bubbles: false).statistics().statistics
        #expect(stats.complete == 4 && stats.incomplete == 1 && stats.questionsInTotal == 3)
        #expect(stats.questions.map(\.ungraded) == [0, 1, 0, 5])
        #expect(StatisticText.decimal(stats.alpha) == "0.800" && StatisticText.decimal(stats.standardError) == "0.968")
        #expect(stats.questions[3].flags == ["not graded yet"])
    }

    @Test func aWrittenExamsReportHasNoBubbleSections() throws {
        let folder = TemporaryFolder()
        let headings = try project(folder, bubbles: false).statistics().report(title: "Midterm").blocks.compactMap { block -> String? in
            if case .heading(let text) = block { return text }
            return nil
        }
        #expect(headings == ["The exam", "Questions", "Score distributions"])
        let bubbles = TemporaryFolder()
        #expect(try project(bubbles, bubbles: true).statistics().report(title: "Quiz").blocks.contains { block in
            if case .heading("Bubble sheets worth a look") = block { return true }
            return false
        })
    }

    @Test func bubbleReadingsGiveChoicesAKeyCheckAndAPairWorthALook() throws {
        let folder = TemporaryFolder()
        let analysis = try project(folder, bubbles: true).statistics()
        let bubbles = analysis.statistics.bubbleQuestions
        #expect(bubbles.map(\.name) == (1...12).map { "mc-\($0)" })
        #expect(bubbles.allSatisfy { $0.read == 30 && $0.unread == 0 })
        // mc-12's key is wrong, but 30 students' evidence does not reach 95 %: the keyed A's r is
        // negative, its interval reaches past 0, and the key is not doubted by that alone.
        let keyed = try #require(bubbles[11].options.first { $0.keyed })
        #expect(keyed.label == "A" && (keyed.restCorrelation ?? 0) < 0 && (keyed.restCorrelationInterval?.upper ?? 0) > 0)
        #expect(bubbles[11].flags == ["nobody chose D, E"] && bubbles[11].likelyAnswer == nil, "\(bubbles[11].flags)")
        #expect(bubbles[11].groupSize == 8 && bubbles[11].options.map { $0.groups?.upper ?? -1 }.reduce(0, +) == 8)
        #expect(bubbles[..<11].allSatisfy { !$0.flags.contains { $0.hasPrefix("check the key") } })
        #expect(analysis.screening.questions == 12 && analysis.screening.pairsCompared == 435)
        #expect(analysis.screening.pairs.map { "\($0.first) & \($0.second)" } == ["Student 02 & Student 04"])
        #expect(analysis.screening.pairs.first?.identicalWrong == 11)
    }

    @Test func thePDFReportHasTheFiguresAndTheirText() throws {
        let folder = TemporaryFolder()
        let analysis = try project(folder, bubbles: true).statistics()
        try StatisticsReport.write(analysis, title: "Midterm", to: folder.file("report.pdf"))
        let document = try PDFDocument(path: folder.file("report.pdf"))
        let texts = try (0..<document.pageCount).map { try document.page(at: $0).text }
        let all = texts.joined(separator: "\n")
        for expected in ["Midterm", "Cronbach's α", "Totals of the students graded on every question (n = 29, maximum 34)", "Facility and discrimination", "W3", "mc-12",
                         "check the key", "Student 02 & Student 04", "worth a look", "1 of 30 students left out of the totals"] {
            #expect(all.contains(expected), "\(expected) is missing from the PDF's text")
        }
        // Each chart's page has bars or dots in the chart blue.
        for title in ["Totals of the", "Facility and discrimination", "Score distributions"] {
            let index = try #require(texts.firstIndex { $0.contains(title) })
            let bitmap = try document.page(at: index).renderRGB(dpi: 36)
            let blue = stride(from: 0, to: bitmap.rgb.count, by: 3).filter { at in
                abs(Int(bitmap.rgb[at]) - 0x3A) < 24 && abs(Int(bitmap.rgb[at + 1]) - 0x6E) < 24 && abs(Int(bitmap.rgb[at + 2]) - 0xA5) < 24
            }.count
            #expect(blue > 40, "\(title): only \(blue) blue pixels on page \(index + 1)")
        }
    }

    /// The printed report is on the paper of the class's scans: Letter for a Letter class, A4 for an A4 one.
    @Test func thePDFReportIsOnTheClasssPaper() throws {
        for (size, paper) in [(PageSize(width: 612, height: 792), PaperSize.letter), (PageSize(width: 595, height: 842), .a4),
                              (PageSize(width: 842, height: 595), .a4), (PageSize(width: 600, height: 780), .letter)] {
            let folder = TemporaryFolder()
            let project = try StatisticsFixture.partlyGraded(in: folder, size: size)
            #expect(try project.reportPaper() == paper, "\(size)")
            try StatisticsReport.write(try project.statistics(), title: "Midterm", paper: try project.reportPaper(), to: folder.file("report.pdf"))
            let document = try PDFDocument(path: folder.file("report.pdf"))
            let pages = try (0..<document.pageCount).map { try document.page(at: $0).size }
            #expect(pages.allSatisfy { abs($0.width - paper.size.width) < 0.5 && abs($0.height - paper.size.height) < 0.5 }, "\(size): \(pages)")
        }
        #expect(PaperSize.commonest(of: []) == nil)
        #expect(PaperSize.commonest(of: [PaperSize.a4.size, PaperSize.letter.size]) == .letter, "a tie goes to Letter")
    }

    @Test func theHTMLReportIsOneSelfContainedPage() throws {
        let folder = TemporaryFolder()
        let analysis = try project(folder, bubbles: true).statistics()
        try StatisticsReport.write(analysis, title: "Midterm <1>", to: folder.file("report.html"))
        let html = try String(contentsOfFile: folder.file("report.html"), encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains("<title>Midterm &lt;1&gt;</title>"))
        #expect(html.components(separatedBy: "<svg ").count - 1 == 3, "histogram, scatter, distributions")
        #expect(html.contains("Student 02 &amp; Student 04") && html.contains("check the key"))
        for external in ["<script", "src=", "href=", "@import", "url("] { #expect(!html.contains(external)) }
        #expect(folder.fileNames == ["project.sqlite", "report.html"] || !folder.fileNames.contains { $0.hasSuffix(".partial") })
    }

    @Test func aWrongExtensionOrFolderWritesNothing() throws {
        let folder = TemporaryFolder()
        let analysis = try project(folder, bubbles: false).statistics()
        #expect(throws: StatisticsReportError.unknownFormat(path: folder.file("report.txt"))) {
            try StatisticsReport.write(analysis, title: "t", to: folder.file("report.txt"))
        }
        for name in ["missing/report.pdf", "missing/report.html"] {
            #expect(throws: StatisticsReportError.self) { try StatisticsReport.write(analysis, title: "t", to: folder.file(name)) }
        }
        #expect(!folder.fileNames.contains { $0.hasPrefix("report") || $0.hasSuffix(".partial") })
    }
}
