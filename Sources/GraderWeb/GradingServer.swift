import Foundation
import GraderKit
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore

/// `ezgrader serve`: the browser grading view over one project, for several graders at once.
/// It binds to loopback unless told otherwise, and every request needs its secret token or an
/// invited grader's personal link. Anywhere but loopback it serves HTTPS only (`identity`).
public struct GradingServer: Sendable {
    /// The project served.
    public let project: GradingProject
    /// The address bound and the port (0: any free port).
    public let host: String, port: Int
    /// The secret every request must carry.
    public let token: String
    /// The certificate served over HTTPS; nil: plain HTTP, which only loopback may use.
    public let identity: ServerIdentity?
    /// A PEM file of the certificate authorities trusted for the mail server the Return page sends
    /// through (a school's own CA), nil for the system's.
    public let mailAuthorities: String?

    /// A server for `project` on `host`:`port`, with a fresh random token unless one is given,
    /// over HTTPS with `identity` when given, trusting `mailAuthorities` for mail.
    public init(project: GradingProject, host: String = "127.0.0.1", port: Int = 8080, token: String? = nil, identity: ServerIdentity? = nil,
                mailAuthorities: String? = nil) {
        self.project = project
        self.host = host
        self.port = port
        self.token = token ?? Self.newToken()
        self.identity = identity
        self.mailAuthorities = mailAuthorities
    }

    /// True for an address only this machine can reach (plain HTTP is served there only).
    public static func isLoopback(_ host: String) -> Bool {
        let lowered = host.lowercased()
        return lowered == "localhost" || lowered == "::1" || lowered.hasPrefix("127.")
    }

    /// True when only this machine can reach the server.
    public var isLoopback: Bool { Self.isLoopback(host) }

    /// The link to open: the address with the token, for `port`.
    public func link(port: Int) -> String {
        let shown = ["0.0.0.0", "::"].contains(host) ? (ProcessInfo.processInfo.hostName) : host
        let hostPart = shown.contains(":") ? "[\(shown)]" : shown
        return "\(identity == nil ? "http" : "https")://\(hostPart):\(port)/?token=\(token)"
    }

