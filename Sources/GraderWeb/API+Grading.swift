import Foundation
import GraderKit
import Hummingbird

/// Scores: the grading card of a question, the class overview, the answer a grader has open,
/// writing a score or rubric items.
extension GradingAPI {
    func addGradingRoutes(to router: Router<WebContext>) {
        router.get("/api/overview") { _, context in try Reply.json(try project(context).classOverview()) }

        router.get("/api/questions/{question}/card") { request, context in
            let moveText = request.uri.queryParameters["move"].map(String.init) ?? "here"
            guard let move = CardMove(rawValue: moveText) else {
                throw APIError.badRequest("'\(moveText)' is not a move: use \(CardMove.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            let card = try project(context).answerCard(question: QuestionID(try context.number("question")),
                                                       from: try request.queryNumber("student").map(StudentKey.init), move: move)
            return try Reply.json(card)
        }

        router.put("/api/claim") { request, context in
            let input = try await request.json(ClaimBody.self, context: context)
            let outcome = try project(context).takeAnswer(question: QuestionID(input.question), student: StudentKey(input.student),
                                                          onPurpose: input.onPurpose ?? false)
            guard outcome.taken else {
                let who = outcome.heldBy.joined(separator: " and ")
                return try Reply.json(ClaimReply(taken: false, heldBy: outcome.heldBy,
                                                 error: "\(who) \(outcome.heldBy.count > 1 ? "are" : "is") grading this answer: open it on purpose to grade it too."),
                                      status: .conflict)
            }
            return try Reply.json(ClaimReply(taken: true, heldBy: outcome.heldBy, error: nil))
        }

        router.delete("/api/claim") { _, context in
            try project(context).releaseAnswer()
            return Response(status: .noContent)
        }

        router.put("/api/scores/{student}/{question}") { request, context in
            let input = try await request.json(ScoreBody.self, context: context)
            let project = try project(context)
            let question = try project.question(id: QuestionID(try context.number("question")))
            let expected = try expectedScore(input.expected)
            let saved = try project.setScore(typed: input.score, student: StudentKey(try context.number("student")), question: question.question.id, expected: expected,
                                             overwrite: input.overwrite ?? false)
            return try Reply.json(ScoreReply(score: saved.description))
        }

        router.post("/api/scores/{student}/{question}/items") { request, context in
            let input = try await request.json(ItemsBody.self, context: context)
            let expected = try expectedScore(input.expected)
            let saved = try project(context).applyRubricItems(
                student: StudentKey(try context.number("student")), question: QuestionID(try context.number("question")),
                add: input.add ?? [], remove: input.remove ?? [], expected: expected)
            return try Reply.json(ScoreReply(score: saved.description))
        }
    }

    /// PUT /api/claim: the answer a grader opens; `onPurpose`: grade it although another grader has it open.
    struct ClaimBody: Decodable { let question: Int64, student: Int64, onPurpose: Bool? }

    /// PUT /api/claim answered: whether the answer is now this grader's, who else has it open, and
    /// (409, not taken) why.
    struct ClaimReply: Encodable { let taken: Bool, heldBy: [String], error: String? }

    /// PUT /api/scores/{student}/{question}: the score typed; `expected`: the score the grader saw;
    /// `overwrite`: replace another grader's score on purpose.
    struct ScoreBody: Decodable { let score: String, expected: String?, overwrite: Bool? }

    /// POST /api/scores/{student}/{question}/items: rubric item numbers to apply and to take off, and
    /// the score the grader saw.
    struct ItemsBody: Decodable { let add: [Int]?, remove: [Int]?, expected: String? }
}
