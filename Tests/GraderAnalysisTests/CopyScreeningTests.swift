import Foundation
@testable import GraderAnalysis
@testable import GraderCore
import Testing

/// The screening of bubble answers: hand-computed on a tiny class, then a planted copied pair
/// among simulated honest sheets.
@Suite struct CopyScreeningTests {
    /// Three single-answer questions keyed A (choices A–C) answered by four students, as a matrix.
    private func matrix(_ answers: [[String]], key: String = "A", choices: [String] = ["A", "B", "C"]) -> ScoreMatrix {
        let names = answers.indices.map { "S\($0 + 1)" }
        let questions = answers.first?.count ?? 0
        return ScoreMatrix(
            students: names,
            items: (0..<questions).map { q in .init(name: "mc-\(q + 1)", maxPoints: 1, scores: answers.map { $0[q] == key ? 1 : 0 }) },
            bubbleItems: (0..<questions).map { q in .init(item: q, choices: choices, key: [key], responses: answers.map { [$0[q]] }) })
    }

    @Test func thePoissonBinomialTailIsExact() {
        #expect(abs(PoissonBinomial.tail([5.0 / 9, 5.0 / 9, 0.5], atLeast: 2) - 5.0 / 9) < 1e-12)
        #expect(PoissonBinomial.tail([0.3, 0.4], atLeast: 0) == 1)
        #expect(PoissonBinomial.tail([0.3, 0.4], atLeast: 3) == 0)
        #expect(abs(PoissonBinomial.tail([0.3, 0.4], atLeast: 2) - 0.12) < 1e-12)
    }

