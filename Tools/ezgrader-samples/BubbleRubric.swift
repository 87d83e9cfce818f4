import GraderCore

/// The rubric and key files of the sample bubble sheets, from the blocks as the generator prints them.
enum BubbleRubric {
    /// The sample quiz's answer key (20 questions).
    static let key = "BDACEBADCEABDCEDBACE"

    /// `bubbles:` YAML for `blocks`.
    static func yaml(_ blocks: [BubbleBlock]) -> String {
        var lines = [
            "# Rubric of the sample bubble sheets (SamplePDFs/bubble-sheets): a 20-question A–E block and a",
            "# 7-digit student-number grid. origin is the centre of the first bubble, in points from the",
            "# top-left corner of the page. The key is in bubble-key.txt: ezgrader key set … --file.",
            "bubbles:",
        ]
        let kinds: [BubbleBlockKind: String] = [.singleAnswer: "single", .multipleAnswer: "multiple", .studentID: "student-id", .numeric: "numeric", .checkbox: "checkbox"]
        for block in blocks {
            lines += [
                "  - id: \(block.id)",
                "    name: \(block.name)",
                "    page: \(block.page)",
                "    origin: \(format(block.origin.x)),\(format(block.origin.y))",
                "    row_spacing: \(format(block.rowSpacing))",
                "    column_spacing: \(format(block.columnSpacing))",
                "    diameter: \(format(block.bubbleDiameter))",
                "    rows: \(block.rows)",
                "    kind: \(kinds[block.kind]!)",
                "    choices: [\(block.choices.joined(separator: ", "))]",
                "    points: \(block.pointsPerQuestion)",
                "    first_question: \(block.firstQuestionNumber)",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
