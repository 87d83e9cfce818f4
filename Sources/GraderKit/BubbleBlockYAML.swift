import GraderBubbles
import GraderCore
import Yams

/// A rubric's `bubbles:` entry, either a grid described by origin and spacing:
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
///     kind: single           # single, multiple, student-id, numeric, checkbox or version (the
///                            # exam's version field: one row, a choice per version name)
///     choices: [A, B, C, D, E]
///     points: 1
///     first_question: 1
/// ```
///
/// or a block of the school's own sheet (`blank_sheet:` at the top of the rubric), found on that
/// blank by the centres of its first and last bubbles:
///
/// ```yaml
///   - id: q46
///     page: 1
///     first: 410,212         # centre of the first bubble (row 1, first choice)
///     last: 446,331          # centre of the last bubble (last row, last choice)
///     rows: 3                # questions, or digit positions of an id grid or numeric field
///     kind: numeric          # a scored number written in digit columns
///     direction: down        # a row's choices run down (default for student-id and numeric)
///     row_labels: [Q46]      # the sheet's own question labels (optional)
///     blank_page: 1          # the blank sheet's page (default: the block's page)
/// ```
enum BubbleBlockYAML {
    /// A parsed entry: the block, and for a blank-sheet block its outline and blank page, still to be found.
    struct Entry: Equatable, Sendable {
        var block: BubbleBlock
        var outline: BlockOutline?
        var blankPage: Int?
        var line: Int
    }

    static let kinds: [String: BubbleBlockKind] = [
        "single": .singleAnswer, "multiple": .multipleAnswer, "student-id": .studentID, "numeric": .numeric, "checkbox": .checkbox, "version": .version,
    ]

    static func entry(_ node: Node, path: String) throws(RubricError) -> Entry {
        let line = node.mark?.line ?? 1
        guard let fields = node.mapping else { throw .invalid(path: path, line: line, detail: "a bubble block must be a mapping of id:, page:, origin:, …") }
        let common: Set<String> = ["id", "name", "page", "rows", "kind", "choices", "points", "first_question", "row_labels"]
        let grid: Set<String> = ["origin", "row_spacing", "column_spacing", "diameter"], found: Set<String> = ["first", "last", "direction", "blank_page"]
        let keys = Set(fields.keys.compactMap(\.string))
        let fromBlank = keys.contains("first") || keys.contains("last")
        let known = common.union(fromBlank ? found : grid)
        for key in fields.keys.compactMap(\.string) where !known.contains(key) {
            let hint = (fromBlank ? grid : found).contains(key)
                ? "describe a block either by origin:, row_spacing:, column_spacing:, diameter: or by first:, last: on the blank sheet"
                : "use \(known.sorted().joined(separator: ", "))"
            throw .invalid(path: path, line: fields[key]?.mark?.line ?? line, detail: "unknown field '\(key)' (\(hint))")
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
        func point(_ key: String) throws(RubricError) -> PagePoint {
            let node = try required(key)
            let parts = (node.sequence?.compactMap(\.string) ?? node.string?.split(separator: ",").map(String.init) ?? [])
                .compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 2 else { throw .invalid(path: path, line: node.mark?.line ?? line, detail: "\(key) must be x,y in points") }
            return PagePoint(x: parts[0], y: parts[1])
        }
        let kindName = fields["kind"]?.string ?? "single"
        guard let kind = kinds[kindName] else {
            throw .invalid(path: path, line: fields["kind"]?.mark?.line ?? line, detail: "kind must be single, multiple, student-id, numeric, checkbox or version, not '\(kindName)'")
        }
        let pointsText = fields["points"]?.string ?? (kind == .studentID || kind == .version ? "0" : "1")
        guard let points = Points(pointsText) else {
            throw .invalid(path: path, line: fields["points"]?.mark?.line ?? line, detail: "points must be a number in steps of 0.25")
        }
        guard let id = try required("id").string, let page = try required("page").int, let rows = try required("rows").int else {
            throw .invalid(path: path, line: line, detail: "id must be text, page and rows whole numbers")
        }
        let choices = fields["choices"]?.sequence?.compactMap(\.string)
        let rowLabels = fields["row_labels"]?.sequence?.compactMap(\.string)
        let name = fields["name"]?.string ?? id, firstQuestion = fields["first_question"]?.int ?? 1
        guard fromBlank else {
            let block = BubbleBlock(
                id: id, name: name, page: page, origin: try point("origin"),
                rowSpacing: try number("row_spacing"), columnSpacing: try number("column_spacing"), bubbleDiameter: try number("diameter"),
                rows: rows, choices: choices, kind: kind, pointsPerQuestion: points, firstQuestionNumber: firstQuestion, rowLabels: rowLabels)
            return Entry(block: block, outline: nil, blankPage: nil, line: line)
        }
        let directionName = fields["direction"]?.string ?? (kind.isDigitGrid ? "down" : "across")
        guard directionName == "down" || directionName == "across" else {
            throw .invalid(path: path, line: fields["direction"]?.mark?.line ?? line, detail: "direction must be across or down, not '\(directionName)'")
        }
        let block = BubbleBlock(id: id, name: name, page: page, origin: try point("first"), rowSpacing: 0, columnSpacing: 0, bubbleDiameter: 0,
                                rows: rows, choices: choices, kind: kind, pointsPerQuestion: points, firstQuestionNumber: firstQuestion, rowLabels: rowLabels)
        guard rows >= 1, rows <= 500 else { throw .invalid(path: path, line: line, detail: "rows must be 1 to 500, got \(rows)") }
        let fewest = kind == .checkbox ? 1 : 2
        guard block.choices.count >= fewest, block.choices.count <= 30 else {
            throw .invalid(path: path, line: fields["choices"]?.mark?.line ?? line,
                           detail: "a \(kindName) block needs \(fewest) to 30 choices, got \(block.choices.count)")
        }
        let outline = BlockOutline(first: try point("first"), last: try point("last"), rows: rows, choices: block.choices.count, down: directionName == "down")
        return Entry(block: block, outline: outline, blankPage: fields["blank_page"]?.int, line: line)
    }
}
