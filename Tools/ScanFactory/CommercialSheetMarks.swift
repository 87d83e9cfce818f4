extension ScanFactory {
    /// Random marks for every field of `design`: answers via `randomBubbleMarks` at `difficulty`,
    /// a random student ID, a random numeric answer, the checkbox on or off.
    public static func randomSheetMarks(_ design: CommercialSheetDesign, difficulty: Double, seed: UInt64) -> [String: [BubbleMark]] {
        var marks: [String: [BubbleMark]] = [:]
        for field in design.fields {
            var rng = SplitMix64(seed: seed, stableHash(field.id), 0x5EE7)
            switch field.kind {
            case .single, .multiple:
                marks[field.id] = randomBubbleMarks(rows: field.rows, choiceCount: field.choices.count, difficulty: difficulty,
                                                    seed: rng.next()).map(\.mark)
            case .studentID, .numeric:
                marks[field.id] = (0..<field.rows).map { _ in .filled(rng.int(0...(field.choices.count - 1))) }
            case .checkbox:
                marks[field.id] = (0..<field.rows).map { _ in rng.chance(0.5) ? .filled(0) : .blank }
            }
        }
        return marks
    }
}
