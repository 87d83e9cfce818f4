import Foundation
import GraderKit
import Hummingbird

/// Returning graded work by e-mail from the browser: each student's state, one student's message
/// as it would go out, and a run that sends to all in the background, its progress read as it goes.
extension GradingAPI {
    /// GET /api/return: each student's state (read without writing a PDF), whether this
    /// server has a mail password of its own (EZGRADER_SMTP_PASSWORD), and the latest run.
    struct ReturnOverview: Encodable {
        let students: [WorkReturn.Line]
        let serverPassword: Bool
        let run: ReturnRun.Status
    }

    /// POST /api/return/preview/{student} and /api/return/send: the letter (an empty field: the
    /// standard one), and for sending the mail server — `security` "starttls" (port 587 by default)
    /// or "tls" (465) — who logs in, the password (else the server's EZGRADER_SMTP_PASSWORD) and
    /// how many messages a minute at most.
    struct ReturnBody: Decodable {
        let from: String, replyTo: String?, subject: String?, template: String?
        let host: String?, port: Int?, security: String?, user: String?, password: String?, perMinute: Int?

        /// The letter, checked whole (addresses, placeholders).
        func letter() throws -> ReturnLetter {
            try ReturnLetter(from: from, replyTo: given(replyTo), subject: given(subject), text: given(template), textOrigin: "the template")
        }

        /// The mail server to send through, as this server reaches it.
        func delivery(trusting authorities: String?) throws -> WorkReturn.Delivery {
            guard let host = given(host) else { throw APIError.badRequest("Give the mail server's host (host), e.g. smtp.example.edu.") }
            guard ["starttls", "tls"].contains(security ?? "starttls") else {
                throw APIError.badRequest("'\(security ?? "")' is not a way to secure mail: give starttls or tls (security).")
            }
            let implicitTLS = security == "tls", user = given(user)
            let password = given(password) ?? (user == nil ? nil : WorkReturn.environmentPassword)
            if let user, password == nil {
                throw APIError.badRequest("No password for '\(user)': type it, or start the server with EZGRADER_SMTP_PASSWORD set.")
            }
            return .smtp(url: try WorkReturn.serverURL(host: host, port: port ?? (implicitTLS ? 465 : 587), implicitTLS: implicitTLS),
                         user: user, password: password, certificateAuthorities: authorities)
        }

        /// How fast to send.
        func options() throws -> WorkReturn.Options {
            guard (perMinute ?? 30) >= 1 else { throw APIError.badRequest("perMinute must be at least 1, not \(perMinute ?? 0).") }
            return WorkReturn.Options(perMinute: perMinute ?? 30)
        }

        private func given(_ text: String?) -> String? { text?.isEmpty == false ? text : nil }
    }

    func addReturnRoutes(to router: Router<WebContext>) {
        router.get("/api/return") { _, context in
            let project = try project(context)
            return try Reply.json(ReturnOverview(students: try conflicting { try project.returnPlan() },
                                                 serverPassword: WorkReturn.environmentPassword != nil, run: try project.returnStatus()))
        }

        router.post("/api/return/preview/{student}") { request, context in
            let input = try await request.json(ReturnBody.self, context: context)
            let project = try project(context), student = StudentKey(try context.number("student"))
            return try Reply.json(try conflicting { try project.previewReturn(try input.letter(), student: student) })
        }

        router.post("/api/return/send") { request, context in
            let input = try await request.json(ReturnBody.self, context: context)
            let project = try project(context)
            let status = try conflicting {
                try project.startReturn(try input.letter(), delivery: try input.delivery(trusting: mailAuthorities), options: try input.options())
            }
            return try Reply.json(status, status: .accepted)
        }

        router.get("/api/return/run") { _, context in try Reply.json(try project(context).returnStatus()) }

        router.post("/api/return/stop") { _, context in try Reply.json(try project(context).stopReturn()) }
    }

    /// `work`, answered 409 when it conflicts with the project's state: a return running (here or
    /// in another program), or anonymous grading on.
    private func conflicting<T>(_ work: () throws -> T) throws -> T {
        do {
            return try work()
        } catch let error as WorkReturnError {
            switch error {
            case .alreadyRunning, .runningElsewhere, .anonymous: throw APIError(status: .conflict, message: base.shownMessage(for: error))
            default: throw error
            }
        }
    }
}
