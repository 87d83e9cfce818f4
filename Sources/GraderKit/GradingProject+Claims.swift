import GraderCore
import GraderStore

/// What taking an answer came to: whether this grader now holds it, and who else does.
public struct ClaimOutcome: Sendable, Equatable, Encodable {
    /// True when the answer is now this grader's (refused only when others hold it and the
    /// grader did not open it on purpose).
    public let taken: Bool
    /// The other graders who have it open.
    public let heldBy: [String]
}

/// Claims: each grader holds the answer they have open, "next ungraded" passes over answers
/// someone else holds, so graders on one question split the class without talking.
extension GradingProject {
    /// Records that this grader is on `student`'s answer to `question`: their place in their order
    /// and their claim (the one they held is let go). An answer another grader holds is taken only
    /// `onPurpose` (both then hold it); otherwise nothing is written and the outcome says who has it.
    public func takeAnswer(question: QuestionID, student: StudentKey, onPurpose: Bool) throws -> ClaimOutcome {
        try permit(.keepPlace)
        let directory = try directory()
        let numbered = try directory.resolveQuestion(id: question)
        let id = try directory.resolveStudent(key: student)
        let sequence = GradingSequence(studentCount: directory.students.count, pagesPerStudent: directory.pagesPerStudent, order: try store.place().order)
        // One transaction for the claim and the place: a team's every card costs one write, not two.
        let others = try store.claim(student: student, question: question, onPurpose: onPurpose,
                                     position: sequence.index(of: PageRef(student: id, page: numbered.question.page)))
        return ClaimOutcome(taken: others.isEmpty || onPurpose, heldBy: others)
    }

    /// Lets go of this grader's claim (they stopped grading).
    public func releaseAnswer() throws {
        try permit(.keepPlace)
        try store.releaseClaim()
    }

    /// The other graders holding each answer now: question → student → graders (sorted).
    func answersHeldByOthers() throws -> [QuestionID: [StudentKey: [String]]] {
        var held: [QuestionID: [StudentKey: [String]]] = [:]
        for claim in try store.claims() where claim.grader != grader.name {
            held[claim.question, default: [:]][claim.student, default: []].append(claim.grader)
        }
        return held.mapValues { $0.mapValues { $0.sorted() } }
    }
}
