import GraderKit
import Hummingbird
import NIOCore

/// What a request carries through the server: the grader it acts for (from their cookie), set by
/// `AccessGuard` once the token is checked.
struct WebContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The grader named in the `ezgrader_grader` cookie; nil until the browser has said who it is.
    var grader: Grader?

    /// Completes when the browser's connection closes (work for it may stop then).
    let connectionClosed: EventLoopFuture<Void>

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        connectionClosed = source.channel.closeFuture
    }

    /// The largest request body accepted (a long pen stroke is a few tens of kilobytes).
    var maxUploadSize: Int { 1 << 20 }
}
