@_spi(Rules) import GraderCore

/// A copy left for review by `matchByIDBoxes`, as a view shows it: the likeliest students and
/// where the student number is written on the copy's page.
public struct IDBoxReviewCard: Sendable, Equatable {
    /// The copy, what its boxes read and the students offered.
    public let review: IDBoxReview
    /// The copy's name until it is matched ("paper7", or the name its bulk copy was given).
    public let name: String
    /// The page the boxes are on (1-based).
    public let page: Int
    /// The boxes with a margin around them, in points on the copy's page as shown (upright), from its top-left corner.
    public let region: PageRect
    /// The copy's page size in points.
    public let pageSize: PageSize

    /// Creates a card.
    public init(review: IDBoxReview, name: String, page: Int, region: PageRect, pageSize: PageSize) {
        (self.review, self.name, self.page, self.region, self.pageSize) = (review, name, page, region, pageSize)
    }
}

/// Confirming by hand a copy whose handwritten student number `match --roster` could not match surely.
extension GradingProject {
    /// How far (points) around the boxes a view shows: numbers written past a box's outline.
    static let idReviewMargin = 14.0

    /// Every copy still waiting for a person to confirm its student, in student order.
    public func idReviewCards() throws -> [IDBoxReviewCard] {
        try permit(.editRoster)
        let book = try store.directory(), reviews = try store.idReviews()
        guard let field = try store.gradeBook().idBoxFields.first, !reviews.isEmpty else { return [] }
        let state = try store.bulkState()
        return reviews.compactMap { review in
            guard let id = try? book.resolveStudent(key: review.student), !isMatched(review, student: book.students[id.index].student, bulk: state) else {
                return nil
            }
            let padded = field.outline.expanded(by: Self.idReviewMargin)
            return IDBoxReviewCard(review: review, name: book.students[id.index].student.name, page: field.page,
                                region: book.region(padded, student: id, page: field.page), pageSize: book.pageSize(id, page: field.page))
        }
    }

    /// Matches the copy of `student` left for review to the offered roster student with `rosterID`,
    /// as one change; returns the student it now is. Refused when the copy was matched meanwhile
    /// or that student already has another copy.
    @discardableResult
    public func confirmIDReview(student key: StudentKey, rosterID: String) throws -> Student {
        try permit(.editRoster)
        let state = try store.bulkState()
        let directory = try store.directory()
        let id = try directory.resolveStudent(key: key)
        let current = directory.students[id.index].student
        guard let review = try store.idReviews().first(where: { $0.student == key }), !isMatched(review, student: current, bulk: state) else {
            throw GradingError.notInIDReview(current.name)
        }
        let which = review.copy.map { "copy \($0)" } ?? current.name
        guard let chosen = review.candidates.first(where: { $0.student.rosterID == rosterID })?.student else {
            throw GradingError.notAnIDCandidate(copy: which, rosterID: rosterID, offered: review.candidates.compactMap(\.student.rosterID))
        }
        if let other = directory.students.first(where: { $0.key != key && ($0.student.nameKey == chosen.nameKey || $0.student.rosterID == rosterID) }) {
            throw GradingError.studentAlreadyMatched(chosen.name, rosterID: rosterID, to: other.student.name)
        }
        try store.change("match \(which) to \(chosen.name) (its student number confirmed)") { writer in
            if let copy = review.copy { try writer.setCopyStudent(copy, chosen) }
            try writer.renameStudent(key, to: chosen)
            try writer.removeIDReview(of: key)
        }
        return chosen
    }

    /// True when the copy has been matched since it was left for review (by hand, or a roster given).
    private func isMatched(_ review: IDBoxReview, student: Student, bulk: BulkState?) -> Bool {
        if let copy = review.copy, let bulk { return bulk.known(copy)?.student != nil }
        return student.rosterID != nil
    }
}
