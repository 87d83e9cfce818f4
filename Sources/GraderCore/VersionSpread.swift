/// How `prepare --versions` hands the versions out to the copies it prints.
public enum VersionSpread: Sendable, Equatable {
    /// In seat order: copy 1 is the first version, copy 2 the second, … and round again, so
    /// neighbours seated in copy order never share a version.
    case seats
    /// At random from a seed (the same seed prints the same spread), each version printed as
    /// often as the others (to within one copy).
    case random(seed: UInt64)

    /// The version (0-based, of `versions`) of each of `copies` copies, copy 1 first.
    public func versions(copies: Int, versions: Int) -> [Int] {
        guard versions > 0, copies > 0 else { return [] }
        let round = (0..<copies).map { $0 % versions }
        switch self {
        case .seats: return round
        case .random(let seed): return round.seededShuffle(seed: seed)
        }
    }

    /// The name prepared version `index` (0-based) prints: A, B, C, …
    public static func name(ofVersion index: Int) -> String {
        String(UnicodeScalar(UInt8(ascii: "A") + UInt8(index % 26)))
    }

    /// The most versions one `prepare` prints (one letter each).
    public static let mostVersions = 26
}