    /// S1 and S2 both got all three wrong, two with the same choice. On question 1 the others'
    /// wrong choices are one C, so (with one imagined student per wrong choice) B has 1/3, C 2/3:
    /// q = 1/9 + 4/9 = 5/9; question 2 the same; question 3 (B, B by the others' C, C) q = 1/2.
    /// Expected 5/9 + 5/9 + 1/2 = 1.611; P(X ≥ 2) = 0.556.
    @Test func handComputedPair() {
        let screening = CopyScreening(matrix([["B", "C", "B"], ["B", "C", "C"], ["A", "B", "B"], ["C", "A", "C"]]), threshold: 10)
        #expect(screening.questions == 3 && screening.pairsCompared == 6)
        let first = screening.pairs.first
        #expect(first?.first == "S1" && first?.second == "S2")
        #expect(first?.bothWrong == 3 && first?.identicalWrong == 2)
        #expect(StatisticText.decimal(first?.expected) == "1.611")
        #expect(StatisticText.decimal(first?.probability) == "0.556")
        #expect(StatisticText.decimal(first?.chancePairs) == "3.333")
        #expect(first?.shared == ["mc-1: B", "mc-2: C"])
        #expect(screening.pairs.map { "\($0.first)-\($0.second)" } == ["S1-S2", "S1-S3", "S2-S4"])
        #expect(CopyScreening(matrix([["B", "C", "B"], ["B", "C", "C"], ["A", "B", "B"], ["C", "A", "C"]])).pairs.isEmpty,
                "by the default limit nothing in so small a class is improbable enough")
    }

    @Test func unkeyedBlankAndMultipleAnswerQuestionsAreNotScreened() {
        let blank = ScoreMatrix(students: ["A", "B"], items: [.init(name: "mc-1", maxPoints: 1, scores: [0, 0])],
                                bubbleItems: [.init(item: 0, choices: ["A", "B"], key: ["A"], responses: [[], []])])
        #expect(CopyScreening(blank, threshold: 10).pairs.isEmpty, "two blanks are not a shared wrong answer")
        let unkeyed = ScoreMatrix(students: ["A", "B"], items: [.init(name: "mc-1", maxPoints: 1, scores: [0, 0])],
                                  bubbleItems: [.init(item: 0, choices: ["A", "B"], key: nil, responses: [["B"], ["B"]])])
        #expect(CopyScreening(unkeyed).questions == 0)
        #expect(CopyScreening(ScoreMatrix(students: ["Solo"], items: [])).pairsCompared == 0)
    }

    @Test func anAnswerTheKeyAcceptsIsNotWrongAndADroppedQuestionIsNotScreened() {
        func screening(_ accepted: AcceptedAnswers) -> CopyScreening {
            CopyScreening(ScoreMatrix(students: ["A", "B"], items: [.init(name: "mc-1", maxPoints: 1, scores: [1, 1])],
                                      bubbleItems: [.init(item: 0, choices: ["A", "B", "C"], accepted: accepted, responses: [["B"], ["B"]])]),
                          threshold: 10)
        }
        #expect(screening(.oneOf([["A"]])).pairs.map(\.shared) == [["mc-1: B"]], "B is wrong when only A is right")
        #expect(screening(.oneOf([["A"], ["B"]])).pairs.isEmpty, "B is right when A|B is the key")
        #expect(screening(.oneOf([["A"], ["B"]])).questions == 1)
        #expect(screening(.any).questions == 0, "where every answer counts, no answer is wrong")
    }

    /// 200 honest students answer 40 questions (A–E) independently — ability against difficulty,
    /// and each question's wrong choices unevenly popular — then one student copies another's
    /// sheet on 36 questions. Only the planted pair is listed.
    @Test func aPlantedCopyIsFlaggedAndHonestSheetsAreNot() {
        var honest = SimulatedClass(students: 200, questions: 40, seed: 17)
        let baseline = CopyScreening(matrix(honest.answers, choices: SimulatedClass.choices))
        #expect(baseline.pairsCompared == 19_900)
        #expect(baseline.pairs.isEmpty, "false alarms among honest sheets: \(baseline.pairs.map { "\($0.first)-\($0.second)" })")

        honest.copy(from: 10, to: 150, questions: 36)
        let planted = CopyScreening(matrix(honest.answers, choices: SimulatedClass.choices))
        #expect(planted.pairs.map { "\($0.first)-\($0.second)" } == ["S11-S151"])
        let pair = planted.pairs.first
        #expect((pair?.identicalWrong ?? 0) > 2 * Int(pair?.expected ?? 99))
        print("planted pair: \(pair?.identicalWrong ?? 0) identical of \(pair?.bothWrong ?? 0) both wrong, expected "
            + "\(StatisticText.decimal(pair?.expected, places: 1)), P \(StatisticText.probability(pair?.probability ?? 1))")
    }

    /// Over 5 classes of 200 honest sheets (99,500 pairs), how many pairs the screening lists.
    @Test func falseAlarmsOnHonestClasses() {
        var listed = 0, loose = 0
        for seed in 1...5 {
            let answers = SimulatedClass(students: 200, questions: 40, seed: UInt64(seed)).answers
            let screening = CopyScreening(matrix(answers, choices: SimulatedClass.choices), threshold: 19_900 * 0.001)
            loose += screening.pairs.count
            listed += screening.pairs.filter { $0.chancePairs < CopyScreening.defaultThreshold }.count
        }
        print("copy screening, 5 × 200 honest sheets (99,500 pairs): \(listed) listed at the default limit; \(loose) with P < 0.001")
        #expect(listed == 0)
        #expect(loose < 100 * 2, "P < 0.001 per pair: about 100 by chance at most")
    }
}

/// Answer sheets of an honest class: student ability against question difficulty (a logistic
/// model) decides right or wrong; a wrong answer is one of the wrong choices, drawn by that
/// question's own popularity of each. All from a seed.
struct SimulatedClass {
    /// The choices of every question; A is the key.
    static let choices = ["A", "B", "C", "D", "E"]
    /// Per student, per question: the choice marked.
    private(set) var answers: [[String]]

    init(students: Int, questions: Int, seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        func uniform() -> Double { Double(random.next() >> 11) / Double(1 << 53) }
        let difficulty = (0..<questions).map { _ in uniform() * 3 - 1.5 }
        let popularity = (0..<questions).map { _ in (0..<4).map { _ in 0.1 + uniform() * uniform() * 3 } }
        answers = (0..<students).map { _ in
            let ability = (0..<4).reduce(0.0) { sum, _ in sum + uniform() } - 2 + 0.3
            return (0..<questions).map { q in
                if uniform() < 1 / (1 + exp(-1.7 * (ability * 1.7 - difficulty[q]))) { return "A" }
                var pick = uniform() * popularity[q].reduce(0, +)
                for (option, weight) in popularity[q].enumerated() {
                    pick -= weight
                    if pick < 0 { return Self.choices[option + 1] }
                }
                return "E"
            }
        }
    }

    /// `copier` takes `source`'s answer on the first `questions` questions.
    mutating func copy(from source: Int, to copier: Int, questions: Int) {
        for q in 0..<questions { answers[copier][q] = answers[source][q] }
    }
}
