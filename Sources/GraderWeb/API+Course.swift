import Foundation
import GraderKit
import Hummingbird

/// Setting the course up in the browser: a question's rubric items, the roster and anonymous grading. Each
/// route calls the same façade function as the command line.
extension GradingAPI {
    /// A rubric item as the browser shows it.
    struct ItemLine: Encodable {
        let number: Int, text: String, points: String, students: Int
    }

    func addCourseRoutes(to router: Router<WebContext>) {
        router.get("/api/questions/{question}/rubric") { _, context in
            let project = try project(context), question = QuestionID(try context.number("question"))
            let usage = try project.rubricUsage(question: question)
            return try Reply.json(try project.rubricItems(question: question).map {
                ItemLine(number: $0.number, text: $0.text, points: $0.points.description, students: usage[$0.id] ?? 0)
            })
        }

        router.post("/api/questions/{question}/rubric") { request, context in
            let input = try await request.json(NewItemBody.self, context: context)
            let item = try project(context).addRubricItem(question: QuestionID(try context.number("question")), text: input.text,
                                                          points: try TypedValue.itemPoints(input.points))
            return try Reply.json(NumberReply(number: item.number), status: .created)
        }

        router.patch("/api/questions/{question}/rubric/{number}") { request, context in
            let input = try await request.json(ItemEditBody.self, context: context)
            let (project, question, number) = (try project(context), QuestionID(try context.number("question")), try itemNumber(context))
            if let position = input.position {
                guard input.text == nil, input.points == nil else { throw APIError.badRequest("Move an item on its own: send position alone.") }
                try project.moveRubricItem(question: question, number: number, to: position)
                return try Reply.json(NumberReply(number: position))
            }
            let item = try project.editRubricItem(question: question, number: number, text: input.text,
                                                  points: try input.points.map(TypedValue.itemPoints))
            return try Reply.json(NumberReply(number: item.number))
        }

        router.delete("/api/questions/{question}/rubric/{number}") { _, context in
            let number = try itemNumber(context)
            try project(context).removeRubricItem(question: QuestionID(try context.number("question")), number: number)
            return try Reply.json(NumberReply(number: number))
        }

        router.post("/api/roster") { request, context in
            let text = try await request.json(RosterBody.self, context: context).csv
            let roster = try Roster(csv: text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text, path: "the roster uploaded")
            return try Reply.json(RosterReply(students: try project(context).setRoster(roster)))
        }

        router.put("/api/anonymity") { request, context in
            let input = try await request.json(AnonymityBody.self, context: context)
            let project = try project(context)
            let regions = try (input.regions ?? []).map { region throws in
                guard [region.x, region.y, region.width, region.height].allSatisfy(\.isFinite) else {
                    throw APIError.badRequest("A name region is four finite numbers (x, y, width, height).")
                }
                let rect = PageRect(origin: PagePoint(x: region.x, y: region.y), width: region.width, height: region.height)
                guard let student = region.student else { return NameRegion(page: region.page, rect: rect) }
                return try project.nameRegion(rect, page: region.page, measuredOn: StudentKey(student))
            }
            try project.setAnonymous(input.on, nameRegions: regions)
            return try Reply.json(AnonymityReply(on: input.on))
        }
    }

    /// POST /api/questions/{question}/rubric: a new item's text and points ("-1", "+0.5").
    struct NewItemBody: Decodable { let text: String, points: String }

    /// PATCH /api/questions/{question}/rubric/{number}: a new text or points, or `position`: move the
    /// item there in the list (alone: an edit is one change, a move another).
    struct ItemEditBody: Decodable { let text: String?, points: String?, position: Int? }

    /// POST /api/roster: the roster as CSV text.
    struct RosterBody: Decodable { let csv: String }

    /// POST /api/roster answered: how many students the roster named.
    struct RosterReply: Encodable { let students: Int }

    /// PUT /api/anonymity: on or off, and where names are on the page.
    struct AnonymityBody: Decodable {
        /// A name region; `student`: it was dragged on that student's page (else it is on the reference page).
        struct Region: Decodable { let page: Int, x: Double, y: Double, width: Double, height: Double, student: Int64? }
        let on: Bool, regions: [Region]?
    }

    /// PUT /api/anonymity answered: whether grading is now anonymous.
    struct AnonymityReply: Encodable { let on: Bool }

    /// The path's rubric item number (from 1).
    private func itemNumber(_ context: WebContext) throws -> Int {
        guard let number = Int(exactly: try context.number("number")) else { throw APIError.badRequest("That is not a rubric item number.") }
        return number
    }
}
