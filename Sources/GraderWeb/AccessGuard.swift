import Foundation
import GraderKit
import Hummingbird

/// Who may talk to the server: every request must come with the secret token (the link `serve`
/// prints, then a cookie; or `Authorization: Bearer`), name one of the server's own host names in
/// `Host` (no DNS rebinding), use a method the API has, and, when it changes something, come from
/// the server's own pages (`Origin`: scheme, host and port) as JSON (a page of another site, even
/// one on another port of this machine, cannot send that without asking first, which this server
/// never grants). Every response carries a strict Content-Security-Policy, and over HTTPS HSTS.
/// An invited grader's personal link (`?invite=SECRET`, then a session cookie, or `Authorization:
/// Bearer SECRET`) signs them in with their name and role, looked up on every request, so a
/// revoked link is refused from the next request on.
struct AccessGuard: RouterMiddleware {
    /// The secret token (the owner's link: the instructor, who says their name in the browser).
    let token: String
    /// The host names `Host` and `Origin` may name (the bind address, plus the loopback names);
    /// nil when bound to every interface (any name; the token still decides).
    let hostNames: Set<String>?
    /// The port the server listens on, which `Origin` must name.
    let port: BoundPort
    /// The project, whose invites say who a personal link signs in.
    let project: GradingProject
    /// True when served over HTTPS: `Origin` is https, cookies are `Secure`, responses carry HSTS.
    var secure = false

    /// The methods the API answers; any other is refused with 405.
    static let methods: [HTTPRequest.Method] = [.get, .head, .post, .put, .patch, .delete]

    static let tokenCookie = "ezgrader_token"
    static let graderCookie = "ezgrader_grader"
    /// The cookie an invited grader's browser is signed in with (their link's secret).
    static let sessionCookie = "ezgrader_session"
    /// HSTS: browsers that reached this server over HTTPS use nothing else for a day. A day, not a
    /// year: it binds the whole host name (every port), and a TA's laptop may serve other things.
    static let strictTransport = "max-age=86400"
    static let securityHeaders: HTTPFields = [
        .contentSecurityPolicy: "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; "
            + "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        .init("X-Content-Type-Options")!: "nosniff",
        .init("Referrer-Policy")!: "no-referrer",
        .init("X-Frame-Options")!: "DENY",
    ]

    func handle(_ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response) async throws -> Response {
        var response = try await checked(request, context: context, next: next)
        for field in Self.securityHeaders { response.headers[field.name] = field.value }
        if secure { response.headers[.strictTransportSecurity] = Self.strictTransport }
        return response
    }

    private func checked(_ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response) async throws -> Response {
        guard let host = request.head.authority, allows(Self.hostName(of: host)) else {
            return Reply.error(.misdirectedRequest, "This server answers only to the address `ezgrader serve` printed.")
        }
        guard Self.methods.contains(request.method) else {
            let allowed = Self.methods.map(\.rawValue).joined(separator: ", ")
            var response = Reply.error(.methodNotAllowed, "\(request.method.rawValue) is not served here: this server answers \(allowed).")
            response.headers[.allow] = allowed
            return response
        }
        let changes = ![.get, .head].contains(request.method)
        if let origin = request.headers[.origin], !isOwn(origin: origin, host: host) {
            return Reply.error(.forbidden, "Requests from other sites are refused.")
        }
        let bearer = request.headers[.authorization].flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
        let cookie = request.cookies[Self.tokenCookie]?.value
        // A change sent with only the cookie must say where it comes from (browsers always send Origin then).
        if changes, bearer == nil, request.headers[.origin] == nil {
            return Reply.error(.forbidden, "A change must come from the grading page (it sends an Origin header) or carry the token.")
        }
        if request.method == .get, request.uri.path == "/", let given = request.uri.queryParameters["token"].map(String.init) {
            guard Self.same(given, token) else { return unauthorized(request) }
            // Swap the token in the address for a cookie, so it leaves neither history nor screenshots.
            return signedIn(cookie: Self.tokenCookie, value: token)
        }
        if request.method == .get, request.uri.path == "/", let given = request.uri.queryParameters["invite"].map(String.init) {
            guard case .success(.some) = invited(given) else { return refused(request, Self.deadLink) }
            return signedIn(cookie: Self.sessionCookie, value: given)
        }
        var context = context
        if let presented = bearer ?? cookie, Self.same(presented, token) {
            context.grader = request.cookies[Self.graderCookie].flatMap { $0.value.removingPercentEncoding }.flatMap { try? Grader($0) }
        } else if let secret = bearer ?? request.cookies[Self.sessionCookie]?.value {
            switch invited(secret) {
            case .success(let signedIn?): (context.grader, context.role, context.nameFixed) = (signedIn.grader, signedIn.role, true)
            case .success(nil): return refused(request, Self.deadLink)
            case .failure(let error): return Reply.error(.serviceUnavailable, project.shownMessage(for: error))
            }
        } else {
            return unauthorized(request)
        }
        if changes, let refusal = Self.untypedChange(request, withToken: bearer != nil) { return refusal }
        return try await next(request, context)
    }

