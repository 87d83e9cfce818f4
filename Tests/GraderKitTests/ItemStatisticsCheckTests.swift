import Foundation
@testable import GraderAnalysis
import GraderCore
import GraderKit
import TestSupport
import Testing

/// The report's figures — upper/lower group counts, the key check and its likely answer, α if
/// deleted, the intervals and the flags they decide, unread rows — recomputed with numpy and
/// scipy (Tests/Stats/item_statistics.py) from the same classes, and compared one by one.
@Suite struct ItemStatisticsCheckTests {
    @Test func everyNewFigureMatchesNumpyAndScipy() throws {
        let folder = TemporaryFolder()
        let fixture = ScoreMatrix(book: try StatisticsFixture.classWithBubbles(in: folder).gradeBook())
        let generated = Self.generatedClass(students: 60, seed: 11)
        let classes = [fixture, generated, generated.firstStudents(8), Self.generatedClass(students: 300, seed: 5, partialCredit: false)]
        let thresholds = StatisticsThresholds()
        try JSONSerialization.data(withJSONObject: classes.map { $0.json(thresholds) })
            .write(to: URL(fileURLWithPath: folder.file("classes.json")))
        let run = try runPythonDriver("Tests/Stats/item_statistics.py", work: folder)
        try #require(run.status == 0, "\(run.output)")
        let expected = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.file("expected.json")))) as? [[String: Any]])

        var check = Comparison()
        for (index, matrix) in classes.enumerated() {
            check.compare(ExamStatistics(matrix, thresholds: thresholds), expected[index], name: "class \(index + 1)")
        }
        #expect(check.mismatches.isEmpty, "\(check.mismatches.prefix(20).joined(separator: "\n"))")
        #expect(check.compared > 2500, "\(check.compared) figures compared")
        // The classes exercise what the figures are for: flags raised and not, a key doubted.
        #expect(check.flagsRaised > 5 && check.likelyAnswers >= 2, "\(check.flagsRaised) flags, \(check.likelyAnswers) likely answers")
        let doubted = classes.map { ExamStatistics($0).bubbleQuestions.filter { $0.likelyAnswer != nil }.map { "\($0.name) → \($0.likelyAnswer ?? "")" } }
        // The planted wrong key of 60 and 300 students is found, and nothing else; the fixture's
        // (30 students) and the 8-student class's evidence does not reach 95 %.
        #expect(doubted == [[], ["mc-4 → C"], [], ["mc-4 → C"]], "\(doubted)")
        print("ItemStatisticsCheckTests: \(check.compared) figures equal to numpy/scipy's (\(check.flagsRaised) flags, \(check.likelyAnswers) likely answers)")
    }

    /// A class drawn from `seed`: five written questions (partial credit, two students ungraded on
    /// W2) and twelve bubble questions A–D: mc-4's key is wrong (strong students mark C, the key
    /// says B), mc-6 accepts A or C, mc-9 is a multiple-answer row (A+C); some rows are blank, some
    /// unread (half of them graded by hand). Without `partialCredit` every question is right or wrong.
    static func generatedClass(students: Int, seed: UInt64, partialCredit: Bool = true) -> ScoreMatrix {
        var random = SeededGenerator(seed: seed)
        func uniform() -> Double { Double(random.next() >> 11) / Double(1 << 53) }
        let ability = (0..<students).map { _ in uniform() }
        let written: [(String, Double)] = partialCredit ? [("W1", 2), ("W2", 3), ("W3", 4), ("W4", 5), ("W5", 10)] : [("W1", 1), ("W2", 1)]
        var items = written.enumerated().map { index, question in
            ScoreMatrix.Item(name: question.0, maxPoints: question.1, scores: (0..<students).map { student -> Double? in
                if question.0 == "W2", partialCredit, student % 29 == 3 { return nil }
                let raw = question.1 * (0.1 + 0.8 * ability[student]) + (uniform() - 0.5) * question.1 * 0.5
                let step = partialCredit ? 0.5 : question.1
                return min(question.1, max(0, (raw / step).rounded() * step))
            })
        }
        let choices = ["A", "B", "C", "D"], correct = ["A", "B", "C", "D", "A", "C", "B", "D", "A", "B", "C", "D"]
        var bubbles: [ScoreMatrix.BubbleItem] = []
        // Easy and hard questions: the chance of the right answer grows with ability from a floor.
        let floors = [0.9, 0.5, 0.3, 0.4, 0.05, 0.3, 0.2, 0.3, 0.3, 0.1, 0.6, 0.02]
        for row in 0..<12 {
            let accepted: AcceptedAnswers = row == 3 ? .oneOf([["B"]]) : row == 5 ? .oneOf([["A"], ["C"]])
                : row == 8 ? .oneOf([["A", "C"]]) : .oneOf([[correct[row]]])
            var responses: [[String]?] = [], scores: [Double?] = []
            for student in 0..<students {
                var answer: [String]? = uniform() < floors[row] + (1 - floors[row]) * ability[student] * 0.9
                    ? (row == 8 ? ["A", "C"] : [row == 3 ? "C" : correct[row]])
                    : [choices[Int(uniform() * 4)]]
                if uniform() < 0.04 { answer = [] }
                let unread = uniform() < 0.03
                if unread { answer = nil }
                let right = answer.map { accepted.accepts($0) ? 1.0 : 0.0 }
                responses.append(answer)
                // Half the unread rows were graded by hand (right or wrong by ability).
                scores.append(unread ? (student % 2 == 0 ? (ability[student] > 0.5 ? 1 : 0) : nil) : right)
            }
            bubbles.append(.init(item: items.count, choices: choices, accepted: accepted, responses: responses, singleAnswer: row != 8))
            items.append(.init(name: "mc-\(row + 1)", maxPoints: 1, scores: scores))
        }
        return ScoreMatrix(students: (1...students).map { "S\($0)" }, items: items, bubbleItems: bubbles)
    }
}

