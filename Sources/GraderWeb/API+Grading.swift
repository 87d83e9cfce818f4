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
            struct Input: Decodable { let question: Int64; let student: Int64; let onPurpose: Bool? }
            struct Output: Encodable { let taken: Bool; let heldBy: [String]; let error: String? }
            let input = try await request.json(Input.self, context: context)
            let outcome = try project(context).takeAnswer(question: QuestionID(input.question), student: StudentKey(input.student),
                                                          onPurpose: input.onPurpose ?? false)
            guard outcome.taken else {
                let who = outcome.heldBy.joined(separator: " and ")
                return try Reply.json(Output(taken: false, heldBy: outcome.heldBy,
                                             error: "\(who) \(outcome.heldBy.count > 1 ? "are" : "is") grading this answer: open it on purpose to grade it too."),
                                      status: .conflict)
            }
            return try Reply.json(Output(taken: true, heldBy: outcome.heldBy, error: nil))
        }

        router.delete("/api/claim") { _, context in
            try project(context).releaseAnswer()
            return Response(status: .noContent)
        }

        router.put("/api/scores/{student}/{question}") { request, context in
            // `expected`: the score the grader saw; `overwrite`: replace another grader's score on purpose.
            struct Input: Decodable { let score: String; let expected: String?; let overwrite: Bool? }
            let input = try await request.json(Input.self, context: context)
            let project = try project(context)
            let question = try project.question(id: QuestionID(try context.number("question")))
            let expected = try expectedScore(input.expected)
            let saved = try project.setScore(typed: input.score, student: StudentKey(try context.number("student")), question: question.question.id, expected: expected,
                                             overwrite: input.overwrite ?? false)
            return try Reply.json(["score": saved.description])
        }

        router.post("/api/scores/{student}/{question}/items") { request, context in
            struct Input: Decodable { let add: [Int]?; let remove: [Int]?; let expected: String? }
            let input = try await request.json(Input.self, context: context)
            let expected = try expectedScore(input.expected)
            let saved = try project(context).applyRubricItems(
                student: StudentKey(try context.number("student")), question: QuestionID(try context.number("question")),
                add: input.add ?? [], remove: input.remove ?? [], expected: expected)
            return try Reply.json(["score": saved.description])
        }
    }
}
