import Foundation
import GraderKit
import Hummingbird

/// Grade boxes, for everyone: placing, moving, resizing and removing them.
extension GradingAPI {
    func addQuestionRoutes(to router: Router<WebContext>) {
        router.post("/api/questions") { request, context in
            struct Input: Decodable { let page: Int, x: Double, y: Double, max: String, label: String?, student: Int64? }
            let input = try await request.json(Input.self, context: context)
            let spec = QuestionSpec(page: input.page, position: try PointInput(x: input.x, y: input.y).position,
                                    maxPoints: try GradingRules.maximum(input.max), label: try GradingRules.label(input.label))
            let question = try project(context).addQuestion(spec, measuredOn: input.student.map(StudentKey.init))
            return try Reply.json(["id": question.question.id.rawValue], status: .created)
        }

        router.patch("/api/questions/{question}") { request, context in
            struct Input: Decodable { let dx: Double?, dy: Double?, width: Double?, height: Double?, max: String?, student: Int64? }
            let input = try await request.json(Input.self, context: context)
            let project = try project(context), id = QuestionID(try context.number("question"))
            if input.dx != nil || input.dy != nil {
                let (dx, dy) = (input.dx ?? 0, input.dy ?? 0)
                guard dx.isFinite, dy.isFinite else { throw APIError.badRequest("A move is two finite numbers (dx, dy).") }
                _ = try project.moveQuestion(id, .by(dx: dx, dy: dy), measuredOn: input.student.map(StudentKey.init))
            }
            if input.width != nil || input.height != nil {
                let current = try project.question(id: id).question.size
                let size = BoxSize(width: input.width ?? current.width, height: input.height ?? current.height)
                guard size.width.isFinite, size.height.isFinite else { throw APIError.badRequest("A box size is two finite numbers (width, height).") }
                _ = try project.resizeQuestion(id, to: size)
            }
            if let max = input.max { _ = try project.setMaximum(question: id, to: try GradingRules.maximum(max)) }
            return try Reply.json(["id": id.rawValue])
        }

        router.delete("/api/questions/{question}") { _, context in
            let id = QuestionID(try context.number("question"))
            try project(context).removeQuestion(id)
            return try Reply.json(["id": id.rawValue])
        }
    }
}
