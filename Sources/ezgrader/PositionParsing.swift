import GraderKit

/// A position typed on the command line: "x,y" in points or "x%,y%".
func parsePosition(_ text: String) throws -> PagePosition {
    guard let position = PagePosition(text) else { throw GradingError.badPosition(text) }
    return position
}

/// An ink path typed on the command line: positions separated by spaces.
func parsePath(_ text: String) throws -> [PagePosition] {
    let points = try text.split(separator: " ").map { try parsePosition(String($0)) }
    guard !points.isEmpty else { throw GradingError.badPosition(text) }
    return points
}
