import Foundation

/// Where and as whom messages are sent: an SMTP server reached over TLS only — `smtp://` starts
/// TLS with STARTTLS and refuses a server that cannot, `smtps://` speaks TLS from the start.
public struct SMTPServer: Sendable {
    /// The server's URL, `smtp://HOST[:PORT]` or `smtps://HOST[:PORT]`.
    public let url: String
    /// The user name to authenticate as, nil to send without AUTH.
    public let user: String?
    /// The password (never written anywhere, never shown).
    let password: String?
    /// A PEM file of the certificate authorities to trust instead of the system's (a school's own CA,
    /// a test server's self-signed certificate), nil for the system's.
    public let certificateAuthorities: String?

    /// A server; the URL is checked (scheme and host).
    public init(url: String, user: String? = nil, password: String? = nil, certificateAuthorities: String? = nil) throws(MailError) {
        guard let parsed = URLComponents(string: url), ["smtp", "smtps"].contains(parsed.scheme?.lowercased() ?? ""),
              let host = parsed.host, !host.isEmpty, parsed.path.isEmpty || parsed.path == "/" else {
            throw .badServerURL(url)
        }
        (self.url, self.user, self.password, self.certificateAuthorities) = (url, user, password, certificateAuthorities)
    }

    /// The server as messages name it: its URL without user or password.
    public var name: String { url }
}
