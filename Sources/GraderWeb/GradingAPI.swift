import Foundation
import GraderKit
import Hummingbird

/// The HTTP API over one project: each route reads the request, calls the `GradingProject`
/// façade as the request's grader, and answers JSON (or a page image). No grading rule lives here.
struct GradingAPI: Sendable {
    /// The project, opened by whoever started the server.
    let base: GradingProject
    /// Page images.
    let images: PageImageCache
    /// Page renders, a few at a time.
    let renders: RenderGate
    /// Changes, for the live views.
    let feed: ChangeFeed

    /// The project acting as the request's grader.
    func project(_ context: WebContext) throws -> GradingProject { base.acting(as: try context.requireGrader()) }

    /// Every route of the API and the page's assets.
    func addRoutes(to router: Router<WebContext>) {
        addSessionRoutes(to: router)
        addGradingRoutes(to: router)
        addPageRoutes(to: router)
        addQuestionRoutes(to: router)
        addCourseRoutes(to: router)
        addDownloadRoutes(to: router)
        addHistoryRoutes(to: router)
        Assets.addRoutes(to: router)
        router.get("/api/events") { _, _ in feed.response() }
    }

    private func addSessionRoutes(to router: Router<WebContext>) {
        router.get("/api/me") { _, context in
            let book = try base.directory(), anonymity = try base.anonymity()
            struct Me: Encodable {
                let grader: String?, project: String, pages: Int, students: Int, anonymous: Bool, images: String
                let nameRegions: [Region]
                let questions: [Question]
                struct Region: Encodable { let page: Int, x: Double, y: Double, width: Double, height: Double }
                struct Question: Encodable { let id: Int64, name: String, heading: String, page: Int, max: String }
            }
            return try Reply.json(Me(
                grader: context.grader?.name, project: ((base.folder as NSString).lastPathComponent as NSString).deletingPathExtension,
                pages: book.pagesPerStudent, students: book.students.count, anonymous: anonymity.isOn, images: try base.imageStamp(),
                nameRegions: anonymity.nameRegions.map { .init(page: $0.page, x: $0.rect.origin.x, y: $0.rect.origin.y, width: $0.rect.width, height: $0.rect.height) },
                questions: book.questions.map { .init(id: $0.question.id.rawValue, name: $0.name, heading: $0.heading, page: $0.question.page,
                                                      max: $0.question.maxPoints.description) }))
        }

        // What the PDF draws with, for the page to draw the same (read once at start-up).
        router.get("/api/look") { _, _ in try Reply.json(GradeLayerLook.standard) }

        router.post("/api/me") { request, context in
            struct Input: Decodable { let name: String }
            let grader = try Grader(try await request.json(Input.self, context: context).name)
            var response = try Reply.json(["grader": grader.name])
            let value = grader.name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            response.setCookie(Cookie(name: AccessGuard.graderCookie, value: value, maxAge: 60 * 60 * 24 * 365, path: "/",
                                      httpOnly: true, sameSite: .strict))
            return response
        }
    }

    private func addHistoryRoutes(to router: Router<WebContext>) {
        router.post("/api/undo") { request, context in
            // {"force": true} confirms an undo that takes another grader's work with it.
            struct Input: Decodable { let force: Bool? }
            let input = try await request.json(Input.self, context: context, ifEmpty: Input(force: nil))
            do {
                return try Reply.json(["step": try project(context).undo(force: input.force ?? false)?.description])
            } catch let error as GradingError {
                guard case .historyBlocked(_, _, let grader, _, _) = error else { throw error }
                // Who built on it, for the page to offer "Undo anyway, with Ben's work".
                return try Reply.json(["error": base.shownMessage(for: error), "grader": grader], status: .conflict)
            }
        }
        router.post("/api/redo") { _, context in try Reply.json(["step": try project(context).redo()?.description]) }
    }
}
