import Foundation
import GraderKit
import Hummingbird

/// A student's page: its grade layer, its image, and the notes, ink and rubric stamps a grader puts on it.
extension GradingAPI {
    func addPageRoutes(to router: Router<WebContext>) {
        router.get("/api/pages/{student}/{page}") { _, context in
            try Reply.json(try project(context).pageLayer(student: StudentKey(try context.number("student")), page: Int(try context.number("page"))))
        }

        router.get("/api/pages/{student}/{page}/image") { request, context in
            let student = StudentKey(try context.number("student")), page = Int(try context.number("page"))
            return try await imageReply(request, context) { width in try images.lookup(student: student, page: page, width: width) }
        }

        router.post("/api/pages/{student}/{page}/notes") { request, context in
            let input = try await request.json(NoteBody.self, context: context)
            let id = try project(context).addNote(student: StudentKey(try context.number("student")), page: Int(try context.number("page")),
                                                  at: try PointInput(x: input.x, y: input.y).position, text: input.text,
                                                  fontSize: input.fontSize ?? GradeLayerLook.standard.noteFontSize)
            return try Reply.json(IDReply(id: id.rawValue), status: .created)
        }

        router.post("/api/pages/{student}/{page}/ink") { request, context in
            let input = try await request.json(InkBody.self, context: context)
            guard let kind = InkKind(rawValue: input.kind ?? InkKind.pen.rawValue) else {
                throw APIError.badRequest("An ink kind is pen or highlighter, not \(input.kind ?? "").")
            }
            let points = try pathInput(input.points, of: "ink point")
            let id = try project(context).addInk(student: StudentKey(try context.number("student")), page: Int(try context.number("page")),
                                                 points: points, pressures: input.pressures, width: input.width, kind: kind)
            return try Reply.json(IDReply(id: id.rawValue), status: .created)
        }

        router.post("/api/pages/{student}/{page}/erase") { request, context in
            let input = try await request.json(EraseBody.self, context: context)
            let erased = try project(context).erase(student: StudentKey(try context.number("student")), page: Int(try context.number("page")),
                                                    at: try PointInput(x: input.x, y: input.y).position, continuing: input.step)
            return try Reply.json(Erased(removed: erased.removed.map(\.rawValue), step: erased.step))
        }

        router.post("/api/pages/{student}/{page}/lasso") { request, context in
            // The annotations a loop drawn on the page takes (the rule: `LassoHitTest`).
            let input = try await request.json(LassoBody.self, context: context)
            let ids = try project(context).lassoed(student: StudentKey(try context.number("student")), page: Int(try context.number("page")),
                                                   loop: try pathInput(input.points, of: "lasso point"))
            return try Reply.json(IDsReply(ids: ids.map(\.rawValue)))
        }

        router.patch("/api/annotations") { request, context in
            let input = try await request.json(MoveAnnotationsBody.self, context: context)
            let ids = try annotationIDs(input.ids)
            guard input.dx.isFinite, input.dy.isFinite else { throw APIError.badRequest("A move is two finite numbers (dx, dy).") }
            try project(context).moveAnnotations(ids, dx: input.dx, dy: input.dy)
            return try Reply.json(IDsReply(ids: ids.map(\.rawValue)))
        }

        router.delete("/api/annotations") { request, context in
            let text = request.uri.queryParameters["ids"].map(String.init) ?? ""
            let numbers = try text.split(separator: ",").map { part throws in
                guard let number = Int64(part) else { throw APIError.badRequest("ids is a list of annotation ids (1,2,3), not '\(text)'.") }
                return number
            }
            let ids = try annotationIDs(numbers)
            try project(context).removeAnnotations(ids, overwrite: request.uri.queryParameters["overwrite"] == "true")
            return try Reply.json(IDsReply(ids: ids.map(\.rawValue)))
        }

        router.post("/api/pages/{student}/{page}/stamps") { request, context in
            let input = try await request.json(StampBody.self, context: context)
            let placed = try project(context).placeStamp(item: RubricItemID(input.item), question: QuestionID(input.question),
                                                         student: StudentKey(try context.number("student")), page: Int(try context.number("page")),
                                                         at: try PointInput(x: input.x, y: input.y).position, overwrite: input.overwrite ?? false)
            return try Reply.json(StampPlaced(id: placed.id.rawValue, score: placed.score.description), status: .created)
        }

        router.patch("/api/annotations/{id}") { request, context in
            let input = try await request.json(AnnotationEditBody.self, context: context)
            let project = try project(context), id = AnnotationID(try context.number("id"))
            if let text = input.text { try project.editNote(id, text: text) }
            if input.dx != nil || input.dy != nil {
                let (dx, dy) = (input.dx ?? 0, input.dy ?? 0)
                guard dx.isFinite, dy.isFinite else { throw APIError.badRequest("A move is two finite numbers (dx, dy).") }
                try project.moveAnnotation(id, dx: dx, dy: dy)
            }
            return try Reply.json(IDReply(id: id.rawValue))
        }

        router.delete("/api/annotations/{id}") { request, context in
            let id = AnnotationID(try context.number("id"))
            try project(context).removeAnnotation(id, overwrite: request.uri.queryParameters["overwrite"] == "true")
            return try Reply.json(IDReply(id: id.rawValue))
        }
    }

