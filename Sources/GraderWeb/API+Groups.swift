import Foundation
import GraderKit
import Hummingbird

/// Answer groups in the browser: a question's confirmed groups and suggestions, confirming one,
/// changing a confirmed group (an answer out or in, another group merged in), removing it, and
/// grading all its answers with one action — each one undoable step under the grader's name.
extension GradingAPI {
    /// POST /api/questions/{question}/groups: confirms a group of these students' answers; `kind`
    /// says why they are together, as the suggestion did ("blank", "number 42", "alike"); with
    /// `grade`, grades the group in the same undoable step.
    struct GroupConfirmBody: Decodable { let kind: String, students: [Int64], grade: GroupGradeBody? }

    /// PATCH /api/groups/{id}: one change to a confirmed group — take a student's answer out
    /// (`remove`), move one in from wherever it is (`add`), or merge another group into it (`merge`).
    struct GroupChangeBody: Decodable { let remove: Int64?, add: Int64?, merge: Int64? }

    /// POST /api/groups/{id}/grade: one grade for every answer of the group — typed points (`score`,
    /// "?" clears), rubric items by number (`add`, `remove`), or a stamp of item id `stamp.item` at a
    /// spot of the reference page; `overwrite` replaces other graders' scores on purpose.
    struct GroupGradeBody: Decodable {
        struct Stamp: Decodable { let item: Int64, page: Int, x: Double, y: Double }
        let score: String?, add: [Int]?, remove: [Int]?, stamp: Stamp?, overwrite: Bool?

        /// The grade asked for: exactly one of score, items or stamp.
        func grade() throws -> GroupGrade {
            let items = (add ?? []).isEmpty && (remove ?? []).isEmpty ? nil : GroupGrade.rubric(add: add ?? [], remove: remove ?? [])
            let stamped = try stamp.map { GroupGrade.stamp(item: RubricItemID($0.item), page: $0.page, at: try PointInput(x: $0.x, y: $0.y).position) }
            let given = [score.map(GroupGrade.typed), items, stamped].compactMap { $0 }
            guard given.count == 1, let grade = given.first else {
                throw APIError.badRequest("Grade a group with one of: score (points typed), add/remove (rubric item numbers) or stamp.")
            }
            return grade
        }
    }

    /// POST /api/groups/{id}/grade answered: each member's score now, in the group's order.
    struct GroupGraded: Encodable {
        struct Line: Encodable { let student: Int64, score: String }
        let scores: [Line]
    }

    func addGroupRoutes(to router: Router<WebContext>) {
        router.get("/api/questions/{question}/groups") { _, context in
            try Reply.json(try project(context).answerGroupsView(question: QuestionID(try context.number("question"))))
        }

        router.post("/api/questions/{question}/groups") { request, context in
            let input = try await request.json(GroupConfirmBody.self, context: context)
            let id = try project(context).confirmAnswerGroup(question: QuestionID(try context.number("question")), kind: input.kind,
                                                             students: input.students.map(StudentKey.init), grade: try input.grade?.grade(),
                                                             overwrite: input.grade?.overwrite ?? false)
            return try Reply.json(IDReply(id: id), status: .created)
        }

        router.patch("/api/groups/{id}") { request, context in
            let input = try await request.json(GroupChangeBody.self, context: context)
            let (project, id) = (try project(context), try context.number("id"))
            switch (input.remove, input.add, input.merge) {
            case (let student?, nil, nil): try project.removeFromAnswerGroup(id, student: StudentKey(student))
            case (nil, let student?, nil): try project.moveAnswer(student: StudentKey(student), toGroup: id)
            case (nil, nil, let other?): try project.mergeAnswerGroups(id, with: other)
            default: throw APIError.badRequest("Change a group with one of: remove (a student), add (a student) or merge (another group's id).")
            }
            return try Reply.json(IDReply(id: id))
        }

        router.delete("/api/groups/{id}") { _, context in
            let id = try context.number("id")
            try project(context).removeAnswerGroup(id)
            return try Reply.json(IDReply(id: id))
        }

        router.post("/api/groups/{id}/grade") { request, context in
            let input = try await request.json(GroupGradeBody.self, context: context)
            let scores = try project(context).gradeAnswerGroup(try context.number("id"), try input.grade(), overwrite: input.overwrite ?? false)
            return try Reply.json(GroupGraded(scores: scores.map { .init(student: $0.student.rawValue, score: $0.score.description) }))
        }
    }
}
