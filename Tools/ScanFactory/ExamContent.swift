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
        "Define the derivative of a function and compute f′(2) for f(x) = 3x² − 2x + 1.",
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

    /// Sentences a student might type for each prompt (same order as `prompts`).
    private static let answerSentences: [[String]] = [
        ["The derivative is the limit of the difference quotient as the step goes to zero.",
         "Here f′(x) = 6x − 2, so f′(2) = 10.", "It is the slope of the tangent line at x = 2."],
        ["A stack is last in, first out; a queue is first in, first out.",
         "The undo history of an editor is a stack.", "People waiting at a shop counter form a queue."],
        ["The net force equals mass times acceleration, F = ma.",
         "So a = F / m = 10 N / 2 kg = 5 m/s².", "The acceleration points in the direction of the force."],
        ["The graph is a V shape with its corner at (1, 0).",
         "To the left of 1 the slope is −1, to the right it is +1.", "The minimum value is 0 at x = 1."],
        ["The balanced equation is 4Fe + 3O₂ → 2Fe₂O₃.",
         "It is a combination (synthesis) reaction, and also an oxidation.", "Rust forms this way in moist air."],
        ["In the double-slit experiment light passes through two narrow slits.",
         "Bright and dark bands appear on the screen.", "The bands come from waves adding up or cancelling."],
        ["Between 9 and 15 is one standard deviation either side of the mean.",
         "For a normal distribution that is about 68 percent.", "So roughly two thirds of the sample."],
        ["The seasons come from the tilt of the Earth's axis.",
         "The tilt changes the angle and the hours of sunlight through the year.",
         "The distance to the Sun changes very little and is not the reason."],
        ["The terms are 1, 3, 7, 15 and 31.", "The sum of the first n terms is 2ⁿ⁺¹ − n − 2.",
         "Each term is one less than a power of two."],
        ["Individuals with useful traits survive and reproduce more often.",
         "Those traits become more common in the next generations.",
         "Bacteria becoming resistant to antibiotics is an example."],
        ["0.375 = 3/8, and in binary it is 0.011.", "Both forms are exact because 8 is a power of two.",
         "A number like 0.1 would not be exact in binary."],
        ["The states are solid, liquid and gas.", "When ice melts the particles gain energy.",
         "They stay close together but start to slide past each other."],
    ]

    /// Sentences that fit under any answer.
    private static let closingSentences = [
        "I checked the units at the end.", "I am not completely sure about the last step.",
        "See the working above.", "",
    ]

    /// The maximum points of question `number` (1-based).
    static func points(question number: Int) -> Int { pointCycle[(number - 1) % pointCycle.count] }

    /// The printed prompt of question `number` (1-based).
    static func prompt(question number: Int) -> String { prompts[(number - 1) % prompts.count] }

    /// A typed answer to question `number`, varied by `variant` (a stable hash of the student).
    static func typedAnswer(question number: Int, variant: UInt64) -> String {
        var rng = SplitMix64(seed: variant, UInt64(number))
        let sentences = answerSentences[(number - 1) % answerSentences.count]
        let kept = sentences.prefix(rng.int(1...sentences.count))
        let closing = closingSentences[rng.int(0...(closingSentences.count - 1))]
        return (kept + [closing]).filter { !$0.isEmpty }.joined(separator: " ")
    }
}
