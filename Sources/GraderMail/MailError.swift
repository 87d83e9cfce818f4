import Foundation

/// Why a message could not be made or sent.
public enum MailError: Error, Equatable, Sendable {
    /// `text` is not one e-mail address (`whose` names where it came from: "--from", a student).
    case badAddress(String, whose: String)
    /// The SMTP URL is not `smtp://HOST[:PORT]` or `smtps://HOST[:PORT]`.
    case badServerURL(String)
    /// The server refused this one message (a recipient, the sender or the content): `code` and
    /// libcurl's text. Other messages may still go through.
    case refused(code: Int, detail: String)
    /// The server cannot be reached, the connection or TLS failed, or it was lost mid-message:
    /// nothing more can be sent now.
    case connection(server: String, detail: String)
    /// The server refused the user name or password.
    case login(server: String, user: String)
}

extension MailError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .badAddress(let text, let whose):
            return "\(whose): '\(text)' is not an e-mail address: write it as name@example.org or \"Name <name@example.org>\"."
        case .badServerURL(let url):
            return "'\(url)' is not an SMTP server: write smtp://HOST:587 (STARTTLS) or smtps://HOST:465 (TLS from the start)."
        case .refused(let code, let detail):
            return "the server refused the message (\(code)): \(detail)"
        case .connection(let server, let detail):
            return "the connection to \(server) failed or was lost: \(detail)"
        case .login(let server, let user):
            return "\(server) refused the user name '\(user)' or its password: check them (the password is read from "
                + "EZGRADER_SMTP_PASSWORD or asked for)."
        }
    }
}
