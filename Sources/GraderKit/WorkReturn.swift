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
        /// The server refused one recipient's message (the run goes on).
        case refused(Missed)
    }

    /// One chosen student as a run would find them now.
    public struct Line: Sendable, Equatable, Encodable {
        /// What a run would do for them.
        public enum State: String, Sendable, Encodable {
            /// Never sent: their message goes out.
            case new
            /// Sent before, and their PDF (a regrade) or address changed since: sent again.
            case changed
            /// Sent this very PDF at this address: not sent again.
            case sent
            /// No e-mail address, or one that is not an address: left out.
            case noAddress
            /// No whole scan, or no graded PDF: left out.
            case noPDF
        }
        /// The student's key.
        public let student: Int64
        /// Their name.
        public let name: String
        /// Their address as the roster gives it.
        public let address: String?
        /// What a run would do.
        public let state: State
        /// Why they are left out (`noAddress`, `noPDF`).
        public let reason: String?
        /// When they were last sent their work (UTC, ISO 8601), and by whom.
        public let sentAt: String?, sentBy: String?
    }

    /// One student's message as it would be sent, for a person to read first.
    public struct Preview: Sendable, Equatable, Encodable {
        /// The sender, recipient and reply-to as the headers give them ("Name <address>").
        public let from: String, to: String, replyTo: String?
        /// The subject line.
        public let subject: String
        /// The plain text, as sent.
        public let text: String
        /// The attachment's file name and size in bytes.
        public let attachment: String, attachmentBytes: Int
        /// What a run would do for this student (`new`, `changed` or `sent`).
        public let state: Line.State
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
    /// A student whose message cannot be shown: no address or no graded PDF (`reason`).
    case notReturnable(student: String, reason: String)
    /// A mail server's host or port that is not one.
    case badServer(host: String, port: Int)
    /// A return is already running on this project (in this program).
    case alreadyRunning
    /// A return is already running on this project in another program, or beside this one: who runs it.
    case runningElsewhere(holder: String)
    /// The file that keeps two returns apart cannot be opened: its path and why.
    case lockUnavailable(path: String, reason: String)
    /// Anonymous grading is on: what returning work shows carries the students' real names.
    case anonymous
}

extension WorkReturnError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .unreadableTemplate(let path):
            return "Template '\(path)' cannot be read as UTF-8 text: check the path. Nothing was sent."
        case .noPassword(let user):
            return "No password for '\(user)': set EZGRADER_SMTP_PASSWORD, or run the command on a terminal to be asked. Nothing was sent."
        case .notReturnable(let student, let reason):
            return "\(student) has no message to send: \(reason)."
        case .badServer(let host, let port):
            return "'\(host)' port \(port) is not a mail server's address: give a host name or IP address and a port from 1 to 65535 (587 for STARTTLS, 465 for TLS)."
        case .alreadyRunning:
            return "Work is being returned already: wait for that run to finish, or stop it. Nothing more was sent."
        case .runningElsewhere(let holder):
            return "Work is being returned already by \(holder): wait for that run to finish, or stop it. Nothing more was sent."
        case .lockUnavailable(let path, let reason):
            return "Cannot open '\(path)', which keeps two returns apart (\(reason)): check that the project folder can be written. Nothing was sent."
        case .anonymous:
            return "Returning work shows the students' real names and addresses: turn anonymous grading off to return it. Nothing was sent."
        }
    }
}

extension WorkReturn {
    /// The password in the environment of this program (EZGRADER_SMTP_PASSWORD), if set.
    public static var environmentPassword: String? { ProcessInfo.processInfo.environment["EZGRADER_SMTP_PASSWORD"] }

    /// The SMTP URL of `host`:`port`, TLS from the start (`implicitTLS`) or by STARTTLS.
    public static func serverURL(host: String, port: Int, implicitTLS: Bool) throws(WorkReturnError) -> String {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: ".-_:[]"))
        guard !host.isEmpty, host.unicodeScalars.allSatisfy(allowed.contains), (1...65_535).contains(port) else {
            throw .badServer(host: host, port: port)
        }
        return "\(implicitTLS ? "smtps" : "smtp")://\(host):\(port)"
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
