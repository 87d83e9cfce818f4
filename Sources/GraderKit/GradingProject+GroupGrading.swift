@_spi(Rules) import GraderCore
import GraderStore

/// How a grader grades a whole answer group with one action, as the Grade view grades one answer.
public enum GroupGrade: Sendable, Equatable {
    /// Typed points ("3.5"), or "?" to clear.
    case typed(String)
    /// Rubric items applied (`add`) and taken off (`remove`), by number.
    case rubric(add: [Int], remove: [Int])
    /// A rubric item stamped at `position` of `page` of the reference page: on each member's page
    /// where the alignment carries that spot.
    case stamp(item: RubricItemID, page: Int, at: PagePosition)
}

/// Answer groups a grader confirmed: confirming a suggestion, taking an answer out, merging two
/// groups, moving an answer, and grading a whole group as one undoable step recorded under the
/// grader's name. An answer graded on its own later leaves its group.
extension GradingProject {
    /// The confirmed groups of `question`, largest first.
    public func answerGroups(question: QuestionID) throws -> [AnswerGroup] { try store.answerGroups(question: question) }

    /// Confirms a group of `question` holding `students`' answers (each out of any other group of
    /// the question) and, given `grade`, grades it in the same undoable step; returns its id.
    @discardableResult
    public func confirmAnswerGroup(question: QuestionID, kind: String, students: [StudentKey], grade: GroupGrade? = nil,
                                   overwrite: Bool = false) throws -> Int64 {
        if let grade { try permitGrading(grade, overwrite: overwrite) }
        try permit(.groupAnswers)
        guard !students.isEmpty else { throw GradingError.emptyAnswerGroup }
        return try store.change(describedBy: { writer in
            "group \(Self.answers(students.count)) to \(try writer.question(question).name) (\(kind))"
                + (try grade.map { " and grade them: \(try Self.phrase($0, writer))" } ?? "")
        }) { writer in
            for student in students { _ = try writer.studentName(student) }
            if grade == nil { writer.declareViewChanges([]) }
            let id = try writer.insertAnswerGroup(question: question, kind: kind, members: students)
            if let grade { _ = try self.gradeMembers(of: try writer.answerGroup(id), grade, overwrite: overwrite, writer) }
            return id
        }
    }

    /// Takes `student`'s answer out of group `id` (a group left empty goes).
    public func removeFromAnswerGroup(_ id: Int64, student: StudentKey) throws {
        try permit(.groupAnswers)
        try store.change(describedBy: { writer in
            "take \(try writer.studentName(student)) out of answer group \(id) of \(try writer.question(try writer.answerGroup(id).question).name)"
        }) { writer in
            let group = try writer.answerGroup(id)
            guard group.members.contains(student) else { throw GradingError.notInAnswerGroup(student: try writer.studentName(student), group: id) }
            writer.declareViewChanges([])
            try writer.leaveAnswerGroups(question: group.question, student: student)
        }
    }

    /// Moves every answer of group `other` into group `id` (both of one question); `other` goes.
    public func mergeAnswerGroups(_ id: Int64, with other: Int64) throws {
        try permit(.groupAnswers)
        try store.change("merge answer group \(other) into \(id)") { writer in
            let (group, merged) = (try writer.answerGroup(id), try writer.answerGroup(other))
            try sameQuestion(merged, group.question, writer)
            writer.declareViewChanges([])
            for member in merged.members where group.id != merged.id { try writer.addToAnswerGroup(id, question: group.question, student: member) }
        }
    }

    /// Moves `student`'s answer into group `id`, out of any other group of its question.
    public func moveAnswer(student: StudentKey, toGroup id: Int64) throws {
        try permit(.groupAnswers)
        try store.change(describedBy: { writer in "move \(try writer.studentName(student)) into answer group \(id)" }) { writer in
            let group = try writer.answerGroup(id)
            _ = try writer.studentName(student)
            writer.declareViewChanges([])
            if !group.members.contains(student) { try writer.addToAnswerGroup(id, question: group.question, student: student) }
        }
    }

