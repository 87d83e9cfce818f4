@testable import GraderAnalysis
@testable import GraderCore
import Testing

/// Every statistic pinned to values computed by hand (3 decimals) on small tables.
@Suite struct ExamStatisticsTests {
    private func rounded(_ value: Double?) -> String { StatisticText.decimal(value) }

    /// Four complete students and a fifth with Q2 ungraded; Q4 nobody was graded on.
    private let partlyGraded = ScoreMatrix(students: ["Ann", "Ben", "Cy", "Dee", "Eve"], items: [
        .init(name: "Q1", maxPoints: 2, scores: [2, 1, 0, 2, 1]),
        .init(name: "Q2", maxPoints: 4, scores: [4, 3, 1, 2, nil]),
        .init(name: "Q3", maxPoints: 1, scores: [1, 0, 0, 1, 0]),
        .init(name: "Q4", maxPoints: 3, scores: [nil, nil, nil, nil, nil]),
    ])

    @Test func questionsCountTheirGradedStudentsAndLeaveOutUngraded() {
        let stats = ExamStatistics(partlyGraded)
        let q = stats.questions
        #expect(q.map(\.graded) == [5, 4, 5, 0])
        #expect(q.map(\.ungraded) == [0, 1, 0, 5])
        #expect(q.map { rounded($0.mean) } == ["1.200", "2.500", "0.400", "n/a"])
        #expect(q.map { rounded($0.standardDeviation) } == ["0.748", "1.118", "0.490", "n/a"])
        #expect(q.map { rounded($0.facility) } == ["0.600", "0.625", "0.400", "n/a"])
        #expect(q[0].distribution == [.init(points: 0, count: 1), .init(points: 1, count: 2), .init(points: 2, count: 2)])
        #expect(q[3].distribution.isEmpty)
    }

