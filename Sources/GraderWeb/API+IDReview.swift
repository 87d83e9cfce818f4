import Foundation
import GraderKit
import Hummingbird

/// Copies whose handwritten student number was not read surely enough: each shown with its
/// likeliest students, one of them confirmed by a tap or a key.
extension GradingAPI {
    /// GET /api/id-reviews: one copy left for review — its entry, where its boxes are on its page
    /// (points, the page upright), what they read, and the likeliest students, best first.
    struct IDReviewLine: Encodable {
        struct Candidate: Encodable { let name: String, rosterID: String?, probability: Double }
        let student: Int64, copy: Int?, name: String, read: String
        let page: Int, x: Double, y: Double, width: Double, height: Double, pageWidth: Double, pageHeight: Double
        let candidates: [Candidate]

        init(_ card: IDBoxReviewCard) {
            (student, copy, name, read) = (card.review.student.rawValue, card.review.copy, card.name, card.review.read)
            (page, x, y, width, height) = (card.page, card.region.origin.x, card.region.origin.y, card.region.width, card.region.height)
            (pageWidth, pageHeight) = (card.pageSize.width, card.pageSize.height)
            candidates = card.review.candidates.map { Candidate(name: $0.student.name, rosterID: $0.student.rosterID, probability: $0.probability) }
        }
    }

    /// POST /api/id-reviews/{student}: the roster id of the student the copy is.
    struct IDConfirmBody: Decodable { let rosterID: String }

    /// POST /api/id-reviews/{student} answered: the student the copy now is.
    struct IDConfirmed: Encodable { let name: String, rosterID: String? }

    func addIDReviewRoutes(to router: Router<WebContext>) {
        router.get("/api/id-reviews") { _, context in
            try Reply.json(try project(context).idReviewCards().map(IDReviewLine.init))
        }

        router.post("/api/id-reviews/{student}") { request, context in
            let input = try await request.json(IDConfirmBody.self, context: context)
            let student = try project(context).confirmIDReview(student: StudentKey(try context.number("student")), rosterID: input.rosterID)
            return try Reply.json(IDConfirmed(name: student.name, rosterID: student.rosterID))
        }
    }
}