    /// Removes group `id`: its answers are in no group again (their scores stay).
    public func removeAnswerGroup(_ id: Int64) throws {
        try permit(.groupAnswers)
        try store.change("remove answer group \(id)") { writer in
            _ = try writer.answerGroup(id)
            writer.declareViewChanges([])
            try writer.deleteAnswerGroup(id)
        }
    }

    /// Grades every answer of group `id` with `grade` as one undoable step under this grader's
    /// name: all members or none (another grader's score is replaced only with `overwrite`).
    /// Returns each member's score, in the group's order.
    @discardableResult
    public func gradeAnswerGroup(_ id: Int64, _ grade: GroupGrade, overwrite: Bool = false) throws -> [(student: StudentKey, score: Score)] {
        try permitGrading(grade, overwrite: overwrite)
        return try store.change(describedBy: { writer in
            let group = try writer.answerGroup(id)
            return "grade answer group \(id) of \(try writer.question(group.question).name) (\(Self.answers(group.members.count))): \(try Self.phrase(grade, writer))"
        }) { writer in try self.gradeMembers(of: try writer.answerGroup(id), grade, overwrite: overwrite, writer) }
    }

    /// Refuses `grade` unless this grader's role allows it.
    private func permitGrading(_ grade: GroupGrade, overwrite: Bool) throws {
        switch grade {
        case .typed: try permit(overwrite ? .override : .score)
        case .rubric, .stamp: try permit(overwrite ? .override : .applyRubric)
        }
    }

    /// Grades every answer of `group` with `grade` in `writer`'s change; each member's score, in the group's order.
    private func gradeMembers(of group: AnswerGroup, _ grade: GroupGrade, overwrite: Bool, _ writer: ProjectWriter) throws -> [(student: StudentKey, score: Score)] {
        var scores: [(StudentKey, Score)] = [], changes: [ViewChange]? = []
        for student in group.members {
            let score: Score
            switch grade {
            case .typed(let text):
                let (set, change) = try writeScore(writer, student: student, question: group.question, expected: nil, overwrite: overwrite) {
                    current throws(GradingError) in try GradingRules.score(text, for: current)
                }
                (score, changes) = (set, changes.map { $0 + [change] })
            case .rubric(let add, let remove):
                let (set, made) = try applyItems(writer, student: student, question: group.question, add: add, remove: remove, adjustment: nil,
                                                 expected: nil, overwrite: overwrite)
                (score, changes) = (set, changes.flatMap { old in made.map { old + $0 } })
            case .stamp(let item, let page, let position):
                let directory = try writer.directory()
                let reference = position.point(on: directory.referencePageSize(page: page))
                let spot = directory.region(PageRect(origin: reference, width: 0, height: 0), student: try directory.resolveStudent(key: student), page: page)
                score = try stamp(writer, item: item, question: group.question, student: student, page: page, at: PagePosition(spot.origin),
                                  overwrite: overwrite).score
                changes = nil
            }
            scores.append((student, score))
        }
        if let changes { writer.declareViewChanges(changes) }
        return scores
    }

    /// Refuses group `group` unless it answers `question`.
    private func sameQuestion(_ group: AnswerGroup, _ question: QuestionID, _ writer: ProjectWriter) throws {
        guard group.question != question else { return }
        throw GradingError.answerGroupOfOtherQuestion(group: group.id, question: try writer.question(question).name,
                                                       other: try writer.question(group.question).name)
    }

    /// "1 answer", "12 answers".
    private static func answers(_ count: Int) -> String { count == 1 ? "1 answer" : "\(count) answers" }

    /// The grade in a history step's words.
    private static func phrase(_ grade: GroupGrade, _ writer: ProjectWriter) throws -> String {
        switch grade {
        case .typed(let text): text
        case .rubric(let add, let remove): (add.map { "+\($0)" } + remove.map { "−\($0)" }).joined(separator: " ")
        case .stamp(let item, let page, _): "stamp item \(try writer.rubricItem(item).number) on page \(page)"
        }
    }
}
