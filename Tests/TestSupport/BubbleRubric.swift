import GraderCore

/// A rubric that declares bubble blocks, as a test writes it for `new --rubric`.
public enum BubbleRubric {
    /// The YAML of `blocks` (each by its grid: origin, pitches, diameter), a student-ID grid as
    /// `kind: student-id` and any other as single-answer, each worth `points` when given.
    public static func yaml(_ blocks: [BubbleBlock], points: Int? = nil) -> String {
        "bubbles:\n" + blocks.map { block in
            """
              - id: \(block.id)
                page: \(block.page)
                origin: \(block.origin.x),\(block.origin.y)
                row_spacing: \(block.rowSpacing)
                column_spacing: \(block.columnSpacing)
                diameter: \(block.bubbleDiameter)
                rows: \(block.rows)
                kind: \(block.kind == .studentID ? "student-id" : "single")

            """ + (points.map { "    points: \($0)\n" } ?? "")
        }.joined()
    }
}