    /// Bubble rows the machine could not read leave their students out of the totals, and the
    /// flags say how many students and rows, instead of dropping them silently.
    @Test func unreadBubbleRowsAreCountedInTheFlags() {
        let matrix = ScoreMatrix(students: ["Ann", "Ben", "Cy"], items: [
            .init(name: "mc-1", maxPoints: 1, scores: [1, nil, 0]),
            .init(name: "mc-2", maxPoints: 1, scores: [nil, nil, 1]),
        ], bubbleItems: [
            .init(item: 0, choices: ["A", "B"], accepted: nil, responses: [["A"], nil, []]),
            .init(item: 1, choices: ["A", "B"], accepted: nil, responses: [nil, nil, ["B"]]),
        ])
        let stats = ExamStatistics(matrix)
        #expect(stats.unreadBubbleRows == 3 && stats.studentsWithUnreadRows == 2)
        #expect(stats.flags.contains("2 of 3 students have bubble rows not read with certainty "
            + "(3 rows: unclear marks, several marks or a block not placed): review them (ezgrader omr) to include them"))
    }

    @Test func correlationsAndTotalsUseTheCompleteStudents() {
        let stats = ExamStatistics(partlyGraded)
        #expect(stats.students == 5 && stats.complete == 4 && stats.incomplete == 1)
        #expect(stats.questionsInTotal == 3 && stats.maxTotal == 7)
        #expect(stats.totals == [7, 4, 1, 5])
        #expect([stats.mean, stats.median, stats.standardDeviation, stats.minimum, stats.maximum].map(rounded)
            == ["4.250", "4.500", "2.165", "1.000", "7.000"])
        #expect(rounded(stats.alpha) == "0.800")
        #expect(stats.kr20 == nil, "Q2 has partial credit")
        #expect(rounded(stats.standardError) == "0.968")
        #expect(stats.questions.map { rounded($0.itemTotalCorrelation) } == ["0.853", "0.602", "0.700", "n/a"])
        // 27 % of 4 rounds to 1: Ann (7) above, Cy (1) below.
        #expect(stats.questions.map { rounded($0.discrimination) } == ["1.000", "0.750", "1.000", "n/a"])
    }

    @Test func flagsStateTheirLimits() {
        let stats = ExamStatistics(partlyGraded)
        #expect(stats.questions[3].flags == ["not graded yet"])
        #expect(stats.questions[2].flags.isEmpty)
        #expect(stats.flags == [
            "1 of 5 students left out of the totals: they have ungraded scores (grade them to include them)",
            "1 of 4 questions not graded yet: left out of the totals",
            "students graded on every question: 4, fewer than 10: treat every figure as rough",
        ])
    }

    /// A right/wrong table: α and KR-20 (from pq) agree.
    @Test func alphaEqualsKR20OnRightWrongItems() {
        let rows: [[Double]] = [[1, 1, 1, 1], [1, 1, 1, 0], [1, 1, 0, 0], [1, 0, 1, 0], [0, 0, 0, 0]]
        let matrix = ScoreMatrix(students: ["A", "B", "C", "D", "E"], items: (0..<4).map { item in
            .init(name: "I\(item + 1)", maxPoints: 1, scores: rows.map { $0[item] })
        })
        let stats = ExamStatistics(matrix)
        #expect(rounded(stats.alpha) == "0.727")
        #expect(rounded(stats.kr20) == "0.727")
        #expect(abs((stats.alpha ?? 0) - (stats.kr20 ?? 1)) < 1e-12)
        #expect(rounded(stats.standardDeviation) == "1.327")
        #expect(rounded(stats.standardError) == "0.693")
        #expect(stats.questions.map { rounded($0.itemTotalCorrelation) } == ["0.686", "0.480", "0.480", "0.456"])
        #expect(stats.questions.map { rounded($0.facility) } == ["0.800", "0.600", "0.600", "0.200"])
        // 27 % of 5 rounds to 1: A (4) above, E (0) below.
        #expect(stats.questions.map { rounded($0.discrimination) } == ["1.000", "1.000", "1.000", "1.000"])
        // Facility 0.20 is below 0.30, but 5 students cannot tell it from 0.6: no flag.
        #expect(stats.questions[3].facilityInterval?.text == "[0.04, 0.62]")
        #expect(stats.questions[3].flags.isEmpty)
    }

    @Test func aClassOfOneAndZeroVarianceGiveNotApplicable() {
        let one = ExamStatistics(ScoreMatrix(students: ["Solo"], items: [
            .init(name: "Q1", maxPoints: 2, scores: [2]), .init(name: "Q2", maxPoints: 0, scores: [0]),
        ]))
        #expect(one.complete == 1 && one.mean == 2 && one.standardDeviation == 0 && one.median == 2)
        #expect(one.alpha == nil && one.kr20 == nil && one.standardError == nil)
        #expect(one.questions.allSatisfy { $0.itemTotalCorrelation == nil && $0.discrimination == nil })
        #expect(one.questions[1].facility == nil, "a maximum of 0 has no facility")

        let same = ExamStatistics(ScoreMatrix(students: ["A", "B", "C"], items: [
            .init(name: "Q1", maxPoints: 2, scores: [1, 1, 1]), .init(name: "Q2", maxPoints: 2, scores: [2, 2, 2]),
        ]))
        #expect(same.alpha == nil && same.standardError == nil && same.standardDeviation == 0)
        #expect(same.questions.map(\.itemTotalCorrelation) == [nil, nil])
        #expect(same.questions.map { rounded($0.discrimination) } == ["0.000", "0.000"])
        #expect(same.questions[0].flags == ["everyone scored the same"], "D = 0 of groups of 1 tells nothing")

        let empty = ExamStatistics(ScoreMatrix(students: [], items: [.init(name: "Q1", maxPoints: 2, scores: [])]))
        #expect(empty.complete == 0 && empty.mean == nil && empty.questions[0].mean == nil)
        let nothingGraded = ExamStatistics(ScoreMatrix(students: ["A"], items: [.init(name: "Q1", maxPoints: 2, scores: [nil])]))
        #expect(nothingGraded.complete == 0 && nothingGraded.totals.isEmpty && nothingGraded.maxTotal == 0)
    }

    /// A written question W (max 4) and one bubble question: the share of each choice among the
    /// students whose row was read, and its correlation with the rest of the exam.
    @Test func bubbleChoicesAndTheirCorrelations() {
        let written: [Double?] = [4, 3, 1, 2, 2, 0]
        func matrix(key: String, responses: [String?], scores: [Double?]) -> ScoreMatrix {
            ScoreMatrix(students: ["S1", "S2", "S3", "S4", "S5", "S6"], items: [
                .init(name: "W", maxPoints: 4, scores: written), .init(name: "mc-1", maxPoints: 2, scores: scores),
            ], bubbleItems: [.init(item: 1, choices: ["A", "B", "C", "D"], key: [key], responses: responses.map { $0.map { [$0] } })])
        }
        let sound = ExamStatistics(matrix(key: "B", responses: ["B", "B", "A", "C", "B", nil], scores: [2, 2, 0, 0, 2, 0])).bubbleQuestions[0]
        #expect(sound.read == 5 && sound.unread == 1 && sound.blank == 0)
        #expect(sound.options.map(\.count) == [1, 3, 1, 0])
        #expect(sound.options.map { rounded($0.share) } == ["0.200", "0.600", "0.200", "0.000"])
        #expect(sound.options.map { rounded($0.restCorrelation) } == ["-0.686", "0.721", "-0.196", "n/a"])
        #expect(sound.options.map(\.keyed) == [false, true, false, false])
        #expect(sound.flags == ["nobody chose D"])

        let wrongKey = ExamStatistics(matrix(key: "A", responses: ["C", "C", "A", "A", "C", "B"], scores: [0, 0, 2, 2, 0, 0]))
        let options = wrongKey.bubbleQuestions[0].options
        #expect(options.map { rounded($0.restCorrelation) } == ["-0.274", "-0.693", "0.775", "n/a"])
        // r = -0.27 over 5 students: its interval reaches far above 0, so the key is not doubted.
        #expect(wrongKey.bubbleQuestions[0].flags == ["nobody chose D"])
        #expect(wrongKey.bubbleQuestions[0].likelyAnswer == nil)
    }

    @Test func statisticsAreWrittenWithFixedDecimals() {
        #expect(StatisticText.decimal(-0.0004) == "0.000")
        #expect(StatisticText.total(11) == "11" && StatisticText.total(11.5) == "11.5" && StatisticText.total(nil) == "n/a",
                "a total students scored reads as points, not 11.000")
        #expect(StatisticText.decimal(nil) == "n/a")
        #expect(StatisticText.points(2.5) == "2.5" && StatisticText.points(0.25) == "0.25" && StatisticText.points(3) == "3")
        #expect(StatisticText.probability(2.31e-7) == "2.31e-07")
        #expect(StatisticText.rounded(0.12345) == 0.123 && StatisticText.rounded(-0.0001) == 0)
        #expect(StatisticText.figure(3) == "3" && StatisticText.figure(3 + 1e-12) == "3" && StatisticText.figure(-2) == "-2",
                "a whole figure reads as one, not 3.000")
        #expect(StatisticText.figure(0.5) == "0.500" && StatisticText.figure(0.5, places: 2) == "0.50" && StatisticText.figure(nil) == "n/a")
    }

    /// Whole counts, scores and means print as whole numbers in the text and the report.
    @Test func wholeNumbersArePrintedAsSuch() {
        let analysis = ExamAnalysis(ScoreMatrix(students: ["A", "B"], items: [
            .init(name: "Q1", maxPoints: 2, scores: [2, 0]), .init(name: "Q2", maxPoints: 2, scores: [2, 2]),
        ]))
        let lines = analysis.textLines(title: "Quiz")
        #expect(lines[1].hasPrefix("Totals: mean 3, median 3, SD 1, range 2 – 4; α 0"), "\(lines[1])")
        #expect(lines.contains { $0.hasPrefix("  Q1\t2\t0\t1\t1\t0.500 [") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("  Q2\t2\t0\t2\t0\t1 [") }, "\(lines)")
        let rows = analysis.report(title: "Quiz").blocks.compactMap { block -> [[String]]? in
            if case .table(let header, let rows) = block, header.first == "Question" { return rows } else { return nil }
        }.first
        #expect(rows?.first.map { Array($0.prefix(6)) } == ["Q1", "2", "2", "0", "1", "1"])
    }

    /// A large class flags what its intervals show, with the interval in the flag; the same
    /// proportions in a class of 10 are not flagged.
    @Test func flagsNeedTheirWholeIntervalPastTheLimit() {
        func matrix(_ students: Int) -> ScoreMatrix {
            ScoreMatrix(students: (0..<students).map { "S\($0)" }, items: [
                .init(name: "H", maxPoints: 1, scores: (0..<students).map { $0 % 10 == 0 ? 1 : 0 }),
                .init(name: "E", maxPoints: 1, scores: (0..<students).map { $0 % 50 == 7 ? 0 : 1 }),
            ])
        }
        let large = ExamStatistics(matrix(200)).questions
        #expect(large[0].flags.first == "hard: facility 0.10, 95 % interval [0.07, 0.15] below 0.30")
        #expect(large[1].flags.first == "easy: facility 0.98, 95 % interval [0.95, 0.99] above 0.90")
        let small = ExamStatistics(matrix(10)).questions
        #expect(small[0].facility == 0.1 && small[0].flags.isEmpty, "\(small[0].flags)")
    }

    /// Unread bubble rows are counted in a column of their own, beside the read and blank ones,
    /// in the report and the text.
    @Test func unreadRowsHaveTheirOwnColumn() {
        let analysis = ExamAnalysis(ScoreMatrix(students: ["Ann", "Ben", "Cy"], items: [
            .init(name: "mc-1", maxPoints: 1, scores: [1, nil, 0]), .init(name: "mc-2", maxPoints: 1, scores: [nil, nil, 1]),
        ], bubbleItems: [
            .init(item: 0, choices: ["A", "B"], accepted: nil, responses: [["A"], nil, []]),
            .init(item: 1, choices: ["A", "B"], accepted: nil, responses: [nil, nil, ["B"]]),
        ]))
        let tables = analysis.report(title: "Quiz").blocks.compactMap { block -> (header: [String], rows: [[String]])? in
            if case .table(let header, let rows) = block { return (header, rows) } else { return nil }
        }
        let choices = tables.first { $0.header.prefix(4) == ["Question", "Read", "Blank", "Unread"] }
        #expect(choices?.rows.map { Array($0.prefix(4)) } == [["mc-1", "2", "1", "1"], ["mc-2", "1", "0", "2"]])
        #expect(tables.contains { $0.header.first == "Statistic" && $0.rows.contains(["Bubble rows not read with certainty", "3 (2 students)"]) })
        #expect(analysis.textLines(title: "Quiz").contains { $0.hasPrefix("  mc-2\t") && $0.contains("\tunread 2") })
    }
}
