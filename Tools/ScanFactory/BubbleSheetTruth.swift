import GraderCore

/// What a student drew in one row of a bubble block; choices are 0-based indices into the row.
public enum BubbleMark: Hashable, Sendable {
    /// Nothing.
    case blank
    /// A full, dark pencil fill.
    case filled(Int)
    /// A full but light pencil fill (a hard pencil, pressed lightly).
    case light(Int)
    /// A dark mark covering only part of the bubble.
    case partial(Int)
    /// A tick through the bubble instead of a fill.
    case tick(Int)
    /// A cross through the bubble instead of a fill.
    case cross(Int)
    /// A first answer erased (a faint grey remnant and smudge) and a new answer filled dark.
    case erasedAndChanged(erased: Int, chosen: Int)
    /// Two full, dark fills.
    case double(Int, Int)

    /// A short name for reports ("filled", "tick", …).
    public var kindName: String {
        switch self {
        case .blank: "blank"
        case .filled: "filled"
        case .light: "light"
        case .partial: "partial"
        case .tick: "tick"
        case .cross: "cross"
        case .erasedAndChanged: "erased+changed"
        case .double: "double"
        }
    }
}

/// The reading a correct reader may give for a row.
public enum ExpectedReading: Hashable, Sendable {
    /// Only this confident reading is right (an uncertain reading is never wrong, only unhelpful).
    case exactly(BubbleReading)
    /// The mark is ambiguous by nature: uncertain is the honest answer, this one answer is also right.
    case uncertainOr(String)
}

/// How a reading compares with the truth.
public enum BubbleVerdict: Hashable, Sendable {
    /// A confident reading that matches the truth.
    case correct
    /// The reader said it could not tell.
    case uncertain
    /// A confident reading that does not match the truth: the failure that must never happen.
    case wrong
}

/// One row of a generated bubble sheet: what was drawn and what a correct reading is.
public struct BubbleMarkTruth: Hashable, Sendable {
    /// What the student drew.
    public var mark: BubbleMark
    /// What a correct reader reports.
    public var expected: ExpectedReading

    /// The truth of drawing `mark` in a row labelled `choices`.
    public init(_ mark: BubbleMark, choices: [String] = BubbleBlock.letterChoices) {
        self.mark = mark
        switch mark {
        case .blank: expected = .exactly(.blank)
        case .filled(let c): expected = .exactly(.answered([choices[c]]))
        case .light(let c), .partial(let c), .tick(let c), .cross(let c): expected = .uncertainOr(choices[c])
        case .erasedAndChanged(_, let chosen): expected = .uncertainOr(choices[chosen])
        case .double(let a, let b): expected = .exactly(.multiple([choices[min(a, b)], choices[max(a, b)]]))
        }
    }

    /// Judges `reading` against the truth.
    public func judge(_ reading: BubbleReading) -> BubbleVerdict {
        guard reading.isConfident else { return .uncertain }
        switch expected {
        case .exactly(let right): return reading == right ? .correct : .wrong
        case .uncertainOr(let letter): return reading == .answered([letter]) ? .correct : .wrong
        }
    }
}

extension ScanFactory {
    /// A deterministic, varied set of `rows` single-answer marks over `choiceCount` choices:
    /// mostly clean fills, with blanks, double marks, light and partial fills, ticks, crosses and
    /// erased-and-changed answers mixed in; `difficulty` (0…1) raises the share of awkward marks.
    public static func randomBubbleMarks(
        rows: Int, choiceCount: Int = 5, difficulty: Double = 0.5, seed: UInt64
    ) -> [BubbleMarkTruth] {
        var rng = SplitMix64(seed: seed, 0xB0B)
        let awkward = 0.08 + 0.4 * min(max(difficulty, 0), 1)
        return (0..<rows).map { _ in
            let choice = rng.int(0...(choiceCount - 1))
            var other = rng.int(0...(choiceCount - 2))
            if other >= choice { other += 1 }
            let mark: BubbleMark
            let roll = rng.unit()
            if roll < 1 - awkward {
                mark = rng.chance(0.06) ? .blank : .filled(choice)
            } else {
                switch rng.int(0...7) {
                case 0: mark = .blank
                case 1: mark = .double(choice, other)
                case 2: mark = .light(choice)
                case 3: mark = .partial(choice)
                case 4: mark = .tick(choice)
                case 5: mark = .cross(choice)
                default: mark = .erasedAndChanged(erased: other, chosen: choice)
                }
            }
            let labels = choiceCount == 5 ? BubbleBlock.letterChoices : (0..<choiceCount).map { String($0) }
            return BubbleMarkTruth(mark, choices: labels)
        }
    }
}
