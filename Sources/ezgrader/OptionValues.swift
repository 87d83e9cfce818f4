import GraderKit

/// Parses an option's value through the façade's `TypedValue` (the core's rules, which hold the one
/// number parser, `DecimalNumber`); a refusal is headed by the option's name, so the user sees
/// which of several values was wrong: "--code-at: Position 'NaN,1' is not understood …".
func value<T>(of option: String, _ parse: () throws -> T) throws -> T {
    do { return try parse() } catch let error as GradingError { throw GradingError.forOption(option, error) }
}

/// A position typed for `option`: "x,y" in points or "x%,y%".
func parsePosition(_ text: String, option: String) throws -> PagePosition {
    try value(of: option) {
        guard let position = PagePosition(text) else { throw GradingError.badPosition(text) }
        return position
    }
}

/// An ink path typed on the command line: positions separated by spaces.
func parsePath(_ text: String) throws(GradingError) -> [PagePosition] {
    var points: [PagePosition] = []
    for part in text.split(separator: " ") {
        guard let point = PagePosition(String(part)) else { throw .badPosition(String(part)) }
        points.append(point)
    }
    guard !points.isEmpty else { throw .badPosition(text) }
    return points
}
