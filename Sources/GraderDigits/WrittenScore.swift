import GraderCore

/// A score written by pen in a question's score pad, as read: what it says, how sure the reader
/// is, and whether it is offered to the grader (one tap gives it) or why not.
public struct WrittenScore: Sendable, Equatable {
    /// What becomes of the reading.
    public enum Outcome: Sendable, Equatable {
        /// Read surely and a score the question takes: offered for one tap.
        case offered(Points)
        /// Read, but not surely enough to offer.
        case doubtful
        /// Read surely, but not a score the question takes (over its maximum, or off its quarter points).
        case outOfRange
        /// A character could not be read as a digit, or the marks make no number.
        case unreadable
        /// Nothing was written.
        case nothingWritten
    }

    /// The characters read ("7.5"; "?" for a mark read as no digit).
    public let read: String
    /// How sure the reader is of the whole reading (the product of each digit's probability), 0…1.
    public let confidence: Double
    /// What becomes of it.
    public let outcome: Outcome
    /// The question's name and maximum, for the messages.
    public let question: String, max: Points

    /// Wraps a reading.
    public init(read: String, confidence: Double, outcome: Outcome, question: String, max: Points) {
        (self.read, self.confidence, self.outcome, self.question, self.max) = (read, confidence, outcome, question, max)
    }

    /// The score offered for one tap, if any.
    public var offer: Points? {
        if case .offered(let points) = outcome { return points }
        return nil
    }

    /// What the grader sees: the offer ("7 — tap to give 7/10"), or what is wrong and to write again.
    public var message: String {
        switch outcome {
        case .offered(let points): return "\(points) — tap to give \(points)/\(max)"
        case .doubtful: return "Not sure: it may read \(read). Write the score again, or use the keys."
        case .outOfRange: return "Read \(read), but \(question) takes 0 to \(max) in steps of 0.25: write the score again."
        case .unreadable: return "Could not read \(read.isEmpty ? "that" : read) as a score: write it again, one digit beside the other."
        case .nothingWritten: return "Write the score in the box, with the pen or a finger."
        }
    }
}
