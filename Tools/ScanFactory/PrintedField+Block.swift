import GraderCore

extension PrintedField {
    /// The rubric's word for this field's kind (`kind:` in a rubric).
    public var rubricKind: String {
        switch kind {
        case .single: "single"
        case .multiple: "multiple"
        case .studentID: "student-id"
        case .numeric: "numeric"
        case .checkbox: "checkbox"
        }
    }

    /// The bubble block an instructor describes for this field on page 1, before its bubbles are
    /// found on the blank (no template yet).
    public var describedBlock: BubbleBlock {
        let kinds: [Kind: BubbleBlockKind] = [.single: .singleAnswer, .multiple: .multipleAnswer, .studentID: .studentID,
                                              .numeric: .numeric, .checkbox: .checkbox]
        return BubbleBlock(id: id, name: id, page: 1, origin: first, rowSpacing: 0, columnSpacing: 0, bubbleDiameter: 0,
                           rows: rows, choices: choices, kind: kinds[kind] ?? .singleAnswer, firstQuestionNumber: firstQuestion)
    }
}
