import Hummingbird
import NIOCore

/// Closes a connection as soon as the browser closes its side of it (a fetch cancelled, a tab
/// closed): the server keeps half-closed connections open by default, so a request's work would
/// not learn that nobody waits for its answer. Closing lets `WebContext.connectionClosed` fire
/// and queued page renders for it be dropped. (Browsers never half-close a connection on purpose.)
final class BrowserGone: ChannelInboundHandler, RemovableChannelHandler, Sendable {
    /// Request parts pass through untouched.
    typealias InboundIn = Any

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .inputClosed? = event as? ChannelEvent {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }
}
