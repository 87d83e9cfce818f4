import Foundation
import GraderBubbles
import GraderCore
import GraderPDF

/// Matching bulk-scanned copies to roster students by the student-ID bubble grid the rubric
/// defines: a grid read in full that names exactly one roster id matches its copy; every other
/// copy is listed for review with the best guess and its confidence, and left unmatched.
extension GradingProject {
    /// A copy the grid could not match for sure.
    public struct IDReview: Sendable, Equatable {
        /// The copy.
        public let copy: Int
        /// What the grid reads, "?" for a digit not read as exactly one.
        public let read: String
        /// The roster student agreeing on the most digits, if any.
        public let guess: Student?
        /// The share of the grid's digits the guess agrees with (0…1).
        public let confidence: Double
        /// Why the grid could not be read at all (a mark across it, another form); nil when it was read.
        public var problem: String? = nil
    }

    /// Reads the student-ID grid of every complete copy not matched yet and matches those it names
    /// for sure against the roster at `rosterPath` (one change); returns the copies matched and
    /// those to review.
    public func matchByIDGrid(rosterPath: String) throws -> (matched: [(copy: Int, student: Student)], review: [IDReview]) {
        try permit(.editRoster)
        let roster = try Roster(contentsOf: rosterPath)
        let state = try bulkState(), book = try store.gradeBook()
        guard let grid = book.bubbleBlocks.first(where: { $0.kind == .studentID }) else {
            throw GradingError.unknownBlock("student-id", known: book.bubbleBlocks.map(\.id))
        }
        let taken = Set(book.students.map(\.student.nameKey))
        let reader = try PageBubbleReader(blocks: [grid], folder: folder)
        var matched: [(copy: Int, student: Student, key: StudentKey)] = [], review: [IDReview] = []
        for copy in state.knownCopies where copy.student == nil {
            guard let key = copy.key, let entry = book.students.first(where: { $0.key == key }) else { continue }
            let document = try PDFDocument(path: scanPath(entry))
            let reading = try reader.read([grid], on: document.page(at: grid.page - 1), alignment: entry.alignment(page: grid.page))[0]
            let digits: [String?] = reading.readings.map { if case .answered(let labels) = $0, labels.count == 1 { labels[0] } else { nil } }
            switch IDGridMatch.match(digits, rosterIDs: roster.entries.map(\.student.rosterID)) {
            case .sure(let index) where !taken.contains(roster.entries[index].student.nameKey)
                && !matched.contains(where: { $0.student.nameKey == roster.entries[index].student.nameKey }):
                matched.append((copy.copy, roster.entries[index].student, key))
            case .sure(let index):
                review.append(IDReview(copy: copy.copy, read: digits.map { $0 ?? "?" }.joined(), guess: roster.entries[index].student, confidence: 1,
                                       problem: reading.problem))
            case .review(let guess, let confidence):
                review.append(IDReview(copy: copy.copy, read: digits.map { $0 ?? "?" }.joined(),
                                       guess: guess.map { roster.entries[$0].student }, confidence: confidence,
                                       problem: reading.problem))
            }
        }
        if !matched.isEmpty {
            try store.change("match \(matched.count) copies by their student-ID grid") { writer in
                for (copy, student, key) in matched {
                    try writer.setCopyStudent(copy, student)
                    try writer.renameStudent(key, to: student)
                }
            }
        }
        return (matched.map { ($0.copy, $0.student) }, review)
    }
}
