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
    /// The certificate authorities trusted for mail (`serve --smtp-cafile`), nil for the system's.
    var mailAuthorities: String? = nil

    /// The project acting as the request's grader, in their role (the façade refuses what it does not allow).
    func project(_ context: WebContext) throws -> GradingProject { base.acting(as: try context.requireGrader(), role: context.role) }

    /// Every route of the API and the page's assets.
    func addRoutes(to router: Router<WebContext>) {
        addSessionRoutes(to: router)
        addGradingRoutes(to: router)
        addPageRoutes(to: router)
        addAlignmentRoutes(to: router)
        addQuestionRoutes(to: router)
        addCourseRoutes(to: router)
        addIDReviewRoutes(to: router)
        addWrittenScoreRoutes(to: router)
        addDownloadRoutes(to: router)
        addHistoryRoutes(to: router)
        addCaptureRoutes(to: router)
        addReturnRoutes(to: router)
        addGroupRoutes(to: router)
        Assets.addRoutes(to: router)
        router.get("/api/events") { _, _ in feed.response() }
    }

    private func addSessionRoutes(to router: Router<WebContext>) {
        router.get("/api/me") { _, context in
            let book = try base.directory(), anonymity = try base.anonymity()
            return try Reply.json(Me(
                grader: context.grader?.name, project: ((base.folder as NSString).lastPathComponent as NSString).deletingPathExtension,
                pages: book.pagesPerStudent, students: book.students.count, anonymous: anonymity.isOn, images: try base.imageStamp(),
                role: context.role.rawValue, may: context.role.allowedActions.map(\.rawValue), nameFixed: context.nameFixed,
                nameRegions: anonymity.nameRegions.map { .init(page: $0.page, x: $0.rect.origin.x, y: $0.rect.origin.y, width: $0.rect.width, height: $0.rect.height) },
                questions: book.questions.map { .init(id: $0.question.id.rawValue, name: $0.name, heading: $0.heading, page: $0.question.page,
                                                      max: $0.question.maxPoints.description) },
                graders: try base.graders(),
                views: (try base.acceptsCapturedSheets() ? ["capture"] : []) + (try base.hasIDBoxes() ? ["ids"] : [])
                    + (context.role.may(.returnWork) ? ["return"] : [])))
        }

        // What the PDF draws with, for the page to draw the same (read once at start-up).
        router.get("/api/look") { _, _ in try Reply.json(GradeLayerLook.standard) }

        router.post("/api/me") { request, context in
            if context.nameFixed, let grader = context.grader {
                throw APIError(status: .forbidden, message: "You are signed in as \(grader.name) by your personal link; your name cannot be changed here.")
            }
            let grader = try Grader(try await request.json(GraderBody.self, context: context).name)
            var response = try Reply.json(GraderReply(grader: grader.name))
            let value = grader.name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            response.setCookie(Cookie(name: AccessGuard.graderCookie, value: value, maxAge: 60 * 60 * 24 * 365, path: "/",
                                      httpOnly: true, sameSite: .strict))
            return response
        }
    }

    private func addHistoryRoutes(to router: Router<WebContext>) {
        router.post("/api/undo") { request, context in
            let input = try await request.json(UndoBody.self, context: context, ifEmpty: UndoBody(force: nil))
            do {
                return try Reply.json(StepReply(step: try project(context).undo(force: input.force ?? false)?.description))
            } catch let error as GradingError {
                guard case .historyBlocked(_, _, let grader, _, _) = error else { throw error }
                // Who built on it, for the page to offer "Undo anyway, with Ben's work".
                return try Reply.json(BlockedUndo(error: base.shownMessage(for: error), grader: grader), status: .conflict)
            }
        }
        router.post("/api/redo") { _, context in try Reply.json(StepReply(step: try project(context).redo()?.description)) }
    }
}

extension GradingAPI {
    /// GET /api/me: who is grading (absent until the browser has said), the project, its pages and questions.
    struct Me: Encodable {
        let grader: String?, project: String, pages: Int, students: Int, anonymous: Bool, images: String
        /// The grader's role, what it allows (the page hides the rest), and whether the name came with a personal link.
        let role: String, may: [String], nameFixed: Bool
        let nameRegions: [Region]
        let questions: [Question]
        /// Everyone who has graded or changed something in the project, for the browser to offer as buttons.
        let graders: [String]
        /// The views only some projects or roles have: "capture" (a one-page bubble sheet), "ids" (handwritten student
        /// numbers), "return" (e-mailing graded work, for a role that may).
        let views: [String]
        struct Region: Encodable { let page: Int, x: Double, y: Double, width: Double, height: Double }
        struct Question: Encodable { let id: Int64, name: String, heading: String, page: Int, max: String }
    }

    /// POST /api/me: the grader's name.
    struct GraderBody: Decodable { let name: String }

    /// POST /api/me answered: the grader's name as stored.
    struct GraderReply: Encodable { let grader: String }

    /// POST /api/undo: `force` confirms an undo that takes another grader's work with it.
    struct UndoBody: Decodable { let force: Bool? }

    /// POST /api/undo refused (409): why, and the grader who built on the change, for the page to
    /// offer "Undo anyway, with Ben's work".
    struct BlockedUndo: Encodable { let error: String, grader: String }
}
