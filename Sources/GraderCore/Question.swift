/// Identifies a question (grade box) within a project.
public struct QuestionID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The stored row id.
    public let rawValue: Int64
    /// Wraps a stored id.
    public init(_ rawValue: Int64) { self.rawValue = rawValue }
    public static func < (lhs: QuestionID, rhs: QuestionID) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { "question #\(rawValue)" }
}

/// A grade box: placed once on a page, it exists on that page of every student.
public struct Question: Hashable, Sendable {
    /// Its id.
    public let id: QuestionID
    /// The page (1-based) it sits on, for every student.
    public var page: Int
    /// Its top-left corner, relative to the page size.
    public var position: RelativePoint
    /// The box's width and height in points.
    public var size: BoxSize
    /// Maximum points, the same for everyone.
    public var maxPoints: Points
    /// The grader's label ("Q2"), if any.
    public var label: String?
    /// How its rubric items make a score.
    public var scoring: RubricScoring

    /// Creates a question.
    public init(id: QuestionID, page: Int, position: RelativePoint, size: BoxSize = .standard, maxPoints: Points, label: String?,
                scoring: RubricScoring = .deductions) {
        self.id = id
        self.page = page
        self.position = position
        self.size = size
        self.maxPoints = maxPoints
        self.label = label
        self.scoring = scoring
    }
}

extension Question {
    /// The box's frame on a page of `size`.
    public func frame(on size: PageSize) -> PageRect {
        PageRect(origin: position.point(on: size), width: self.size.width, height: self.size.height)
    }
}

/// A question with its place in reading order: pages in order, and on a page top to bottom,
/// then left to right (boxes within 2% of the page height of each other count as one row).
public struct NumberedQuestion: Hashable, Sendable {
    /// The question.
    public let question: Question
    /// Its number on its page, from 1.
    public let number: Int

    /// The name users see and type: the label, else "p<page>q<number>".
    public var name: String { question.label ?? "p\(question.page)q\(number)" }

    /// The default heading in tables: "Question <number>", or the label.
    public var heading: String { question.label ?? "Question \(number)" }

    /// Orders and numbers `questions` the way a reader meets them on the page.
    public static func inReadingOrder(_ questions: [Question]) -> [NumberedQuestion] {
        let rowTolerance = 0.02
        var result: [NumberedQuestion] = []
        for (_, onPage) in Dictionary(grouping: questions, by: \.page).sorted(by: { $0.key < $1.key }) {
            var rows: [[Question]] = []
            for question in onPage.sorted(by: { ($0.position.y, $0.position.x, $0.id) < ($1.position.y, $1.position.x, $1.id) }) {
                if let top = rows.last?.first, question.position.y - top.position.y <= rowTolerance {
                    rows[rows.count - 1].append(question)
                } else {
                    rows.append([question])
                }
            }
            let ordered = rows.flatMap { $0.sorted { ($0.position.x, $0.id) < ($1.position.x, $1.id) } }
            result += ordered.enumerated().map { NumberedQuestion(question: $1, number: $0 + 1) }
        }
        return result
    }
}

extension Array where Element == NumberedQuestion {
    /// The question a user means by `name`: its label (exact, then ignoring case), or
    /// "p<page>q<number>".
    public func named(_ name: String) -> NumberedQuestion? {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        return first { $0.question.label == trimmed } ?? first { $0.name.lowercased() == trimmed.lowercased() }
    }

    /// The question named, or the rule error listing the known ones.
    public func resolve(_ name: String) throws(GradingError) -> NumberedQuestion {
        guard let question = named(name) else { throw .unknownQuestion(name: name, known: map(\.name)) }
        return question
    }
}
