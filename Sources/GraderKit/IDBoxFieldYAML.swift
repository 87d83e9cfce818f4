import GraderCore
import Yams

/// A rubric's `id_boxes:` entry: a row of printed boxes in which each student writes their
/// student number by hand, one digit a box, read by `match --roster`:
///
/// ```yaml
/// id_boxes:
///   - id: student-number
///     page: 1
///     at: 300,96             # top-left corner of the first box's outline, points from the top-left
///     size: 20,26            # one box's width,height in points
///     pitch: 22              # left edge to left edge of the next box (default: the width)
///     count: 8               # boxes (digits)
/// ```
enum IDBoxFieldYAML {
    static func field(_ node: Node, path: String) throws(RubricError) -> IDBoxField {
        let line = node.mark?.line ?? 1
        guard let fields = node.mapping else { throw .invalid(path: path, line: line, detail: "an id_boxes entry must be a mapping of id:, page:, at:, size:, count:") }
        let known: Set<String> = ["id", "page", "at", "size", "pitch", "count"]
        for key in fields.keys.compactMap(\.string) where !known.contains(key) {
            throw .invalid(path: path, line: fields[key]?.mark?.line ?? line, detail: "unknown field '\(key)' (use \(known.sorted().joined(separator: ", ")))")
        }
        func required(_ key: String) throws(RubricError) -> Node {
            guard let value = fields[key] else { throw .invalid(path: path, line: line, detail: "the id_boxes entry has no '\(key)'") }
            return value
        }
        func pair(_ key: String) throws(RubricError) -> (Double, Double) {
            let node = try required(key)
            let parts = (node.sequence?.compactMap(\.string) ?? node.string?.split(separator: ",").map(String.init) ?? [])
                .compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 2 else { throw .invalid(path: path, line: node.mark?.line ?? line, detail: "\(key) must be two numbers in points, like 300,96") }
            return (parts[0], parts[1])
        }
        guard let id = try required("id").string, let page = try required("page").int, let count = try required("count").int else {
            throw .invalid(path: path, line: line, detail: "id must be text, page and count whole numbers")
        }
        let at = try pair("at"), size = try pair("size")
        let pitchNode = fields["pitch"]
        guard let pitch = pitchNode.map({ $0.float ?? $0.int.map(Double.init) }) ?? size.0 else {
            throw .invalid(path: path, line: pitchNode?.mark?.line ?? line, detail: "pitch must be a number of points")
        }
        let field = IDBoxField(id: id, page: page, left: at.0, top: at.1, boxWidth: size.0, boxHeight: size.1, pitch: pitch, count: count)
        if let problem = field.problem { throw .invalid(path: path, line: line, detail: "id_boxes '\(id)': \(problem)") }
        return field
    }
}
