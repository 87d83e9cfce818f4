/// A small seeded generator (SplitMix64) so that the same arguments always give the same bytes.
///
/// The helpers below are written here rather than taken from the standard library's
/// `random(in:using:)`, whose algorithms may change between Swift releases.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// Derives an independent stream from a seed and a list of labels (student, page, purpose).
    init(seed: UInt64, _ labels: UInt64...) {
        var s = SplitMix64.mix(seed)
        for label in labels { s = SplitMix64.mix(s ^ SplitMix64.mix(label &+ 0x9E37_79B9_7F4A_7C15)) }
        state = s
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return SplitMix64.mix(state)
    }

    /// The SplitMix64 finaliser: a good 64-bit mixing function.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in [0, 1) from the top 53 bits.
    mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// A double in [low, high).
    mutating func uniform(_ low: Double, _ high: Double) -> Double { low + (high - low) * unit() }

    /// A double in [-magnitude, magnitude).
    mutating func symmetric(_ magnitude: Double) -> Double { uniform(-magnitude, magnitude) }

    /// An integer in the closed range (modulo bias is irrelevant at these sizes).
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound + 1)
        return range.lowerBound + Int(next() % span)
    }

    /// True with the given probability.
    mutating func chance(_ probability: Double) -> Bool { unit() < probability }
}

/// A stable 64-bit hash (FNV-1a) of a string's UTF-8 bytes; unlike `hashValue`, the same in every run.
func stableHash(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash &*= 0x100_0000_01B3
    }
    return hash
}
