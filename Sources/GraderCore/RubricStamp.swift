/// A rubric item placed where it applies on a student's page: the page shows the item's points and
/// text there, and the answer has the item while the stamp is on it (`StampRules`).
public struct RubricStamp: Hashable, Sendable, Codable {
    /// The item stamped.
    public var item: RubricItemID
    /// The stamp's top-left corner (the point tapped), relative to the page size.
    public var position: RelativePoint

    /// Creates a stamp.
    public init(item: RubricItemID, position: RelativePoint) {
        self.item = item
        self.position = position
    }
}

extension RubricItemID: Codable {
    /// Reads the stored row id.
    public init(from decoder: any Decoder) throws { self.init(try decoder.singleValueContainer().decode(Int64.self)) }

    /// Writes the stored row id.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// How stamps and the items an answer has go together. The answer's items are one set: stamping an
/// item applies it (once, however it was applied before), removing its stamp takes it off, taking
/// the item off (a tap, a key) removes its stamp; an item may also be applied without a stamp. So a
/// score is made from each item at most once, and every stamp shows an item the answer has.
@_spi(Rules) public enum StampRules {
    /// The items of an answer to `question` after `item` is stamped on it, given the items it has
    /// (`applied`) and the items already stamped on it (`stamped`, item → page). Refused for an item of
    /// another question (named `itemQuestion`) and for an item already stamped (move that stamp
    /// instead); groups as `RubricRules.applying`.
    public static func stamping(_ item: RubricItem, itemQuestion: String, on question: NumberedQuestion, applied: [RubricItem],
                                stamped: [RubricItemID: Int]) throws(GradingError) -> [RubricItem] {
        guard item.question == question.question.id else {
            throw .stampOfOtherQuestion(item: item.number, text: item.text, itemQuestion: itemQuestion, question: question.name)
        }
        if let page = stamped[item.id] { throw .alreadyStamped(question: question.name, item: item.number, page: page) }
        return try RubricRules.applying([item], to: applied, question: question.name)
    }

    /// The items of an answer after the stamp of `item` is removed: all but that one.
    public static func unstamping(_ item: RubricItemID, applied: [RubricItem]) -> [RubricItem] { applied.filter { $0.id != item } }

    /// The stamps (of `stamps` on one student's pages) that go when the answer's items among
    /// `items` become `applied`: those showing an item of `items` the answer no longer has.
    public static func orphaned(_ stamps: [(id: AnnotationID, stamp: RubricStamp)], items: [RubricItem],
                                applied: [RubricItem]) -> [AnnotationID] {
        let gone = Set(items.map(\.id)).subtracting(applied.map(\.id))
        return stamps.filter { gone.contains($0.stamp.item) }.map(\.id)
    }
}

extension GradeBook {
    /// The stamps on `student`'s pages, oldest first, each with its page.
    public func stamps(of student: StudentID) -> [(page: Int, stamp: RubricStamp)] {
        annotations.compactMap { annotation in
            guard annotation.page.student == student, case .stamp(let stamp) = annotation.content else { return nil }
            return (annotation.page.page, stamp)
        }
    }

    /// The item a stamp shows when the answer's score comes from it (a typed score hides the
    /// stamps under it, as it hides the items); nil otherwise.
    public func scoredItem(of stamp: RubricStamp, student: StudentID) -> RubricItem? {
        for (question, items) in rubricItems where items.contains(where: { $0.id == stamp.item }) {
            return itemsScored(question, student).first { $0.id == stamp.item }
        }
        return nil
    }
}
