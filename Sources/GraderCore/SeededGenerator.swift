/// SplitMix64: a small, fast generator whose output is fixed by its seed on every platform and
/// Swift version, so a shuffled grading order can be reproduced from its seed alone.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Starts the sequence for `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `0..<bound` without modulo bias (Lemire's method is not needed at
    /// these sizes; rejection sampling keeps it exact and simple).
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        let limit = UInt64.max - UInt64.max % UInt64(bound)
        while true {
            let value = next()
            if value < limit { return Int(value % UInt64(bound)) }
        }
    }
}

extension Array {
    /// Fisher–Yates shuffle driven by a `SeededGenerator`, stable across platforms (unlike
    /// `shuffle(using:)`, whose algorithm the standard library may change).
    func seededShuffle(seed: UInt64) -> [Element] {
        var result = self
        var generator = SeededGenerator(seed: seed)
        var index = result.count - 1
        while index > 0 {
            result.swapAt(index, generator.below(index + 1))
            index -= 1
        }
        return result
    }
}
