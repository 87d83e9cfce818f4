import GraderCore

/// How many students one rubric item was applied to: what `ezgrader stats` reports per item.
public struct RubricItemUse: Sendable, Equatable, Encodable {
    /// The question's name.
    public let question: String
    /// The item's number on it.
    public let number: Int
    /// "−1 Sign error".
    public let label: String
    /// Students it is applied to.
    public let students: Int

    /// Every item of `book`'s questions, in question and list order.
    public static func all(in book: GradeBook) -> [RubricItemUse] {
        book.questions.flatMap { numbered in
            (book.rubricItems[numbered.question.id] ?? []).map { item in
                let students = book.appliedItems[numbered.question.id]?.values.filter { $0.contains { $0.id == item.id } }.count ?? 0
                return RubricItemUse(question: numbered.name, number: item.number, label: item.label, students: students)
            }
        }
    }
}