/// Swift's figures against Python's, within a tolerance; every mismatch named.
private struct Comparison {
    var compared = 0, flagsRaised = 0, likelyAnswers = 0
    var mismatches: [String] = []

    mutating func number(_ value: Double?, _ expected: Any?, _ name: String, tolerance: Double = 1e-9) {
        compared += 1
        let python = (expected as? NSNumber)?.doubleValue
        switch (value, python) {
        case (nil, nil): return
        case let (swift?, python?) where abs(swift - python) <= tolerance * max(1, abs(python)): return
        default: mismatches.append("\(name): \(value.map { "\($0)" } ?? "nil") ≠ numpy/scipy \(python.map { "\($0)" } ?? "nil")")
        }
    }

    mutating func interval(_ value: Interval?, _ expected: Any?, _ name: String, tolerance: Double = 1e-9) {
        let ends = expected as? [Any]
        if (value == nil) != (ends == nil) { return mismatches.append("\(name): \(String(describing: value)) ≠ \(String(describing: ends))") }
        number(value?.lower, ends?[0], name + ".lower", tolerance: tolerance)
        number(value?.upper, ends?[1], name + ".upper", tolerance: tolerance)
    }

    mutating func same<T: Equatable>(_ value: T, _ expected: T?, _ name: String) {
        compared += 1
        if value != expected { mismatches.append("\(name): \(value) ≠ numpy/scipy \(String(describing: expected))") }
    }

    mutating func groups(_ value: OptionStatistics.GroupCount?, _ expected: Any?, _ name: String) {
        same(value.map { [$0.upper, $0.lower] }, expected as? [Int], name)
    }

    mutating func flag(_ flags: [String], _ prefix: String, _ expected: Any?, _ name: String) {
        let raised = flags.contains { $0.hasPrefix(prefix) }
        if raised { flagsRaised += 1 }
        same(raised, expected as? Bool, name)
    }

