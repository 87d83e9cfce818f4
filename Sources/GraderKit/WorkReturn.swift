import Foundation
import GraderCore

/// Returning graded work by e-mail (`GradingProject.returnWork`): its settings, its steps and
/// what it did.
public enum WorkReturn {
    /// Where the messages go.
    public enum Delivery: Sendable {
        /// An SMTP server over TLS — `smtp://HOST:587` with STARTTLS, `smtps://HOST:465` — logging
        /// in as `user` when given; `certificateAuthorities`, a PEM file trusted instead of the system's.
        case smtp(url: String, user: String?, password: String?, certificateAuthorities: String?)
        /// Each message written as `<student>.eml` in `folder`; nothing is sent or recorded.
        case files(folder: String)
    }

    /// Whom to send to and how.
    public struct Options: Sendable {
        /// Only these students (nil: everyone).
        public var only: Set<StudentKey>?
        /// Messages a minute at most.
        public var perMinute: Int
        /// Start each PDF with a cover page of the student's scores and comments.
        public var cover: Bool
        /// The course named on the cover, if any.
        public var course: String?

        /// Options; 30 messages a minute is what many school servers allow a sender.
        public init(only: Set<StudentKey>? = nil, perMinute: Int = 30, cover: Bool = true, course: String? = nil) {
            (self.only, self.perMinute, self.cover, self.course) = (only, perMinute, cover, course)
        }
    }

    /// A student who did not get their work, and why.
    public struct Missed: Sendable, Equatable, Encodable {
        /// The student's name.
        public let student: String
        /// Why, in words ("no e-mail address in the roster").
        public let reason: String
    }

    /// Where a run is.
    public enum Step: Sendable, Equatable {
        /// Writing the graded PDFs.
        case exporting(done: Int, total: Int)
        /// Sending (or writing) the messages.
        case sending(done: Int, total: Int)
    }

    /// What a run did.
    public struct Report: Sendable, Equatable, Encodable {
        /// Students whose message the server accepted (recorded), or whose .eml was written.
        public var sent: [String] = []
        /// Of those, the ones sent before whose PDF (a regrade) or address changed since.
        public var changed: [String] = []
        /// Students already sent this very PDF at this address: not sent again.
        public var unchanged: [String] = []
        /// Students left out before sending: no address, an address that is not one, no graded PDF.
        public var leftOut: [Missed] = []
        /// Students whose message the server refused (the others went on).
        public var refused: [Missed] = []
        /// Why the run stopped before the end (the connection lost, Ctrl+C), nil when it did not.
        public var stopped: String?
        /// Students not sent to because the run stopped.
        public var notSent: [String] = []
        /// The .eml files written (`Delivery.files`).
        public var files: [String] = []

        /// True when every student chosen has their work (sent now or before).
        public var isComplete: Bool { leftOut.isEmpty && refused.isEmpty && stopped == nil }
    }
}

/// Why returning work could not start.
public enum WorkReturnError: Error, Equatable, Sendable {
    /// A template file cannot be read as UTF-8 text.
    case unreadableTemplate(path: String)
    /// No password for `user`: none in the environment and no terminal to ask on.
    case noPassword(user: String)
}

extension WorkReturnError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .unreadableTemplate(let path):
            return "Template '\(path)' cannot be read as UTF-8 text: check the path. Nothing was sent."
        case .noPassword(let user):
            return "No password for '\(user)': set EZGRADER_SMTP_PASSWORD, or run the command on a terminal to be asked. Nothing was sent."
        }
    }
}

extension ReturnLetter {
    /// The text of the template file at `path`.
    public static func template(at path: String) throws(WorkReturnError) -> String {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw .unreadableTemplate(path: path)
        }
        return text
    }
}
