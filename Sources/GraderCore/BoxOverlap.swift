/// Two grade boxes on one page that share some area: both still work, but a score drawn in one
/// hides part of the other, so front ends warn rather than refuse.
public struct BoxOverlap: Hashable, Sendable {
    /// The box that was placed or changed.
    public let box: NumberedQuestion
    /// The box it overlaps.
    public let other: NumberedQuestion

    /// The warning a grader reads.
    public var warning: String {
        "The box of \(box.name) overlaps \(other.name) on page \(box.question.page): "
            + "move or resize one of them (ezgrader question move / resize) so both scores stay readable."
    }
}

extension ProjectDirectory {
    /// The boxes that overlap the box of `id` on its page, measured on the reference page.
    @_spi(Rules) public func boxOverlaps(of id: QuestionID) -> [BoxOverlap] {
        guard let box = question(id: id) else { return [] }
        let size = referencePageSize(page: box.question.page)
        let frame = box.question.frame(on: size)
        return questions.filter { other in
            other.question.id != id && other.question.page == box.question.page && other.question.frame(on: size).overlaps(frame)
        }.map { BoxOverlap(box: box, other: $0) }
    }

    /// Every pair of overlapping boxes in the project, each pair once (the later box in reading
    /// order first), for a check after many boxes were added at once.
    @_spi(Rules) public func boxOverlaps() -> [BoxOverlap] {
        questions.enumerated().flatMap { index, numbered in
            boxOverlaps(of: numbered.question.id).filter { overlap in
                questions.firstIndex(of: overlap.other).map { $0 < index } ?? false
            }
        }
    }
}
