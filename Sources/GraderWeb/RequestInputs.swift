import Foundation
import GraderKit
import Hummingbird
import NIOCore

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
    /// The JSON body as `T` (`empty` when there is no body at all, for a call whose fields are all
    /// optional); a body over `limit` (the context's upload size), not JSON, or without a field the
    /// call needs is refused naming what is wrong.
    func json<T: Decodable>(_ type: T.Type, context: WebContext, ifEmpty empty: T? = nil, upTo limit: Int? = nil) async throws -> T {
        var request = self
        let body: ByteBuffer, limit = limit ?? context.maxUploadSize
        do {
            body = try await request.collectBody(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw APIError(status: .contentTooLarge, message: "The request is larger than \(limit >> 20) MB: send less at once.")
        }
        if body.readableBytes == 0, let empty { return empty }
        do {
            return try JSONDecoder().decode(T.self, from: Data(body.readableBytesView))
        } catch let error as DecodingError {
            throw APIError.badRequest(Self.describe(error) + ": see /api/openapi.json.")
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        let field = { (path: [any CodingKey]) in path.map(\.stringValue).filter { !$0.isEmpty }.joined(separator: ".") }
        switch error {
        case .keyNotFound(let key, let context): return "The request body lacks `\(field(context.codingPath + [key]))`"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return context.codingPath.isEmpty ? "The request body is not the JSON object this call takes" : "`\(field(context.codingPath))` has the wrong type"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "The request body is not JSON" : "`\(field(context.codingPath))` is not a usable value"
        @unknown default: return "The request body is not the JSON this call takes"
        }
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

/// A path of [x, y] pairs in points: `what` names its points ("ink point", "lasso point") in the refusal.
func pathInput(_ pairs: [[Double]], of what: String) throws -> [PagePosition] {
    try pairs.map { pair throws in
        guard pair.count == 2 else { throw APIError.badRequest("Each \(what) is [x, y] in points.") }
        return try PointInput(x: pair[0], y: pair[1]).position
    }
}

/// The annotation ids of a change of several ("1,2,3" or [1, 2, 3]): at least one.
func annotationIDs(_ ids: [Int64]) throws -> [AnnotationID] {
    guard !ids.isEmpty else { throw APIError.badRequest("Name at least one annotation (ids).") }
    return ids.map(AnnotationID.init)
}

/// The score a change was made against ("?" or points), so someone else's change meanwhile is not overwritten.
func expectedScore(_ text: String?) throws -> Score? {
    try text.map { text throws in
        guard let expected = Score(text) else { throw APIError.badRequest("'\(text)' is not a score (expected).") }
        return expected
    }
}
