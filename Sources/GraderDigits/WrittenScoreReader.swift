import GraderCore

/// Reads a score written by pen: cuts the strokes into digits and decimal points, draws each digit
/// as the network's training boxes show handwriting, reads it, and has the number checked as a typed
/// score is (by the façade's rule: 0 to the maximum in quarter points, so "7.5" and "8.25" are read
/// when written with a point). Only a reading sure as a whole is offered.
public struct WrittenScoreReader: Sendable {
    /// The network.
    public let network: DigitNetwork

    /// A reading less sure than this (the product of its digits' probabilities) is not offered.
    public static let sureConfidence = 0.9
    /// The most characters a score takes ("100.25"); more is not a score.
    public static let mostCharacters = 6
    /// The most points the strokes may hold together (a score is a few hundred).
    public static let mostPoints = 20_000
    /// A digit is drawn this many pixels tall (the line's height), in the proportions of the
    /// generated training boxes (digits 30–45 px tall, pens 1.5–5 px wide).
    static let digitHeight = 40.0
    /// Each digit is read drawn with each of these pens (pixels): a digit reads the same with a thin
    /// pen and a thick one, a scribble or a crossed-out digit seldom does, so the reading's
    /// probability is the least of the three.
    static let penWidths = [2.5, 4.0, 6.0]

    /// A reader with `network`.
    public init(network: DigitNetwork) {
        self.network = network
    }

    /// A reader with the network shipped with ezgrader.
    public init() throws(DigitReaderError) {
        network = try .shipped()
    }

    /// What `strokes` (each the points the pen passed through, in the writing area's units, y down)
    /// say as a score for `question`; `taking` gives the points of a score the question takes (nil
    /// for one it does not).
    public func read(_ strokes: [[PagePoint]], for question: NumberedQuestion, taking: (String) -> Points?) -> WrittenScore {
        let max = question.question.maxPoints
        func score(_ read: String, _ confidence: Double, _ outcome: WrittenScore.Outcome) -> WrittenScore {
            WrittenScore(read: read, confidence: confidence, outcome: outcome, question: question.name, max: max)
        }
        guard strokes.reduce(0, { $0 + $1.count }) <= Self.mostPoints else { return score("", 0, .unreadable) }
        guard let line = WrittenLine(strokes) else { return score("", 0, .unreadable) }
        guard !line.characters.isEmpty else { return score("", 0, .nothingWritten) }
        guard line.characters.count <= Self.mostCharacters else { return score("", 0, .unreadable) }
        var read = "", confidence = 1.0
        for character in line.characters {
            guard case .digit(let digitStrokes) = character else { read += "."; continue }
            let (digit, probability) = self.digit(digitStrokes, lineHeight: line.height)
            read += digit.map(String.init) ?? "?"
            confidence *= digit == nil ? 0 : probability
        }
        guard !read.contains("?"), DecimalNumber.points(read) != nil else { return score(read, 0, .unreadable) }
        guard confidence >= Self.sureConfidence else { return score(read, confidence, .doubtful) }
        guard let points = taking(read) else { return score(read, confidence, .outOfRange) }
        return score(read, confidence, .offered(points))
    }

    /// The digit one character's strokes show (as drawn with the first pen) and the least probability
    /// any pen gives it; nil when the network sees no digit.
    func digit(_ strokes: [[PagePoint]], lineHeight: Double) -> (Int?, Double) {
        var read: Int?, least = 1.0
        for pen in Self.penWidths {
            let box = DigitBoxImage(strokes: strokes, scale: Self.digitHeight / lineHeight, penWidth: pen, margin: 8,
                                    smallestWidth: Int(Self.digitHeight * 0.6))
            let paper = DigitBoxImage(width: box.width, height: box.height, grey: [Float](repeating: 255, count: box.grey.count))
            guard let input = DigitInput(box, printed: paper), let reading = DigitDistribution(network.probabilities(input.pixels)),
                  let digit = read ?? reading.best.flatMap({ Int(String($0)) }) else { return (nil, 0) }
            read = digit
            least = min(least, reading.digits[digit])
        }
        return (read, least)
    }
}