    mutating func compare(_ stats: ExamStatistics, _ expected: [String: Any], name: String) {
        let exam = expected["exam"] as? [String: Any] ?? [:]
        number(stats.alpha, exam["alpha"], "\(name) α")
        // Feldt's F quantiles are found by bisection: equal to scipy's to 1e-9 of 1.
        interval(stats.alphaInterval, exam["alphaInterval"], "\(name) α interval", tolerance: 1e-8)
        same(stats.unreadBubbleRows, exam["unreadBubbleRows"] as? Int, "\(name) unread rows")
        same(stats.studentsWithUnreadRows, exam["studentsWithUnreadRows"] as? Int, "\(name) students with unread rows")
        flag(stats.flags, "low reliability", exam["lowReliability"], "\(name) low reliability")

        let questions = expected["questions"] as? [[String: Any]] ?? []
        same(stats.questions.count, questions.count, "\(name) questions")
        for (q, python) in zip(stats.questions, questions) {
            let at = "\(name) \(q.name)"
            number(q.facility, python["facility"], "\(at) facility")
            number(q.itemTotalCorrelation, python["itemTotalCorrelation"], "\(at) r")
            number(q.discrimination, python["discrimination"], "\(at) D")
            number(q.alphaIfDeleted, python["alphaIfDeleted"], "\(at) α if deleted")
            interval(q.facilityInterval, python["facilityInterval"], "\(at) facility interval")
            interval(q.itemTotalCorrelationInterval, python["itemTotalCorrelationInterval"], "\(at) r interval")
            interval(q.discriminationInterval, python["discriminationInterval"], "\(at) D interval")
            flag(q.flags, "hard", python["hard"], "\(at) hard")
            flag(q.flags, "easy", python["easy"], "\(at) easy")
            flag(q.flags, "weak item–total", python["weak"], "\(at) weak r")
            flag(q.flags, "low discrimination", python["low"], "\(at) low D")
        }

        let bubbles = expected["bubbleQuestions"] as? [[String: Any]] ?? []
        same(stats.bubbleQuestions.count, bubbles.count, "\(name) bubble questions")
        for (b, python) in zip(stats.bubbleQuestions, bubbles) {
            let at = "\(name) \(b.name)"
            same(b.read, python["read"] as? Int, "\(at) read")
            same(b.blank, python["blank"] as? Int, "\(at) blank")
            same(b.unread, python["unread"] as? Int, "\(at) unread")
            same(b.groupSize, python["groupSize"] as? Int, "\(at) group size")
            groups(b.blankGroups, python["blankGroups"], "\(at) blank in groups")
            groups(b.unreadGroups, python["unreadGroups"], "\(at) unread in groups")
            flag(b.flags, "check the key", python["keyDoubt"], "\(at) key doubt")
            same(b.likelyAnswer, python["likelyAnswer"] as? String, "\(at) likely answer")
            if b.likelyAnswer != nil { likelyAnswers += 1 }
            let options = python["options"] as? [[String: Any]] ?? []
            same(b.options.count, options.count, "\(at) options")
            for (o, option) in zip(b.options, options) {
                let choice = "\(at) \(o.label)"
                same(o.count, option["count"] as? Int, "\(choice) count")
                same(o.keyed, option["keyed"] as? Bool, "\(choice) keyed")
                number(o.restCorrelation, option["restCorrelation"], "\(choice) r")
                interval(o.restCorrelationInterval, option["restCorrelationInterval"], "\(choice) r interval")
                groups(o.groups, option["groups"], "\(choice) upper/lower")
                number(o.upperPreferenceP, option["upperPreferenceP"], "\(choice) sign test P")
            }
        }
    }
}

extension ScoreMatrix {
    /// The same class cut to its first `count` students.
    func firstStudents(_ count: Int) -> ScoreMatrix {
        ScoreMatrix(students: Array(students.prefix(count)),
                    items: items.map { .init(name: $0.name, maxPoints: $0.maxPoints, scores: Array($0.scores.prefix(count))) },
                    bubbleItems: bubbleItems.map {
                        .init(item: $0.item, choices: $0.choices, accepted: $0.accepted, responses: Array($0.responses.prefix(count)),
                              singleAnswer: $0.singleAnswer)
                    })
    }

    /// The class as the Python script reads it.
    func json(_ thresholds: StatisticsThresholds) -> [String: Any] {
        [
            "students": students, "confidence": thresholds.confidence, "groupShare": thresholds.groupShare,
            "limits": ["hardFacility": thresholds.hardFacility, "easyFacility": thresholds.easyFacility,
                       "itemTotalCorrelation": thresholds.itemTotalCorrelation, "discrimination": thresholds.discrimination,
                       "reliability": thresholds.reliability],
            "items": items.map { ["name": $0.name, "max": $0.maxPoints, "scores": $0.scores.map { $0 as Any? ?? NSNull() }] as [String: Any] },
            "bubbles": bubbleItems.map { bubble in
                ["item": bubble.item, "choices": bubble.choices, "single": bubble.singleAnswer,
                 "keyed": bubble.accepted.map { Array($0.keyedChoices).sorted() } ?? [],
                 "responses": bubble.responses.map { $0 as Any? ?? NSNull() }] as [String: Any]
            },
        ]
    }
}