    /// The invited grader `secret` signs in (nil: none), or why the project could not say.
    private func invited(_ secret: String) -> Result<(grader: Grader, role: GraderRole)?, any Error> {
        Result { try project.invitedGrader(secret: secret) }
    }

    /// What a revoked, mistyped or unknown personal link (or a browser signed in with one) is told.
    static let deadLink = "This link no longer works (revoked, or mistyped): ask the instructor for a new one."

    /// The redirect to `/` that swaps a secret in the address for a cookie, so it leaves neither
    /// history nor screenshots.
    private func signedIn(cookie name: String, value: String) -> Response {
        var response = Response(status: .seeOther, headers: [.location: "/"])
        response.setCookie(Cookie(name: name, value: value, path: "/", secure: secure, httpOnly: true, sameSite: .strict))
        return response
    }

    private func unauthorized(_ request: Request) -> Response {
        refused(request, "Open the link `ezgrader serve` printed: it holds this server's token.")
    }

    /// A 401 saying `message`: JSON for the API, plain text for a page.
    private func refused(_ request: Request, _ message: String) -> Response {
        guard !request.uri.path.hasPrefix("/api/") else { return Reply.error(.unauthorized, message) }
        return Response(status: .unauthorized, headers: [.contentType: "text/plain; charset=utf-8"],
                        body: .init(byteBuffer: ByteBuffer(string: message + "\n")))
    }

    private func allows(_ name: String) -> Bool { hostNames?.contains(name) ?? true }

    /// True when `origin` is this server's own: `http` (`https` when served over HTTPS), one of its
    /// host names (when bound to every interface, the name `Host` gives), and the port it listens on.
    private func isOwn(origin: String, host: String) -> Bool {
        let scheme = secure ? "https" : "http"
        guard let url = URL(string: origin), url.scheme?.lowercased() == scheme, let name = url.host?.lowercased(), url.path.isEmpty,
              port.port != 0, (url.port ?? (secure ? 443 : 80)) == port.port else { return false }
        let bare = name.hasPrefix("[") && name.hasSuffix("]") ? String(name.dropFirst().dropLast()) : name
        return hostNames.map { $0.contains(bare) } ?? (bare == Self.hostName(of: host))
    }

    /// The 415 refusal of a change that is not sent as JSON: a body of another type, or, from the
    /// grading page's cookie, no `Content-Type: application/json` at all (a page of another site can
    /// send `text/plain` or nothing, but not that, without asking first). nil when the change may go on.
    static func untypedChange(_ request: Request, withToken: Bool) -> Response? {
        let type = request.headers[.contentType]
        let isJSON = type.map { $0.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() == "application/json" } ?? false
        let hasBody = (request.headers[.contentLength].flatMap { Int($0) } ?? 0) > 0 || request.headers[.transferEncoding] != nil
        guard !isJSON, hasBody || !withToken else { return nil }
        let given = type.map { "not \($0)" } ?? "it came without a Content-Type"
        return Reply.error(.unsupportedMediaType, "A change must be sent as JSON with Content-Type: application/json (\(given)).")
    }

    /// The host name of a `Host` value ("127.0.0.1:8080", "[::1]:8080", "localhost"), lower-cased.
    static func hostName(of host: String) -> String {
        let lowered = host.lowercased()
        if lowered.hasPrefix("["), let end = lowered.firstIndex(of: "]") { return String(lowered[lowered.index(after: lowered.startIndex)..<end]) }
        return String(lowered.split(separator: ":", maxSplits: 1).first ?? "")
    }

    /// Compares in time that does not depend on where the strings differ.
    static func same(_ a: String, _ b: String) -> Bool {
        let (x, y) = (Array(a.utf8), Array(b.utf8))
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
