import Foundation
import GraderKit
import Hummingbird

/// A student's page: its grade layer, its image, and the notes and ink a grader puts on it.
extension GradingAPI {
    func addPageRoutes(to router: Router<WebContext>) {
        router.get("/api/pages/{student}/{page}") { _, context in
            try Reply.json(try project(context).pageLayer(student: StudentKey(try context.number("student")), page: Int(try context.number("page"))))
        }

        router.get("/api/pages/{student}/{page}/image") { request, context in
            let width = try request.queryNumber("width") ?? 1200
            guard (1...10_000).contains(width) else { throw APIError.badRequest("A page image is 1 to 10000 pixels wide, not \(width).") }
            let student = StudentKey(try context.number("student")), page = Int(try context.number("page"))
            let jpeg = switch try images.lookup(student: student, page: page, width: Int(width)) {
            case .cached(let jpeg): jpeg
            // Browsers opening the same page share one render; one that went away stops waiting.
            case .toRender(let key, let render): try await renders.run(key: key, until: context.connectionClosed, render)
            }
            return Reply.bytes(jpeg, type: "image/jpeg", maxAge: 300)
        }

        router.post("/api/pages/{student}/{page}/notes") { request, context in
            struct Input: Decodable { let x: Double, y: Double, text: String, fontSize: Double? }
            let input = try await request.json(Input.self, context: context)
            let id = try project(context).addNote(student: StudentKey(try context.number("student")), page: Int(try context.number("page")),
                                                  at: try PointInput(x: input.x, y: input.y).position, text: input.text,
                                                  fontSize: input.fontSize ?? GradeLayerLook.standard.noteFontSize)
            return try Reply.json(["id": id.rawValue], status: .created)
        }

        router.post("/api/pages/{student}/{page}/ink") { request, context in
            struct Input: Decodable { let points: [[Double]], pressures: [Double]?, width: Double? }
            let input = try await request.json(Input.self, context: context)
            let points = try input.points.map { pair throws in
                guard pair.count == 2 else { throw APIError.badRequest("Each ink point is [x, y] in points.") }
                return try PointInput(x: pair[0], y: pair[1]).position
            }
            let id = try project(context).addInk(student: StudentKey(try context.number("student")), page: Int(try context.number("page")),
                                                 points: points, pressures: input.pressures, width: input.width ?? GradeLayerLook.standard.ink.width)
            return try Reply.json(["id": id.rawValue], status: .created)
        }

        router.post("/api/pages/{student}/{page}/erase") { request, context in
            // `step`: what the drag's previous erase answered, so the whole drag is one undo step.
            struct Input: Decodable { let x: Double, y: Double, step: Int64? }
            let input = try await request.json(Input.self, context: context)
            let erased = try project(context).erase(student: StudentKey(try context.number("student")), page: Int(try context.number("page")),
                                                    at: try PointInput(x: input.x, y: input.y).position, continuing: input.step)
            struct Erased: Encodable { let removed: [Int64], step: Int64 }
            return try Reply.json(Erased(removed: erased.removed.map(\.rawValue), step: erased.step))
        }

        router.patch("/api/annotations/{id}") { request, context in
            struct Input: Decodable { let text: String?, dx: Double?, dy: Double? }
            let input = try await request.json(Input.self, context: context)
            let project = try project(context), id = AnnotationID(try context.number("id"))
            if let text = input.text { try project.editNote(id, text: text) }
            if input.dx != nil || input.dy != nil {
                let (dx, dy) = (input.dx ?? 0, input.dy ?? 0)
                guard dx.isFinite, dy.isFinite else { throw APIError.badRequest("A move is two finite numbers (dx, dy).") }
                try project.moveAnnotation(id, dx: dx, dy: dy)
            }
            return try Reply.json(["id": id.rawValue])
        }

        router.delete("/api/annotations/{id}") { request, context in
            let id = AnnotationID(try context.number("id"))
            try project(context).removeAnnotation(id, overwrite: request.uri.queryParameters["overwrite"] == "true")
            return try Reply.json(["id": id.rawValue])
        }
    }
}
