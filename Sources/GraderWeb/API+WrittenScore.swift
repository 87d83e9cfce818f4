import Foundation
import GraderKit
import Hummingbird

/// Scores written by pen in the score pad: the strokes go to the digit reader, the reading comes
/// back as an offer (or why not); nothing is recorded until the grader taps the offer, which saves
/// it as a typed score.
extension GradingAPI {
    /// POST /api/questions/{question}/written-score: the strokes written, each a list of [x, y]
    /// points in the writing area (pixels, y down).
    struct WrittenScoreBody: Decodable { let strokes: [[[Double]]] }

    /// POST /api/questions/{question}/written-score answered: what was read ("?" for a mark read as
    /// no digit), how sure (0…1), the score offered (absent when none is), the question's maximum,
    /// and the line to show ("7 — tap to give 7/10", or what is wrong).
    struct WrittenScoreReply: Encodable {
        let read: String, confidence: Double, score: String?, max: String, message: String
    }

    func addWrittenScoreRoutes(to router: Router<WebContext>) {
        router.post("/api/questions/{question}/written-score") { request, context in
            let input = try await request.json(WrittenScoreBody.self, context: context)
            let strokes = try input.strokes.map { stroke in
                try stroke.map { point in
                    guard point.count == 2 else { throw APIError.badRequest("Each point of a stroke is [x, y]; one has \(point.count) numbers.") }
                    return PagePoint(x: point[0], y: point[1])
                }
            }
            let reading = try project(context).readWrittenScore(strokes, question: QuestionID(try context.number("question")))
            return try Reply.json(WrittenScoreReply(read: reading.read, confidence: reading.confidence, score: reading.offer?.description,
                                                    max: reading.max.description, message: reading.message))
        }
    }
}
