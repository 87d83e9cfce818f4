import GraderCore

/// A question's answer groups as the Groups view shows them: the groups graders confirmed and the
/// suggestions over the answers in none, each answer with where it is on its page, its score and
/// how sure the suggestion is of it; and the rubric a whole group can be graded with.
public struct AnswerGroupsView: Sendable, Equatable, Encodable {
    /// One student's answer in a group.
    public struct Answer: Sendable, Equatable, Encodable {
        /// The student's key and the name shown (a pseudonym while grading is anonymous).
        public let student: Int64, name: String
        /// "3.5" or "?", and who gave it (nil while ungraded).
        public let score: String, gradedBy: String?
        /// How sure the suggestion is of this answer's place, 0…1 (nil in a confirmed group).
        public let confidence: Double?
        /// The answer's space on the student's page (from its box to just above the next), and the page's size.
        public let region: AnswerCard.Rect, pageWidth: Double, pageHeight: Double
    }

    /// A confirmed group (with its id) or a suggestion (without).
    public struct Group: Sendable, Equatable, Encodable {
        /// The confirmed group's id; nil for a suggestion.
        public let id: Int64?
        /// Why its answers are together: "blank", "number 42", "alike".
        public let kind: String
        /// The number its answers read in the question's answer box ("42"), for a group by the number written.
        public let value: String?
        /// A suggestion's confidence (of its least sure answer) and whether it is shown as sure; nil when confirmed.
        public let confidence: Double?, confident: Bool?
        /// Who confirmed the group (nil for a suggestion).
        public let confirmedBy: String?
        /// Its answers, in list order.
        public let answers: [Answer]
    }

    /// A rubric item a group can be graded with.
    public struct Item: Sendable, Equatable, Encodable {
        /// Its number (the key that applies it), id (which a stamp names), text and points ("-1").
        public let number: Int, id: Int64, text: String, points: String
    }

    /// The question: id, heading, page and maximum.
    public let question: Int64, heading: String, page: Int, max: String
    /// The answer space on the reference page: where a stamp placed on an answer's crop lands, for every member.
    public let reference: AnswerCard.Rect
    /// The question's rubric items.
    public let items: [Item]
    /// The confirmed groups, then the suggestions, each list largest first.
    public let confirmed: [Group], suggested: [Group]
    /// What the page images cover now (`GradingProject.imageStamp`), for their URLs.
    public let images: String
}

extension GradingProject {
    /// `question`'s confirmed groups and the suggestions over its other answers, as the Groups view shows them.
    public func answerGroupsView(question: QuestionID) throws -> AnswerGroupsView {
        // The confirmed groups read once: a group confirmed meanwhile is never shown twice, confirmed and suggested.
        let groups = try answerGroups(question: question)
        let suggestions = try suggestedGroups(question: question, leaving: Set(groups.flatMap(\.members)))
        let model = try views.snapshot(store), book = model.book
        let numbered = try book.directory.resolveQuestion(id: question)
        let records = try scoreRecords()[question] ?? [:], page = numbered.question.page
        // What the suggestions compared: the answer space alone, so a crop shows none of the next answer.
        let space = AnswerRegion.answerSpace(of: numbered, among: book.questions, size: book.referencePageSize(page: page))
        let answer = { (key: StudentKey, confidence: Double?) throws -> AnswerGroupsView.Answer in
            let id = try book.directory.resolveStudent(key: key)
            let band = book.directory.region(space, student: id, page: page)
            let size = book.pageSize(id, page: page)
            return AnswerGroupsView.Answer(
                student: key.rawValue, name: model.names[key] ?? book.students[id.index].student.name,
                score: book.score(question, id).description, gradedBy: records[key].map { $0.grader.isEmpty ? "—" : $0.grader },
                confidence: confidence, region: AnswerCard.Rect(x: band.origin.x, y: band.origin.y, width: band.width, height: band.height),
                pageWidth: size.width, pageHeight: size.height)
        }
        let confirmed = try groups.map { group in
            AnswerGroupsView.Group(id: group.id, kind: group.kind, value: SuggestedAnswerGroup.value(ofKind: group.kind), confidence: nil, confident: nil,
                                   confirmedBy: group.confirmedBy,
                                   answers: try group.members.map { try answer($0, nil) })
        }
        let suggested = try suggestions.map { group in
            AnswerGroupsView.Group(id: nil, kind: group.kindName, value: group.value, confidence: group.confidence, confident: group.isConfident, confirmedBy: nil,
                                   answers: try zip(group.students, group.confidences).map { try answer($0, $1) })
        }
        return AnswerGroupsView(
            question: question.rawValue, heading: numbered.heading, page: page, max: numbered.question.maxPoints.description,
            reference: AnswerCard.Rect(x: space.origin.x, y: space.origin.y, width: space.width, height: space.height),
            items: (book.rubricItems[question] ?? []).map { .init(number: $0.number, id: $0.id.rawValue, text: $0.text, points: $0.signedPoints) },
            confirmed: confirmed.sorted { $0.answers.count > $1.answers.count }, suggested: suggested, images: model.imageStamp)
    }
}
