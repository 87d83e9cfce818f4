import GraderCore
import Yams

/// A rubric's `bubbles:` entry:
///
/// ```yaml
/// bubbles:
///   - id: mc                 # questions are named mc-1, mc-2, …
///     name: Multiple choice
///     page: 1
///     origin: 120,210        # centre of the first bubble, points from the top-left
///     row_spacing: 24        # between question rows (digits, for a student-ID grid)
///     column_spacing: 30     # between choices (digit positions, for a student-ID grid)
///     diameter: 12           # of a printed bubble ring
///     rows: 20               # questions (digit positions)
///     kind: single           # single, multiple or student-id
///     choices: [A, B, C, D, E]
///     points: 1
///     first_question: 1
/// ```
enum BubbleBlockYAML {
    static func block(_ node: Node, path: String) throws(RubricError) -> BubbleBlock {
        let line = node.mark?.line ?? 1
        guard let fields = node.mapping else { throw .invalid(path: path, line: line, detail: "a bubble block must be a mapping of id:, page:, origin:, …") }
        let known: Set<String> = ["id", "name", "page", "origin", "row_spacing", "column_spacing", "diameter", "rows", "kind",
                                  "choices", "points", "first_question"]
        for key in fields.keys.compactMap(\.string) where !known.contains(key) {
            throw .invalid(path: path, line: fields[key]?.mark?.line ?? line, detail: "unknown field '\(key)' (use \(known.sorted().joined(separator: ", ")))")
        }
        func required(_ key: String) throws(RubricError) -> Node {
            guard let value = fields[key] else { throw .invalid(path: path, line: line, detail: "the bubble block has no '\(key)'") }
            return value
        }
        func number(_ key: String) throws(RubricError) -> Double {
            let node = try required(key)
            guard let value = node.float ?? node.int.map(Double.init) else {
                throw .invalid(path: path, line: node.mark?.line ?? line, detail: "'\(key)' must be a number")
            }
            return value
        }
        let originNode = try required("origin")
        let parts = (originNode.sequence?.compactMap(\.string) ?? originNode.string?.split(separator: ",").map(String.init) ?? [])
            .compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2 else { throw .invalid(path: path, line: originNode.mark?.line ?? line, detail: "origin must be x,y in points") }
        let kinds: [String: BubbleBlockKind] = ["single": .singleAnswer, "multiple": .multipleAnswer, "student-id": .studentID]
        let kindName = fields["kind"]?.string ?? "single"
        guard let kind = kinds[kindName] else {
            throw .invalid(path: path, line: fields["kind"]?.mark?.line ?? line, detail: "kind must be single, multiple or student-id, not '\(kindName)'")
        }
        let pointsText = fields["points"]?.string ?? (kind == .studentID ? "0" : "1")
        guard let points = Points(pointsText) else {
            throw .invalid(path: path, line: fields["points"]?.mark?.line ?? line, detail: "points must be a number in steps of 0.25")
        }
        guard let id = try required("id").string, let page = try required("page").int, let rows = try required("rows").int else {
            throw .invalid(path: path, line: line, detail: "id must be text, page and rows whole numbers")
        }
        return BubbleBlock(
            id: id, name: fields["name"]?.string ?? id, page: page, origin: PagePoint(x: parts[0], y: parts[1]),
            rowSpacing: try number("row_spacing"), columnSpacing: try number("column_spacing"), bubbleDiameter: try number("diameter"),
            rows: rows, choices: fields["choices"]?.sequence?.compactMap(\.string), kind: kind, pointsPerQuestion: points,
            firstQuestionNumber: fields["first_question"]?.int ?? 1)
    }
}
