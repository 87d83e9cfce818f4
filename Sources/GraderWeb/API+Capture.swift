import Foundation
import GraderKit
import Hummingbird

/// Grading a bubble sheet from a phone photo: the photo in, the student, score and marks out.
extension GradingAPI {
    /// The largest photo taken (base64 grows it by a third): a 12 MP phone JPEG fits.
    static let largestPhotoBody = 16 << 20

    func addCaptureRoutes(to router: Router<WebContext>) {
        router.post("/api/capture") { request, context in
            let input = try await request.json(CaptureBody.self, context: context, upTo: Self.largestPhotoBody)
            guard let photo = Data(base64Encoded: input.photo) else { throw APIError.badRequest("`photo` is not base64: send the JPEG or PNG's bytes in base64.") }
            let sheet = try project(context).captureSheet(photo: photo, student: input.student, replace: input.replace ?? false)
            return try Reply.json(sheet, status: sheet.outcome == .added ? .created : .ok)
        }
    }

    /// POST /api/capture: the photo (JPEG or PNG, base64); the student it is for when the sheet does
    /// not say (a name or roster id; a name not in the project adds that student); `replace` to
    /// replace the sheet the student already has.
    struct CaptureBody: Decodable { let photo: String, student: String?, replace: Bool? }
}
