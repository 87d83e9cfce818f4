import Testing
@_spi(Rules) @testable import GraderCore

/// Issue 26: the one number parser every typed value goes through.
@Suite struct DecimalNumberTests {
    @Test func plainDecimalsAreRead() {
        for (text, value) in [("430", 430.0), ("-20", -20), ("+0.5", 0.5), (" 2.5 ", 2.5), (".25", 0.25), ("3.", 3), ("1000000", 1e6), ("-1000000", -1e6)] {
            #expect(DecimalNumber.parse(text) == value, "\(text)")
        }
    }

    @Test func everythingElseIsRefused() {
        for text in ["", " ", "-", ".", "+-1", "nan", "NaN", "inf", "-inf", "infinity", "1e3", "1E3", "0x10", "0b1", "1_000", "١٢",
                     "1,5", "1.2.3", "1000000.5", "9.3e18", "1e300", "--1", "½"] {
            #expect(DecimalNumber.parse(text) == nil, "\(text)")
        }
    }

    @Test func pointsTakeADecimalCommaAndASign() throws {
        #expect(DecimalNumber.points("7,5") == 7.5 && DecimalNumber.points("-0,25") == -0.25 && DecimalNumber.points("+1,5") == 1.5)
        #expect(DecimalNumber.points("7.5") == 7.5 && DecimalNumber.points("1,2,3") == nil && DecimalNumber.points("1,5.0") == nil)
        #expect(Points("2,5") == Points(quarters: 10) && Points("-1,75") == Points(quarters: -7))
        let question = NumberedQuestion(question: Question(id: QuestionID(1), page: 1, position: RelativePoint(x: 0.1, y: 0.1),
                                                           maxPoints: Points(quarters: 40), label: "Q1"), number: 1)
        #expect(try GradingRules.score("7,5", for: question) == .points(Points(quarters: 30)))
    }

    @Test func listsHaveTheirCount() {
        #expect(DecimalNumber.list("430, 60", count: 2) == [430, 60])
        #expect(DecimalNumber.list("430,60,1", count: 2) == nil)
        #expect(DecimalNumber.list("430,", count: 2) == nil)
        #expect(DecimalNumber.list("0x10,5", count: 2) == nil)
        #expect(PagePosition("0x10,5") == nil && PagePosition("nan%,5") == nil && PagePosition("50%,8%") != nil)
        #expect(Points("+0.5") == Points(quarters: 2) && Points("1e2") == nil && Points("0x4") == nil)
    }

    @Test func controlCharactersAreShownEscaped() {
        #expect(TerminalText.escaped("Evil\u{1B}[31mRed\u{07}\u{9B}\u{7F}") == "Evil\\x1B[31mRed\\x07\\x9B\\x7F")
        #expect(TerminalText.escaped("Zoë\t李\n") == "Zoë\t李\n")
    }
}
