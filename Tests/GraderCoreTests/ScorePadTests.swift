import Testing
@_spi(Rules) @testable import GraderCore

/// Issue 30: the touch score pad offers exactly the scores the scoring rule takes, one tap each.
@Suite struct ScorePadTests {
    @Test func aPointPerKeyUpToTheMaximumAndTheQuarterEndings() {
        let pad = ScorePad(max: Points("4")!)
        #expect(pad.values == ["0", "1", "2", "3", "4"])
        #expect(pad.fractions == [".25", ".5", ".75"])
        #expect(!pad.digits)
    }

    @Test func aFractionalMaximumHasItsOwnKeyAndATinyOneOnlyTheEndingsBelowIt() {
        #expect(ScorePad(max: Points("2.5")!).values == ["0", "1", "2", "2.5"])
        let half = ScorePad(max: Points("0.5")!)
        #expect(half.values == ["0", "0.5"] && half.fractions == [".25"])
    }

    @Test func aMaximumTooLargeForAKeyPerPointGetsDigits() {
        #expect(ScorePad(max: Points("20")!).values.count == 21)
        let large = ScorePad(max: Points("20.5")!)
        #expect(large.digits && large.values.isEmpty && large.fractions == [".25", ".5", ".75"])
    }

    @Test func everyScoreThePadMakesIsOneTheRuleTakesAndNoneAbove() throws {
        for max in ["4", "2.5", "0.75", "8", "20"] {
            let question = NumberedQuestion(question: Question(id: QuestionID(1), page: 1, position: RelativePoint(x: 0.5, y: 0.5),
                                                               maxPoints: Points(max)!, label: "Q1"), number: 1)
            let pad = ScorePad(max: question.question.maxPoints)
            for value in pad.values { #expect(throws: Never.self) { try GradingRules.score(value, for: question) } }
            #expect(pad.values.last == max)
            let made = pad.values.flatMap { value in pad.fractions.map { String(value.split(separator: ".")[0]) + $0 } }
            for score in made where Points(score)! <= question.question.maxPoints {
                #expect(throws: Never.self) { try GradingRules.score(score, for: question) }
            }
        }
    }
}
