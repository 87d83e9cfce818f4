/// What a photographed bubble sheet read as (`GradingProject.captureSheet`): whose it is, its
/// score, and each question's mark with where it sits on the photo.
public struct CapturedSheet: Sendable, Equatable, Codable {
    /// What happened to the sheet.
    public enum Outcome: String, Sendable, Codable {
        /// Added as a new student's scan.
        case added
        /// It replaced the student's earlier sheet (asked for).
        case replaced
        /// Read, not kept: the student was not identified; name one and send it again.
        case needsStudent
        /// Read, not kept: the student already has a sheet; send it again with replace to replace it.
        case alreadyHasSheet
    }

    /// A question's mark.
    public enum Mark: String, Sendable, Codable {
        /// Full points.
        case right
        /// Less than full points (a wrong answer, a blank, part of a multiple answer).
        case wrong
        /// Not read with certainty: left "?" for a person, never guessed.
        case flagged
        /// Read, but the block has no key yet.
        case noKey
    }

    /// One question row as read.
    public struct Question: Sendable, Equatable, Codable {
        /// Its label ("mc1-7").
        public let label: String
        public let mark: Mark
        /// Points earned, nil when flagged or without a key; and the question's maximum.
        public let points: String?, maxPoints: String
        /// What was read: "B", "blank", "A+C", or why it is doubtful.
        public let read: String
        /// Where the row sits on the photo, as shares of its width and height (0…1); nil when its block was not placed.
        public let x: Double?, y: Double?

        /// A question's mark as read.
        public init(label: String, mark: Mark, points: String?, maxPoints: String, read: String, x: Double?, y: Double?) {
            (self.label, self.mark, self.points, self.maxPoints, self.read, self.x, self.y) = (label, mark, points, maxPoints, read, x, y)
        }
    }

    /// A student the sheet may be, with how likely.
    public struct Candidate: Sendable, Equatable, Codable {
        /// The student's name and roster id.
        public let name: String, rosterID: String?
        /// The probability that the sheet is theirs, by its handwritten number (0…1).
        public let probability: Double

        /// A candidate.
        public init(name: String, rosterID: String?, probability: Double) {
            (self.name, self.rosterID, self.probability) = (name, rosterID, probability)
        }
    }

    public let outcome: Outcome
    /// The student the sheet is (or would be) for; nil when not identified.
    public let student: String?
    /// When not identified but a number is written in the ID boxes: the likeliest students, best first (at most three).
    public let likely: [Candidate]
    /// When not identified: every student to choose from, likeliest first (the handwritten number's, the ID grid's best guess).
    public let candidates: [String]
    /// What the student-ID grid reads ("100?004"), nil without a grid.
    public let idRead: String?
    /// What the handwritten ID boxes read ("2026?048", "_" for an empty box), nil without ID boxes.
    public let handwrittenRead: String?
    /// Points earned over the questions the machine scored, and the maximum of all questions.
    public let score: String, maxPoints: String
    /// Questions in the rubric's order.
    public let questions: [Question]
    /// Blocks that could not be read, with the reason ("mc2: the page does not match the blank sheet").
    public let problems: [String]
    /// The sheet's outline on the photo (x, y, width, height as shares), nil when it fills the frame.
    public let outline: [Double]?

    /// A sheet as read.
    public init(outcome: Outcome, student: String?, likely: [Candidate], candidates: [String], idRead: String?, handwrittenRead: String?,
                score: String, maxPoints: String, questions: [Question], problems: [String], outline: [Double]?) {
        (self.outcome, self.student, self.likely, self.candidates, self.idRead) = (outcome, student, likely, candidates, idRead)
        (self.handwrittenRead, self.score) = (handwrittenRead, score)
        (self.maxPoints, self.questions, self.problems, self.outline) = (maxPoints, questions, problems, outline)
    }
}
