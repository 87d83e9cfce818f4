import Foundation
@_spi(Rules) import GraderCore
import GraderDigits
import ScanFactory
import Testing

/// Scores written by pen in the score pad (strokes as the browser sends them, from the generator's
/// pen hands, unlike the reader's training data), read for a question worth 10.
@Suite struct WrittenScoreReaderTests {
    static let q2 = NumberedQuestion.inReadingOrder([Question(id: QuestionID(2), page: 1, position: RelativePoint(x: 0.5, y: 0.5),
                                                              maxPoints: Points("10")!, label: "Q2")])[0]
    static let scores = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "0.5", "2.5", "4.5", "7.5", "9.5", "6.25", "8.75"]
    static let hands = (0..<12).map { PenHand(seed: 7_300 + UInt64($0)) }

    /// The façade's rule for a typed score, as `GradingProject.readWrittenScore` passes it.
    static func rule(_ text: String) -> Points? {
        guard case .points(let points)? = try? GradingRules.score(text, for: q2) else { return nil }
        return points
    }

    static func strokes(_ text: String, hand: Int, seed: UInt64 = 1) -> [[PagePoint]] {
        PenScoreStrokes.strokes(writing: text, hand: hands[hand], seed: seed * 1_000 + UInt64(hand)).map { $0.map { PagePoint(x: $0.x, y: $0.y) } }
    }

    @Test func scoresWrittenInTwelveHandsAreOfferedAndNoneOfferedWrong() throws {
        let reader = try WrittenScoreReader()
        var offered = 0, wrong: [String] = [], doubtful: [String] = []
        for hand in Self.hands.indices {
            for score in Self.scores {
                let reading = reader.read(Self.strokes(score, hand: hand), for: Self.q2, taking: Self.rule)
                if let offer = reading.offer {
                    if offer == Points(score)! { offered += 1 } else { wrong.append("hand \(hand): \(score) offered as \(offer)") }
                } else {
                    doubtful.append("hand \(hand): \(score) read \(reading.read) at \(reading.confidence)")
                }
            }
        }
        let total = Self.hands.count * Self.scores.count
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(Double(offered) >= 0.9 * Double(total), "\(offered) of \(total) offered; not: \(doubtful)")
    }

    @Test func anOfferSaysTheScoreOutOfTheMaximum() throws {
        let reading = try WrittenScoreReader().read(Self.strokes("7.5", hand: 0), for: Self.q2, taking: Self.rule)
        #expect(reading.read == "7.5" && reading.offer == Points("7.5"))
        #expect(reading.message == "7.5 — tap to give 7.5/10")
    }

    @Test func aScoreOverTheMaximumIsSaidAndNotOffered() throws {
        let reader = try WrittenScoreReader()
        var said = 0
        for hand in Self.hands.indices {
            let reading = reader.read(Self.strokes("12", hand: hand), for: Self.q2, taking: Self.rule)
            #expect(reading.offer == nil, "hand \(hand): 12 offered as \(String(describing: reading.offer))")
            if reading.outcome == WrittenScore.Outcome.outOfRange {
                said += 1
                #expect(reading.message == "Read 12, but Q2 takes 0 to 10 in steps of 0.25: write the score again.")
            }
        }
        #expect(said >= 6, "12 read surely in \(said) of 12 hands")
    }

    /// A crossed-out digit and a scribble: neither is offered as sure.
    @Test func aDoubtfulReadingIsNotOffered() throws {
        let reader = try WrittenScoreReader()
        for hand in Self.hands.indices {
            let seven = Self.strokes("7", hand: hand)
            // Crossed out as a grader does: the pen back and forth over the digit, ten times down it.
            let crossedOut = seven + [stride(from: 0.0, through: 10, by: 1).map { PagePoint(x: 14 + ($0.truncatingRemainder(dividingBy: 2)) * 44, y: 22 + $0 * 5.5) }]
            let scribble = [stride(from: 0.0, through: 40, by: 1).map { PagePoint(x: 20 + 40 * abs(sin($0 * 0.7)), y: 20 + $0 * 1.5) }]
            let cases: [(String, [[PagePoint]])] = [("crossed-out 7", crossedOut), ("scribble", scribble)]
            for (name, strokes) in cases {
                let reading = reader.read(strokes, for: Self.q2, taking: Self.rule)
                #expect(reading.offer == nil, "hand \(hand), \(name): offered \(reading.read) at \(reading.confidence)")
            }
        }
    }

    @Test func nothingWrittenOrTooMuchIsSaid() throws {
        let reader = try WrittenScoreReader()
        let nothing = reader.read([], for: Self.q2, taking: Self.rule)
        #expect(nothing.outcome == WrittenScore.Outcome.nothingWritten && nothing.message == "Write the score in the box, with the pen or a finger.")
        let long = reader.read(Self.strokes("1234567", hand: 1), for: Self.q2, taking: Self.rule)
        #expect(long.outcome == WrittenScore.Outcome.unreadable && long.message == "Could not read that as a score: write it again, one digit beside the other.")
        let twoPoints = reader.read(Self.strokes("1.2.5", hand: 2), for: Self.q2, taking: Self.rule)
        #expect(twoPoints.offer == nil && twoPoints.read.count(of: ".") == 2)
    }

    /// Strokes are cut into characters by their width: a 4 or a crossed 7 of two strokes is one digit,
    /// a dot on the baseline a decimal point, in every hand.
    @Test func strokesAreCutIntoDigitsAndPoints() throws {
        let reader = try WrittenScoreReader()
        for hand in Self.hands.indices {
            for score in ["4.5", "7.25", "10"] {
                let reading = reader.read(Self.strokes(score, hand: hand, seed: 3), for: Self.q2, taking: Self.rule)
                #expect(reading.read.count == score.count && reading.read.count(of: ".") == score.count(of: "."),
                        "hand \(hand): \(score) read as \(reading.read)")
            }
        }
    }
}

private extension String {
    func count(of character: Character) -> Int { reduce(0) { $1 == character ? $0 + 1 : $0 } }
}
