extension CommercialSheetDesign {
    /// The rubric an instructor writes for this sheet: the blank sheet, and every field by the
    /// centres of its first and last bubbles (ezgrader finds the others on the blank).
    public func rubric(blankSheet: String, fields: [PrintedField]? = nil) -> String {
        func number(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value) }
        return "# \(name): each field by its first and last bubble (centres, points from the top-left).\n"
            + "blank_sheet: \(blankSheet)\nbubbles:\n" + (fields ?? self.fields).map { field in
            """
              - id: \(field.id)
                page: 1
                first: \(number(field.first.x)),\(number(field.first.y))
                last: \(number(field.last.x)),\(number(field.last.y))
                rows: \(field.rows)
                choices: [\(field.choices.joined(separator: ", "))]
                direction: \(field.down ? "down" : "across")
                kind: \(field.rubricKind)
                first_question: \(field.firstQuestion)

            """
        }.joined()
    }
}
