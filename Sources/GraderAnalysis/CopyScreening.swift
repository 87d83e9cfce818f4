import GraderCore

/// Screening bubble answers for pairs of students whose identical *wrong* answers are more than
/// the class's answering explains. A flagged pair is worth a look, never evidence on its own:
/// students who studied together, or sat a question the same wrong way, agree too.
///
/// The statistic and its model, for a pair of students and the single-answer questions with a
/// key that both answered wrongly (blanks and unread rows are not answers; an answer the key
/// accepts, "A|C", is right, and a question where every answer counts has no wrong answers):
/// - X = the number of those questions where both marked the *same* wrong choice;
/// - under independence, on question i both pick the same wrong choice with probability
///   qᵢ = Σₒ πᵢₒ², where πᵢₒ is how popular wrong choice o was among the *other* students who got
///   question i wrong, with one extra imagined student per wrong choice (Laplace smoothing, so a
///   choice nobody else made is improbable, not impossible);
/// - X then follows a Poisson-binomial distribution; `expected` = Σ qᵢ and `probability` =
///   P(X ≥ observed), computed exactly.
/// With many pairs some will be improbable by chance, so a pair is listed only when
/// `probability` × the number of pairs compared (the number of pairs this extreme that chance
/// alone would give in a class this size, a Bonferroni bound) is below `threshold`.
public struct CopyScreening: Sendable, Equatable {
    /// A pair worth a look, with the evidence.
    public struct Pair: Sendable, Equatable {
        /// The first student (in list order).
        public let first: String
        /// The second student.
        public let second: String
        /// Questions both answered wrongly.
        public let bothWrong: Int
        /// Of those, questions with the same wrong choice.
        public let identicalWrong: Int
        /// The expected number of identical wrong choices under independence.
        public let expected: Double
        /// P(at least `identicalWrong` identical wrong choices) under independence.
        public let probability: Double
        /// `probability` × the pairs compared: how many pairs this extreme chance would give.
        public let chancePairs: Double
        /// The shared wrong answers, "mc-3: C".
        public let shared: [String]
    }

    /// The questions screened (single answer, with a key).
    public let questions: Int
    /// The pairs of students compared.
    public let pairsCompared: Int
    /// The limit on `chancePairs` below which a pair is listed.
    public let threshold: Double
    /// The pairs worth a look, most improbable first.
    public let pairs: [Pair]

    /// The default limit: a pair is listed when chance would give one this extreme in fewer than
    /// 1 of 100 classes of this size.
    public static let defaultThreshold = 0.01

    /// Screens the bubble answers of `matrix`.
    public init(_ matrix: ScoreMatrix, threshold: Double = CopyScreening.defaultThreshold) {
        let screened = matrix.bubbleItems.compactMap { bubble -> (name: String, choices: [String], key: Set<String>, answers: [String?])? in
            guard bubble.singleAnswer, case .oneOf(let alternatives) = bubble.accepted, alternatives.allSatisfy({ $0.count == 1 })
            else { return nil }
            let answers = bubble.responses.map { response in response.flatMap { $0.count == 1 ? $0[0] : nil } }
            return (matrix.items[bubble.item].name, bubble.choices, Set(alternatives.joined()), answers)
        }
        // Per question: each student's wrong choice (nil if right, blank or unread), and how many
        // students made each wrong choice.
        let wrong = screened.map { question in question.answers.map { $0.flatMap { question.key.contains($0) ? nil : $0 } } }
        let counts = wrong.map { answers in answers.reduce(into: [String: Int]()) { counts, answer in
            if let answer { counts[answer, default: 0] += 1 }
        } }
        let students = matrix.students.count
        let pairCount = students * (students - 1) / 2

        var found: [Pair] = []
        for a in 0..<students {
            for b in (a + 1)..<students {
                var probabilities: [Double] = [], shared: [String] = []
                for (q, question) in screened.enumerated() {
                    guard let wrongA = wrong[q][a], let wrongB = wrong[q][b] else { continue }
                    let options = question.choices.filter { !question.key.contains($0) }
                    let others = counts[q].values.reduce(0, +) - 2
                    probabilities.append(options.reduce(0.0) { sum, option in
                        let own = (wrongA == option ? 1 : 0) + (wrongB == option ? 1 : 0)
                        let share = Double((counts[q][option] ?? 0) - own + 1) / Double(others + options.count)
                        return sum + share * share
                    })
                    if wrongA == wrongB { shared.append("\(question.name): \(wrongA)") }
                }
                guard !shared.isEmpty else { continue }
                let probability = PoissonBinomial.tail(probabilities, atLeast: shared.count)
                let chance = probability * Double(pairCount)
                guard chance < threshold else { continue }
                found.append(Pair(first: matrix.students[a], second: matrix.students[b], bothWrong: probabilities.count,
                                  identicalWrong: shared.count, expected: probabilities.reduce(0, +),
                                  probability: probability, chancePairs: chance, shared: shared))
            }
        }
        questions = screened.count
        pairsCompared = pairCount
        self.threshold = threshold
        pairs = found.sorted { ($0.probability, $0.first, $0.second) < ($1.probability, $1.first, $1.second) }
    }
}
