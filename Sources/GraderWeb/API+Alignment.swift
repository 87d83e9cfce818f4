import Foundation
import GraderKit
import Hummingbird

/// A student's page lined up with the reference page by hand (a page that did not align): the
/// boxes on it follow.
extension GradingAPI {
    /// POST /api/pages/{student}/{page}/alignment: how far to move what is placed on the page —
    /// points right and down, degrees clockwise about the page's centre.
    struct HandAlignmentBody: Decodable { let dx: Double, dy: Double, degrees: Double? }

    /// Where the reference page now sits on the student's page: turned, scaled, and its top-left corner (points).
    struct PageAligned: Encodable { let degrees: Double, scale: Double, x: Double, y: Double }

    func addAlignmentRoutes(to router: Router<WebContext>) {
        // The reference page a flagged page is lined up with, as JPEG.
        router.get("/api/reference/{page}/image") { request, context in
            let page = Int(try context.number("page"))
            return try await imageReply(request, context) { width in try images.lookupReference(page: page, width: width) }
        }

        router.post("/api/pages/{student}/{page}/alignment") { request, context in
            let input = try await request.json(HandAlignmentBody.self, context: context)
            let aligned = try project(context).alignPage(student: StudentKey(try context.number("student")), page: Int(try context.number("page")),
                                                         by: HandAlignment(dx: input.dx, dy: input.dy, degrees: input.degrees ?? 0))
            let transform = aligned.transform ?? .identity
            return try Reply.json(PageAligned(degrees: transform.rotation * 180 / .pi, scale: transform.scale, x: transform.tx, y: transform.ty))
        }
    }
}
