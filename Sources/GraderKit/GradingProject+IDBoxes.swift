import Foundation
import GraderAlignment
@_spi(Rules) import GraderCore
import GraderDigits
import GraderPDF

/// Matching copies to roster students by the student number each wrote by hand in the rubric's
/// ID boxes: every box read into digit probabilities, then the whole class assigned at once
/// (`RosterAssignment`); a copy is matched when its assignment is sure enough, else listed for
/// review with the three likeliest students. Bulk copies not matched yet, or in a project of
/// per-student files the students not yet given a roster id.
extension GradingProject {
    /// A roster student a copy may be.
    public typealias IDCandidate = IDBoxReview.Candidate

    /// What the ID boxes of one copy gave.
    public struct IDBoxMatch: Sendable, Equatable {
        /// The bulk copy number, or nil for a student's own file.
        public let copy: Int?
        /// The copy's student entry (its name until matched).
        public let key: StudentKey
        /// The name the copy had before matching.
        public let name: String
        /// What the boxes read: a digit, "_" for empty, "?" for a box not read as one digit.
        public let read: String
        /// The student matched (nil: left for review).
        public let student: Student?
        /// How sure the assignment is of its choice (natural log of how much likelier it is than
        /// the best assignment without it); matched at `threshold` and above.
        public let confidence: Double
        /// The likeliest roster students, best first (at most three).
        public let candidates: [IDCandidate]
    }

    /// Reads the ID boxes of every unmatched copy and matches, as one change, those the class-wide
    /// assignment against the roster at `rosterPath` is sure of (`threshold`: least confidence);
    /// returns every copy's outcome, matched first. A copy whose number is not on the roster is never matched.
    /// The copies not matched are left for review (`idReviewCards`), in place of those left before.
    public func matchByIDBoxes(rosterPath: String, threshold: Double = RosterAssignment().threshold) throws -> [IDBoxMatch] {
        try permit(.editRoster)
        let roster = try Roster(contentsOf: rosterPath)
        let book = try store.gradeBook()
        guard let field = book.idBoxFields.first else { throw GradingError.noIDBoxes }
        let state = try store.bulkState()
        // The copies to match, and the roster students nobody has yet.
        let open: [(copy: Int?, entry: GradeBook.Entry)]
        if let state {
            open = state.knownCopies.compactMap { copy in
                guard copy.student == nil, let key = copy.key, let entry = book.students.first(where: { $0.key == key }) else { return nil }
                return (copy.copy, entry)
            }
        } else {
            open = book.students.filter { $0.student.rosterID == nil }.map { (nil, $0) }
        }
        let taken = Set(book.students.filter { entry in !open.contains { $0.entry.key == entry.key } }.map(\.student.nameKey))
        let available = roster.entries.map(\.student).filter { !taken.contains($0.nameKey) }
        let reader = try DigitReader()
        let boxes = try open.map { item in try idBoxes(field, onScan: scanPath(item.entry), alignment: item.entry.alignment(page: field.page), book: book) }
        let outcomes = RosterAssignment(threshold: threshold).assign(reader.read(copies: boxes), rosterIDs: available.map(\.rosterID))
        let results = zip(open, outcomes).map { item, outcome in
            IDBoxMatch(copy: item.copy, key: item.entry.key, name: item.entry.student.name, read: outcome.read,
                       student: outcome.automatic ? outcome.roster.map { available[$0] } : nil, confidence: outcome.margin,
                       candidates: outcome.candidates.map { IDCandidate(student: available[$0.roster], probability: $0.probability) })
        }
        let matched = results.filter { $0.student != nil }, left = results.filter { $0.student == nil }
        let reviews = left.map { IDBoxReview(student: $0.key, copy: $0.copy, read: $0.read, candidates: $0.candidates) }
        if try !results.isEmpty || !store.idReviews().isEmpty {
            try store.change("match \(matched.count) copies by their handwritten student numbers, \(left.count) left for review") { writer in
                for match in matched {
                    guard let student = match.student else { continue }
                    if let copy = match.copy { try writer.setCopyStudent(copy, student) }
                    try writer.renameStudent(match.key, to: student)
                }
                try writer.replaceIDReviews(with: reviews)
            }
        }
        return matched + left
    }

    /// The ID boxes on the scan at `path`, cropped through `alignment` (its page's), or through
    /// `placement` (reference points → points of the page) when given.
    func idBoxes(_ field: IDBoxField, onScan path: String, alignment: PageAlignment?, placement: SimilarityTransform? = nil,
                 book: GradeBook) throws -> [DigitBoxImage] {
        let document = try PDFDocument(path: path)
        _ = try GradingRules.page(field.page, pages: document.pageCount)
        let scan = try document.page(at: field.page - 1)
        let referenceWidth = book.referenceSizes.indices.contains(field.page - 1) ? book.referenceSizes[field.page - 1].width : scan.size.width
        // Only the pixels the boxes are read from (each box searched around).
        let around = field.outline.expanded(by: DigitBoxImage.search + 1)
        let (image, transform) = try Self.scanRegion(around, of: scan, alignment: alignment, placement: placement,
                                                     referenceWidth: referenceWidth, pixelsPerPoint: DigitBoxImage.pixelsPerPoint)
        return (0..<field.count).map { DigitBoxImage(cropping: field.box($0), from: image, transform: transform) }
    }
}

extension GradingProject {
    /// True when the rubric has boxes students write their student number in.
    public func hasIDBoxes() throws -> Bool { try !store.gradeBook().idBoxFields.isEmpty }
}
