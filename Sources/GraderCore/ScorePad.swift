/// The keys a touch score pad offers for a question, from the scoring rule (0…max in quarter
/// points): one key per whole point up to the maximum (and the maximum itself when it is not
/// whole), and the fractions a score may end in; a maximum too large for one key per point gets
/// digit keys instead.
public struct ScorePad: Hashable, Sendable, Encodable {
    /// The largest maximum that still gets one key per point (a pad of 21 keys fits a thumb's reach).
    public static let largestKeyed = Points(quarters: 20 * 4)

    /// The scores one tap gives ("0", "1", … "4", "4.5"); empty when the pad types digits.
    public let values: [String]
    /// The endings a tap puts after the whole points typed (".25", ".5", ".75"): those below the maximum.
    public let fractions: [String]
    /// True when the maximum is too large for one key per point: the pad has 0–9 and ".".
    public let digits: Bool

    /// The pad for a question worth `max` points.
    public init(max: Points) {
        let wholeKeys = max.quarters / 4
        digits = max > Self.largestKeyed
        values = digits ? [] : (0...wholeKeys).map { Points(quarters: $0 * 4).description }
            + (max.quarters % 4 == 0 ? [] : [max.description])
        fractions = (1...3).filter { $0 < max.quarters }.map { String(Points(quarters: $0).description.dropFirst()) }
    }
}
