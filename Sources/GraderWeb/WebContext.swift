import GraderKit
import Hummingbird

/// What a request carries through the server: the grader it acts for (from their cookie), set by
/// `AccessGuard` once the token is checked.
struct WebContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The grader named in the `ezgrader_grader` cookie; nil until the browser has said who it is.
    var grader: Grader?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }

    /// The largest request body accepted (a long pen stroke is a few tens of kilobytes).
    var maxUploadSize: Int { 1 << 20 }
}
