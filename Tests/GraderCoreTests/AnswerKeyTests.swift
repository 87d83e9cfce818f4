@_spi(Rules) import GraderCore
import Testing

/// Answer-key files as a teacher writes them: what is accepted, what each question is worth, and
/// the exact message for each mistake.
@Suite struct AnswerKeyTests {
    private let single = BubbleBlock(id: "mc", name: "Multiple choice", page: 1, origin: PagePoint(x: 100, y: 100), rowSpacing: 24,
                                     columnSpacing: 24, bubbleDiameter: 12, rows: 4, pointsPerQuestion: Points(quarters: 4))
    private var multiple: BubbleBlock {
        var block = single
        block.kind = .multipleAnswer
        return block
    }

    private func message(_ text: String, block: BubbleBlock? = nil) -> String? {
        do { _ = try AnswerKey.parse(text, file: "key.txt", block: block ?? single); return nil } catch { return error.localizedDescription }
    }

    @Test func aFileGivesQuestionsInAnyOrderWithCommentsAlternativesAndPoints() throws {
        let key = try AnswerKey.parse("""
            # question  answer   points (optional)

            4   *          # every answer counts
            1   B
              3   AC   2   # A and C together; worth 2 points
            2   A|C        # either A or C
            """, file: "key.txt", block: multiple)
        #expect(key.rows == [
            AnswerKey.Entry(accepted: .oneOf([["B"]])),
            AnswerKey.Entry(accepted: .oneOf([["A"], ["C"]])),
            AnswerKey.Entry(accepted: .oneOf([["A", "C"]]), points: Points(quarters: 8)),
            AnswerKey.Entry(accepted: .any),
        ])
        #expect(key.rows.map(\.accepted.text) == ["B", "A|C", "A+C", "*"])
        #expect((key.ownPointsCount, key.alternativesCount, key.anyCount) == (1, 1, 1))
        #expect(try AnswerKey.parse("1 CA|D+B 0.25\n2 A\n3 B\n4 C", file: "key.txt", block: multiple).rows[0]
            == AnswerKey.Entry(accepted: .oneOf([["A", "C"], ["B", "D"]]), points: Points(quarters: 1)), "labels in choice order")
    }

    @Test func questionNumbersAreTheBlocks() throws {
        var block = single
        block.firstQuestionNumber = 21
        let key = try AnswerKey.parse("22 B\n21 A\n24 D\n23 C\n", file: "key.txt", block: block)
        #expect(key.rows.map(\.accepted.text) == ["A", "B", "C", "D"])
        #expect(message("1 A\n21 B", block: block) == "key.txt line 1: question 1 is not in block mc (it has questions 21–24).")
    }

    @Test func theOneLineFormStillWorks() throws {
        #expect(try AnswerKey.parse("BDAC", file: nil, block: single).rows.map(\.accepted.text) == ["B", "D", "A", "C"])
        #expect(try AnswerKey.parse("# the key\nB,D,A,C\n", file: "key.txt", block: single).rows.map(\.accepted.text) == ["B", "D", "A", "C"])
        #expect(try AnswerKey.parse("AC B D CE\n", file: "key.txt", block: multiple).rows.map(\.accepted.text) == ["A+C", "B", "D", "C+E"])
        #expect(message("BDA") == "The answer key does not fit: the key has 3 answers but block 'mc' has 4 questions.")
    }

    @Test func everyMistakeIsNamedByLineAndValue() {
        #expect(message("1 A\n2 B\n3 AF\n4 C") == "key.txt line 3: question 3 answer 'AF': F is not a choice (A, B, C, D, E).")
        #expect(message("1 A\n2 B\n3 AF\n4 C", block: multiple) == "key.txt line 3: question 3 answer 'AF': F is not a choice (A, B, C, D, E).")
        #expect(message("1 A\n2 B\n3 AC\n4 C")
            == "key.txt line 3: question 3 answer 'AC': block mc takes one answer per question; write A|C to accept any of them.")
        #expect(message("1 A\n2 B\n3 C\n\n# again\n2 D\n4 E") == "key.txt line 6: question 2 given twice (first on line 2).")
        #expect(message("1 A\n2 B\n4 C") == "key.txt: question 3 is missing (block mc has questions 1–4).")
        #expect(message("1 A\n4 C") == "key.txt: questions 2, 3 are missing (block mc has questions 1–4).")
        #expect(message("1 A\n2 B\n3 C 1.3\n4 D")
            == "key.txt line 3: question 3 points '1.3' must be a number above 0 in steps of 0.25 (e.g. 2 or 1.5); to drop the question, give * as its answer.")
        #expect(message("1 A\n2 B -1\n3 C\n4 D")
            == "key.txt line 2: question 2 points '-1' must be a number above 0 in steps of 0.25 (e.g. 2 or 1.5); to drop the question, give * as its answer.")
        #expect(message("1 A\nQ2 B\n3 C\n4 D")
            == "key.txt line 2: 'Q2' is not a question number; write 'question answer [points]', e.g. '1 B' or '1 B 2'.")
        #expect(message("1 A\n2\n3 C\n4 D") == "key.txt line 2: question 2 has no answer; write 'question answer [points]', e.g. '2 B'.")
        #expect(message("1 A\n2 B 1 extra\n3 C\n4 D")
            == "key.txt line 2: too many values after question 2 ('B 1 extra'); write 'question answer [points]', e.g. '2 B 2'.")
        #expect(message("1 A|\n2 B\n3 C\n4 D")
            == "key.txt line 1: question 1 answer 'A|': an alternative is empty; separate accepted answers with |, e.g. A|C.")
        #expect(message("1 A|*\n2 B\n3 C\n4 D") == "key.txt line 1: question 1 answer 'A|*': * stands alone (every answer counts).")
        #expect(message("1 AA\n2 B\n3 C\n4 D", block: multiple) == "key.txt line 1: question 1 answer 'AA': A is given twice.")
        #expect(message("# nothing yet\n\n") == "key.txt: no answers (block mc has questions 1–4); write one line per question, e.g. '1 B'.")
    }

    @Test func aRightAnswerIsOneTheKeyAcceptsAndEarnsTheQuestionsPoints() {
        let either = AnswerKey.Entry(accepted: .oneOf([["A"], ["C"]]))
        #expect(BubbleScoring.score(.answered(["A"]), key: either, block: single) == .points(Points(quarters: 4)))
        #expect(BubbleScoring.score(.answered(["C"]), key: either, block: single) == .points(Points(quarters: 4)))
        #expect(BubbleScoring.score(.answered(["B"]), key: either, block: single) == .points(.zero))
        #expect(BubbleScoring.score(.blank, key: either, block: single) == .points(.zero))
        #expect(BubbleScoring.score(.multiple(["A", "C"]), key: either, block: single) == nil, "several marks stay for review")
        #expect(BubbleScoring.score(.uncertain(reason: "light mark on A"), key: either, block: single) == nil)

        let together = AnswerKey.Entry(accepted: .oneOf([["A", "C"], ["B", "D"]]), points: Points(quarters: 10))
        #expect(BubbleScoring.score(.answered(["C", "A"]), key: together, block: multiple) == .points(Points(quarters: 10)))
        #expect(BubbleScoring.score(.answered(["B", "D"]), key: together, block: multiple) == .points(Points(quarters: 10)))
        #expect(BubbleScoring.score(.answered(["A"]), key: together, block: multiple) == .points(.zero), "half of an answer is wrong")
        #expect(BubbleScoring.score(.answered(["A", "B", "C"]), key: together, block: multiple) == .points(.zero))

        let dropped = AnswerKey.Entry(accepted: .any, points: Points(quarters: 2))
        #expect(BubbleScoring.score(.answered(["E"]), key: dropped, block: single) == .points(Points(quarters: 2)))
        #expect(BubbleScoring.score(.blank, key: dropped, block: single) == .points(.zero), "a blank row still earns 0")
        #expect(BubbleScoring.score(.uncertain(reason: "erasure"), key: dropped, block: single) == nil)
    }

    @Test func theStoredFormReadsBack() {
        for entry in [AcceptedAnswers.any, .oneOf([["B"]]), .oneOf([["A"], ["C"]]), .oneOf([["A", "C"], ["B", "D"]])] {
            #expect(AcceptedAnswers(stored: entry.text) == entry)
        }
    }
}
