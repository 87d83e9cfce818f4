/// A copy whose handwritten student number was not read surely enough to match it: left for a
/// person to confirm one of its likeliest roster students (`ezgrader match --roster`, the IDs view).
public struct IDBoxReview: Sendable, Equatable {
    /// A roster student the copy may be.
    public struct Candidate: Sendable, Equatable {
        /// The student, as the roster has them.
        public let student: Student
        /// The probability that the copy is theirs (0…1).
        public let probability: Double

        /// Creates a candidate.
        public init(student: Student, probability: Double) {
            self.student = student
            self.probability = probability
        }
    }

    /// The copy's student entry (still named as before matching).
    public let student: StudentKey
    /// The bulk copy number, or nil for a student's own file.
    public let copy: Int?
    /// What the boxes read: a digit, "_" for empty, "?" for a box not read as one digit.
    public let read: String
    /// The likeliest roster students, best first (at most three).
    public let candidates: [Candidate]

    /// Creates a review entry.
    public init(student: StudentKey, copy: Int?, read: String, candidates: [Candidate]) {
        self.student = student
        self.copy = copy
        self.read = read
        self.candidates = candidates
    }
}
