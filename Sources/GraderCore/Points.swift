import Foundation

/// A number of points, exact to a quarter point (scores allow halves and quarters), so totals
/// never pick up binary rounding and print the same everywhere: `2.5`, never `2.50`.
public struct Points: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The amount in quarter points.
    public let quarters: Int

    /// Wraps an amount in quarter points.
    public init(quarters: Int) { self.quarters = quarters }

    /// Parses a decimal with a point as separator ("3", "3.5", "0.25", "+0.5"); nil when it is not
    /// a plain decimal number (`DecimalNumber`) or not a whole number of quarters.
    public init?(_ text: String) {
        guard let value = DecimalNumber.points(text) else { return nil }
        let quarters = value * 4
        guard quarters == quarters.rounded() else { return nil }
        self.quarters = Int(quarters)
    }

    /// The amount as a Double, for arithmetic outside the grade layer (percentages).
    public var value: Double { Double(quarters) / 4 }

    public static let zero = Points(quarters: 0)
    public static func + (lhs: Points, rhs: Points) -> Points { Points(quarters: lhs.quarters + rhs.quarters) }
    public static func < (lhs: Points, rhs: Points) -> Bool { lhs.quarters < rhs.quarters }

    /// Shortest decimal form with a point: 3, 3.5, 3.25, -1.75.
    public var description: String {
        let sign = quarters < 0 ? "-" : ""
        let whole = abs(quarters) / 4
        switch abs(quarters) % 4 {
        case 1: return "\(sign)\(whole).25"
        case 2: return "\(sign)\(whole).5"
        case 3: return "\(sign)\(whole).75"
        default: return "\(sign)\(whole)"
        }
    }
}

/// A student's score on one question: ungraded ("?") or a number of points.
public enum Score: Hashable, Sendable, CustomStringConvertible {
    /// Not graded yet, shown as "?".
    case ungraded
    /// Points earned.
    case points(Points)

    /// Parses "?" (clears) or a number of points.
    public init?(_ text: String) {
        if text.trimmingCharacters(in: .whitespaces) == "?" { self = .ungraded; return }
        guard let points = Points(text) else { return nil }
        self = .points(points)
    }

    /// "?" or the points.
    public var description: String {
        switch self {
        case .ungraded: "?"
        case .points(let points): points.description
        }
    }

    /// The points earned, nil when ungraded.
    public var earned: Points? {
        if case .points(let points) = self { return points }
        return nil
    }
}
