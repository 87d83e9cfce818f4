/// The printed exam every booklet shares: course, questions, points and model typed answers.
///
/// The printed parts are the same for every student (a structured assignment); only the
/// handwriting or the typed answers differ.
enum ExamContent {
    /// Course line printed at the top of every page.
    static let course = "SCI 101 · Foundations of Science"
    /// The exam's title, printed on page 1.
    static let title = "Midterm Exam"
    /// Term printed next to the course.
    static let term = "Spring 2026"
    /// Instructions printed under the name line.
    static let instructions =
        "Answer every question in the space provided. Show your work. Do not write in the score boxes."

    private static let pointCycle = [4, 6, 5, 3, 8, 4, 5, 6, 2, 10]

    private static let prompts = [
        "Define the derivative of a function. Compute f′(2) for f(x) = 3x² − 2x + 1.",
        "Explain the difference between a stack and a queue, and give one everyday use of each.",
        "State Newton's second law. A 2 kg cart is pushed with a net force of 10 N: find its acceleration.",
        "Sketch the graph of y = |x − 1| for −2 ≤ x ≤ 4 and mark its minimum.",
        "Balance the equation Fe + O₂ → Fe₂O₃ and name the type of reaction.",
        "Describe one experiment that shows light behaves as a wave. What would you observe?",
        "A sample has mean 12 and standard deviation 3. What share lies between 9 and 15 if it is normal?",
        "Explain why the seasons change on Earth. Is the distance to the Sun the reason?",
        "Write the first five terms of the sequence aₙ = 2ⁿ − 1 and find a pattern in their sum.",
        "What is natural selection? Give an example observed within a human lifetime.",
        "Convert 0.375 to a fraction and to binary. Which of the two forms is exact?",
        "Name the three states of matter and describe what happens to particles when ice melts.",
    ]

    private static let answerSentences = [
        "The key idea is to look at how the quantity changes over a very small step.",
        "Using the definition, we substitute the values and simplify step by step.",
        "This gives the result shown above, which agrees with the estimate from the graph.",
        "In everyday terms, the first one works like a pile of plates and the second like a line at a shop.",
        "The units check out, so the answer is reasonable.",
        "An experiment with two narrow slits produces light and dark bands on a screen.",
        "The bands appear because the waves from both slits add up or cancel out.",
        "About 68 percent of the values lie within one standard deviation of the mean.",
        "The tilt of the Earth's axis changes the angle of sunlight through the year.",
        "The distance to the Sun changes very little and is not the main reason.",
        "Each term is one less than a power of two, and the sums follow the same pattern.",
        "Bacteria that survive an antibiotic pass their resistance on to the next generation.",
        "The fraction is exact in both forms because the denominator is a power of two.",
        "When ice melts the particles gain energy and start to slide past each other.",
        "Therefore the final answer is the value computed in the last line.",
        "I am not completely sure about the last step, but the method should be right.",
    ]

    /// The maximum points of question `number` (1-based).
    static func points(question number: Int) -> Int { pointCycle[(number - 1) % pointCycle.count] }

    /// The printed prompt of question `number` (1-based).
    static func prompt(question number: Int) -> String { prompts[(number - 1) % prompts.count] }

    /// A typed answer to question `number`, varied by `variant` (a stable hash of the student).
    static func typedAnswer(question number: Int, variant: UInt64) -> String {
        var rng = SplitMix64(seed: variant, UInt64(number))
        var order = Array(answerSentences.indices)
        for i in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(i, rng.int(0...i)) }
        return order.prefix(rng.int(2...5)).map { answerSentences[$0] }.joined(separator: " ")
    }
}
