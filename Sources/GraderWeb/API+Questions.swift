import Foundation
import GraderKit
import Hummingbird

/// Grade boxes, for everyone: placing, moving, resizing, renaming and removing them.
extension GradingAPI {
    /// A placed or changed box: its id, and the boxes it overlaps on its page (a warning, not a refusal).
    struct Placed: Encodable {
        let id: Int64
        let overlaps: [String]

        init(_ id: QuestionID, in project: GradingProject) throws {
            self.id = id.rawValue
            overlaps = try project.overlaps(of: id).map(\.other.name)
        }
    }

    func addQuestionRoutes(to router: Router<WebContext>) {
        router.post("/api/questions") { request, context in
            let input = try await request.json(NewQuestionBody.self, context: context)
            // The size as dragged out (the standard box where not given); the façade checks it fits the page.
            guard [input.width, input.height].allSatisfy({ $0?.isFinite ?? true }) else {
                throw APIError.badRequest("A box size (width, height) is two finite numbers.")
            }
            let spec = QuestionSpec(page: input.page, position: try PointInput(x: input.x, y: input.y).position,
                                    size: BoxSize(width: input.width ?? BoxSize.standard.width, height: input.height ?? BoxSize.standard.height),
                                    maxPoints: try TypedValue.maximum(input.max), label: try TypedValue.label(input.label))
            let project = try project(context)
            let question = try project.addQuestion(spec, measuredOn: input.student.map(StudentKey.init))
            return try Reply.json(try Placed(question.question.id, in: project), status: .created)
        }

        router.patch("/api/questions/{question}") { request, context in
            let input = try await request.json(QuestionEditBody.self, context: context)
            let id = QuestionID(try context.number("question"))
            let move = input.dx != nil || input.dy != nil ? QuestionMove.by(dx: input.dx ?? 0, dy: input.dy ?? 0) : nil
            guard [input.dx, input.dy, input.width, input.height].allSatisfy({ $0?.isFinite ?? true }) else {
                throw APIError.badRequest("A move (dx, dy) and a box size (width, height) are finite numbers.")
            }
            let edit = QuestionEdit(move: move, width: input.width, height: input.height, max: try input.max.map(TypedValue.maximum),
                                    label: input.label)
            let project = try project(context)
            _ = try project.editQuestion(id, edit, measuredOn: input.student.map(StudentKey.init))
            return try Reply.json(try Placed(id, in: project))
        }

        router.delete("/api/questions/{question}") { request, context in
            let id = QuestionID(try context.number("question"))
            try project(context).removeQuestion(id, overwrite: request.uri.queryParameters["overwrite"] == "true")
            return try Reply.json(IDReply(id: id.rawValue))
        }
    }

    /// POST /api/questions: the page, the top-left corner, the size as dragged out, the maximum and
    /// label; `student`: the position was measured on that student's page (else on the reference page).
    struct NewQuestionBody: Decodable { let page: Int, x: Double, y: Double, width: Double?, height: Double?, max: String, label: String?, student: Int64? }

    /// PATCH /api/questions/{question}: a move by dx, dy, a new size, maximum or label, as one step;
    /// `student` as for a new box.
    struct QuestionEditBody: Decodable { let dx: Double?, dy: Double?, width: Double?, height: Double?, max: String?, label: String?, student: Int64? }
}
