import Foundation

/// What registration saw on a page it could not align to the reference page, so a grader is told
/// what to look for instead of a list of guesses.
public enum AlignmentProblem: Hashable, Sendable {
    /// Nothing printed or written on the page: a blank sheet (a duplex back, a missing page).
    case blank
    /// The reference's print is there, turned by this many degrees: more than registration follows.
    case turned(degrees: Double)
    /// The reference's print is there at this scale (0.8 = 80 %): reduced or enlarged more than a copier does.
    case scaled(Double)
    /// Print, but not the reference page's: another page of the exam, another exam, or a page out of order.
    case otherPrint

    /// A short sentence saying what was seen, for `status` and `info`.
    public var description: String {
        switch self {
        case .blank: "the page is blank (no print or writing on it)"
        case .turned(let degrees): String(format: "its print is turned %.0f°, more than the %.0f° that are aligned", abs(degrees), Self.largestTurn)
        case .scaled(let scale): String(format: "its print is at %.0f %% of the reference's size, more than a copier reduces or enlarges", scale * 100)
        case .otherPrint: "its print is not the reference page's (another page of the exam, another exam's page, or out of order)"
        }
    }

    /// The largest turn, in degrees, that registration follows (shown in the reason of a page turned further).
    public static let largestTurn = 10.0

    /// The problem as stored: "blank", "turned:12.5", "scaled:0.800", "other".
    public var code: String {
        switch self {
        case .blank: "blank"
        case .turned(let degrees): String(format: "turned:%.1f", degrees)
        case .scaled(let scale): String(format: "scaled:%.3f", scale)
        case .otherPrint: "other"
        }
    }

    /// The problem stored as `code`; nil for text that is not one.
    public init?(code: String) {
        let parts = code.split(separator: ":", maxSplits: 1).map(String.init)
        switch (parts.first, parts.count == 2 ? Double(parts[1]) : nil) {
        case ("blank", _): self = .blank
        case ("other", _): self = .otherPrint
        case ("turned", let value?): self = .turned(degrees: value)
        case ("scaled", let value?): self = .scaled(value)
        default: return nil
        }
    }
}