    /// Serves until SIGINT or SIGTERM; `ready` gets the link once the port is bound.
    public func run(ready: @escaping @Sendable (String) -> Void) async throws {
        guard Assets.missing.isEmpty else {
            throw APIError.badRequest("The grading page's files are missing from this installation (\(Assets.missing.joined(separator: ", "))): reinstall ezgrader.")
        }
        guard isLoopback || identity != nil else { throw ServerError.plainHTTPOffLoopback(host: host) }
        let feed = ChangeFeed(project: project)
        defer { feed.stop() }
        // Page renders (a scan decodes into ~15 MB) and project snapshots, on many threads, leave
        // freed memory in glibc's per-thread arenas: a few arenas, and handing freed memory back
        // every few seconds, keep the server's resident memory to what it uses.
        _ = Self.mallocOption?(Self.arenaMaximum, 4)
        let trimming = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(3))
                _ = Self.mallocTrim?(0)
            }
        }
        defer { trimming.cancel() }
        do {
            try await application(feed: feed, ready: ready).runService()
        } catch let error as IOError {
            throw ServerError.cannotListen(host: host, port: port, errno: error.errnoCode)
        }
    }

    /// glibc's `mallopt` (not in Swift's Glibc module), looked up once; nil on another C library.
    private static let mallocOption: (@convention(c) (Int32, Int32) -> Int32)? = dlsym(nil, "mallopt").map {
        unsafeBitCast($0, to: (@convention(c) (Int32, Int32) -> Int32).self)
    }

    /// glibc's `M_ARENA_MAX` (malloc.h): how many arenas threads share.
    private static let arenaMaximum: Int32 = -8

    /// glibc's `malloc_trim` (not in Swift's Glibc module), looked up once; nil on another C library.
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = dlsym(nil, "malloc_trim").map {
        unsafeBitCast($0, to: (@convention(c) (Int) -> Int32).self)
    }

    /// How long a connection may stay silent — before its request's header is complete, or between
    /// requests — before it is closed, so half-sent requests cannot hold the server's connections.
    static let idleTimeout: TimeAmount = .seconds(15)

    /// The server as an application: the router, the connection timeouts, the address; `ready` gets
    /// the link once the port is bound (also what the tests that need a real socket run).
    func application(feed: ChangeFeed, renders: RenderGate = RenderGate(),
                     ready: @escaping @Sendable (String) -> Void = { _ in }) -> Application<RouterResponder<WebContext>> {
        let bound = BoundPort(port)
        return Application(router: makeRouter(feed: feed, port: bound, renders: renders), server: serverBuilder,
                           configuration: .init(address: .hostname(host, port: port), serverName: nil),
                           onServerRunning: { channel in
                               let port = channel.localAddress?.port ?? port
                               bound.bound(to: port)
                               ready(link(port: port))
                           },
                           logger: Self.logger)
    }

    /// HTTP/1.1, inside TLS when the server has a certificate (then a client speaking plain HTTP
    /// fails the handshake and is closed without an answer: nothing is served in clear).
    private var serverBuilder: HTTPServerBuilder {
        let http = HTTP1Channel.Configuration(additionalChannelHandlers: [BrowserGone()], idleTimeout: Self.idleTimeout)
        guard let tls = identity?.configuration else { return .http1(configuration: http) }
        return HTTPServerBuilder { responder in try TLSChannel(HTTP1Channel(responder: responder, configuration: http), tlsConfiguration: tls) }
    }

    /// Only warnings and errors: the command prints its own line when the server starts.
    static var logger: Logger {
        var logger = Logger(label: "ezgrader serve")
        logger.logLevel = .warning
        return logger
    }

    /// The router with every route and the access checks (also what the API tests drive); `port`
    /// is where it listens (by default the port asked for), `renders` how page renders take turns.
    func makeRouter(feed: ChangeFeed, port: BoundPort? = nil, renders: RenderGate = RenderGate()) -> Router<WebContext> {
        let router = Router(context: WebContext.self)
        // First, so that every check and route after it runs on the server's own threads.
        router.add(middleware: OnDatabaseThreads(threads: DatabaseThreads()))
        router.add(middleware: AccessGuard(token: token, hostNames: hostNames, port: port ?? BoundPort(self.port), project: project,
                                           secure: identity != nil))
        router.add(middleware: ErrorReplies(project: project))
        GradingAPI(base: project, images: PageImageCache(project: project), renders: renders, feed: feed, mailAuthorities: mailAuthorities)
            .addRoutes(to: router)
        return router
    }

    /// The names `Host` may carry: loopback's, and the bound address (nil: any, when bound to every interface).
    private var hostNames: Set<String>? {
        if ["0.0.0.0", "::"].contains(host) { return nil }
        return ["127.0.0.1", "localhost", "::1", host.lowercased()]
    }

    private static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<24).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }
}

/// Why the server could not start listening, in words that say what to do.
enum ServerError: LocalizedError, Equatable {
    /// Binding `host`:`port` failed with `errno`.
    case cannotListen(host: String, port: Int, errno: Int32)
    /// Plain HTTP asked for on an address other machines can reach.
    case plainHTTPOffLoopback(host: String)

    var errorDescription: String? {
        switch self {
        case .cannotListen(let host, let port, let code) where code == EADDRINUSE:
            "Port \(port) on \(host) is in use (another ezgrader serve?): choose another with --port, or --port 0 for any free one."
        case .cannotListen(let host, let port, let code):
            "Could not listen on \(host):\(port) (\(String(cString: strerror(code)))): check --host and --port."
        case .plainHTTPOffLoopback(let host):
            "Plain HTTP is served on loopback only, not on \(host): other machines get HTTPS (ezgrader serve --public, or --cert and --key)."
        }
    }
}
