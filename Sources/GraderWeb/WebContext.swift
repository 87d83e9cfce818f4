import GraderKit
import Hummingbird
import NIOCore

/// What a request carries through the server: the grader it acts for (from their cookie), set by
/// `AccessGuard` once the token or personal link is checked, with their role.
struct WebContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The grader named in the `ezgrader_grader` cookie; nil until the browser has said who it is.
    var grader: Grader?
    /// What the grader may do: the instructor on the owner's link, an invited grader's own role.
    var role: GraderRole = .instructor
    /// True for an invited grader, whose name comes with their link (they cannot pick another).
    var nameFixed = false

    /// Completes when the browser's connection closes (work for it may stop then).
    let connectionClosed: EventLoopFuture<Void>

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        connectionClosed = source.channel.closeFuture
    }

    /// The largest request body accepted (a long pen stroke is a few tens of kilobytes).
    var maxUploadSize: Int { 1 << 20 }
}
