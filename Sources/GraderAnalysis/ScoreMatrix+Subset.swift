extension ScoreMatrix {
    /// The same questions for the students at `indices` only (in that order): what a group of the
    /// class, such as one version's students, is analysed on.
    public func students(at indices: [Int]) -> ScoreMatrix {
        ScoreMatrix(
            students: indices.map { students[$0] },
            items: items.map { item in Item(name: item.name, maxPoints: item.maxPoints, scores: indices.map { item.scores[$0] }) },
            bubbleItems: bubbleItems.map { bubble in
                BubbleItem(item: bubble.item, choices: bubble.choices, accepted: bubble.accepted,
                           responses: indices.map { bubble.responses[$0] }, singleAnswer: bubble.singleAnswer)
            })
    }
}
