import Foundation
import GraderKit
import Hummingbird

/// Reading what a request names: path parameters, query values and JSON bodies, each refused with
/// a message naming the value when it is not what the call takes.
extension WebContext {
    /// The path parameter `name` as a whole number.
    func number(_ name: String) throws -> Int64 {
        guard let text = parameters.get(name), let value = Int64(text) else {
            throw APIError.badRequest("'\(parameters.get(name) ?? "")' is not a \(name) number.")
        }
        return value
    }

    /// The grader this request acts for; refused until the browser has said who is grading.
    func requireGrader() throws -> Grader {
        guard let grader else { throw APIError(status: .unauthorized, message: "Say who is grading first (POST /api/me with a name).") }
        return grader
    }
}

extension Request {
    /// The JSON body as `T`.
    func json<T: Decodable>(_ type: T.Type, context: WebContext) async throws -> T {
        try await decode(as: type, context: context)
    }

    /// The query value `name` as a whole number, or nil when absent.
    func queryNumber(_ name: String) throws -> Int64? {
        guard let text = uri.queryParameters.get(name) else { return nil }
        guard let value = Int64(text) else { throw APIError.badRequest("'\(text)' is not a number (query value \(name)).") }
        return value
    }
}

/// A point on a page, in points from the top-left corner; refused when not finite.
struct PointInput: Decodable {
    let x: Double, y: Double

    var position: PagePosition {
        get throws {
            guard x.isFinite, y.isFinite else { throw APIError.badRequest("A position must be two finite numbers.") }
            return PagePosition(PagePoint(x: x, y: y))
        }
    }
}

/// The score a change was made against ("?" or points), so someone else's change meanwhile is not overwritten.
func expectedScore(_ text: String?) throws -> Score? {
    try text.map { text throws in
        guard let expected = Score(text) else { throw APIError.badRequest("'\(text)' is not a score (expected).") }
        return expected
    }
}