    /// A page image at the `width` asked for (1…10,000 pixels; 1,200 when not given), from the cache or
    /// rendered: browsers opening the same page share one render, one that went away stops waiting.
    func imageReply(_ request: Request, _ context: WebContext, _ lookup: (Int) throws -> PageImageCache.Lookup) async throws -> Response {
        let width = try request.queryNumber("width") ?? 1200
        guard (1...10_000).contains(width) else { throw APIError.badRequest("A page image is 1 to 10000 pixels wide, not \(width).") }
        let jpeg = switch try lookup(Int(width)) {
        case .cached(let jpeg): jpeg
        case .toRender(let key, let render): try await renders.run(key: key, until: context.connectionClosed, render)
        }
        return Reply.bytes(jpeg, type: "image/jpeg", maxAge: 300)
    }

    /// POST /api/pages/{student}/{page}/stamps: where (top-left, in points), the answer's question and
    /// the rubric item's id (the card's items carry it); `overwrite` to change another grader's score.
    struct StampBody: Decodable { let x: Double, y: Double, question: Int64, item: Int64, overwrite: Bool? }

    /// The stamp placed and the answer's score that follows from it.
    struct StampPlaced: Encodable { let id: Int64, score: String }

    /// POST /api/pages/{student}/{page}/notes: where (top-left, in points), the text and its size.
    struct NoteBody: Decodable { let x: Double, y: Double, text: String, fontSize: Double? }

    /// POST /api/pages/{student}/{page}/ink: the stroke's points as [x, y] pairs, the pen's pressures
    /// (one per point), the width, and `kind`: pen (the default) or highlighter.
    struct InkBody: Decodable { let points: [[Double]], pressures: [Double]?, width: Double?, kind: String? }

    /// POST /api/pages/{student}/{page}/lasso: the loop as [x, y] pairs, closed from its last point to its first.
    struct LassoBody: Decodable { let points: [[Double]] }

    /// PATCH /api/annotations: the annotations to move together and the shift in points.
    struct MoveAnnotationsBody: Decodable { let ids: [Int64], dx: Double, dy: Double }

    /// The annotations a lasso took, moved or removed.
    struct IDsReply: Encodable { let ids: [Int64] }

    /// POST /api/pages/{student}/{page}/erase: where the eraser touched; `step`: what the drag's
    /// previous erase answered, so the whole drag is one undo step.
    struct EraseBody: Decodable { let x: Double, y: Double, step: Int64? }

    /// POST /api/pages/{student}/{page}/erase answered: the strokes removed and the undo step they are in.
    struct Erased: Encodable { let removed: [Int64], step: Int64 }

    /// PATCH /api/annotations/{id}: a note's new text, or a move by dx, dy points.
    struct AnnotationEditBody: Decodable { let text: String?, dx: Double?, dy: Double? }
}
