import Foundation
import GraderKit
import Hummingbird

/// Responses of the API: JSON bodies, and errors as `{"error": "…"}` with their status.
enum Reply {
    /// `value` as JSON.
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Response(status: status, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
                        body: .init(byteBuffer: ByteBuffer(bytes: try encoder.encode(value))))
    }

    /// An error response whose body says what went wrong and what to do.
    static func error(_ status: HTTPResponse.Status, _ message: String) -> Response {
        let body = (try? JSONEncoder().encode(ErrorReply(error: message))) ?? Data("{}".utf8)
        return Response(status: status, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
                        body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// `bytes` with `type`, cached by the browser for `maxAge` seconds (private: pages are the students').
    static func bytes(_ bytes: some Sequence<UInt8>, type: String, maxAge: Int = 0) -> Response {
        Response(status: .ok, headers: [.contentType: type, .cacheControl: maxAge > 0 ? "private, max-age=\(maxAge)" : "no-store"],
                 body: .init(byteBuffer: ByteBuffer(bytes: Array(bytes))))
    }
}

/// The body of every error response (components/schemas/Error in openapi.json).
struct ErrorReply: Encodable {
    /// What went wrong and what to do.
    let error: String
}

/// The body of a change that answers the id of what it made or changed.
struct IDReply: Encodable { let id: Int64 }

/// The body of a change to a rubric item: the item's number (from 1).
struct NumberReply: Encodable { let number: Int }

/// The body of a change to a score: the score now stored ("3.5" or "?").
struct ScoreReply: Encodable { let score: String }

/// The body of an undo or redo: the step taken back or done again, absent when there was none.
struct StepReply: Encodable { let step: String? }

/// A refusal the server itself makes (a bad request body or parameter), with its status.
struct APIError: LocalizedError {
    let status: HTTPResponse.Status
    let message: String

    var errorDescription: String? { message }

    static func badRequest(_ message: String) -> APIError { APIError(status: .badRequest, message: message) }
}

/// Turns every error a route throws into a JSON error response: the façade's own messages (students
/// by pseudonym while anonymous grading is on), with 404 for an unknown student, question or
/// annotation, 409 for a change someone made meanwhile (or that would take another grader's work
/// without saying so), 403 for a change to a project that can only be read here or that the grader's role
/// does not allow, 400 for other
/// refused input and 500 when something could not be written.
struct ErrorReplies: RouterMiddleware {
    /// The project served, which words its messages.
    let project: GradingProject

    func handle(_ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return Reply.error(error.status, error.message)
        } catch let error as HTTPError {
            return Reply.error(error.status, error.body ?? (error.status == .notFound ? "There is no such page or API call." : "\(error.status)"))
        } catch let error as GradingError {
            return Reply.error(Self.status(of: error), project.shownMessage(for: error))
        } catch where GradingProject.isBusy(error) {
            // Another program holds the database: the change was not made, and may be sent again soon.
            var response = Reply.error(.serviceUnavailable, project.shownMessage(for: error))
            response.headers[.retryAfter] = "2"
            return response
        } catch {
            let status: HTTPResponse.Status = switch ErrorCategory(of: error) {
            case .writeFailed: .internalServerError
            case .readOnly, .notAllowed: .forbidden
            case .inputRefused, .usage: .badRequest
            }
            return Reply.error(status, project.shownMessage(for: error))
        }
    }

    static func status(of error: GradingError) -> HTTPResponse.Status {
        switch error {
        case .unknownStudent, .unknownStudentNear, .unknownQuestion, .unknownAnnotation, .pageOutOfRange: .notFound
        case .changedMeanwhile, .historyBlocked, .historyBreaksRule, .othersScores, .othersAnnotation, .anonymousDownload, .notInIDReview, .studentAlreadyMatched: .conflict
        default: .badRequest
        }
    }
}
