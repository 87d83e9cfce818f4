@_spi(Rules) import GraderCore
import GraderDigits
import GraderGroups
import GraderStore

/// A question's answer box: the row of printed digit boxes its number is written in, one digit a
/// box (the geometry of the rubric's student-number boxes). Declared, the question's answers are
/// grouped by the number the digit reader reads in it. Course set-up, like the questions themselves.
extension GradingProject {
    /// Declares the answer box of `question` (in place of any before): `firstBox` the first box's
    /// printed outline on the reference page (points from the top-left), `digits` boxes, each
    /// `pitch` points right of the one before (default: the box's width, boxes side by side).
    @discardableResult
    public func declareAnswerBox(question: QuestionID, firstBox: PageRect, digits: Int, pitch: Double? = nil) throws -> IDBoxField {
        try permit(.editQuestions)
        return try store.change(describedBy: { writer in
            "declare the answer box of \(try writer.question(question).name): \(digits == 1 ? "1 digit" : "\(digits) digits")"
        }) { writer in
            let numbered = try writer.question(question)
            let page = numbered.question.page
            let box = IDBoxField(id: numbered.name, page: page, left: firstBox.origin.x, top: firstBox.origin.y, boxWidth: firstBox.width,
                                 boxHeight: firstBox.height, pitch: pitch ?? firstBox.width, count: digits)
            if let problem = box.answerBoxProblem(pageSize: try writer.directory().referencePageSize(page: page)) {
                throw GradingError.badAnswerBox(question: numbered.name, problem: problem)
            }
            try writer.setAnswerBox(question: question, box)
            return box
        }
    }

    /// Removes the answer box of `question`: its answers are grouped by their ink alone again.
    public func removeAnswerBox(question: QuestionID) throws {
        try permit(.editQuestions)
        try store.change(describedBy: { writer in "remove the answer box of \(try writer.question(question).name)" }) { writer in
            let name = try writer.question(question).name
            guard try writer.deleteAnswerBox(question: question) else { throw GradingError.noAnswerBox(question: name) }
        }
    }

    /// The answer box of `question`, nil when none is declared.
    public func answerBox(question: QuestionID) throws -> IDBoxField? { try store.answerBox(question: question) }

    /// Each student's number in the answer box `box`, read by the digit reader through their page's alignment, in list order.
    func writtenNumbers(_ box: IDBoxField, book: GradeBook) throws -> [WrittenNumber] {
        let boxes = try book.students.concurrentMap { entry throws in
            try idBoxes(box, onScan: scanPath(entry), alignment: entry.alignment(page: box.page), book: book)
        }
        return try DigitReader().read(copies: boxes).map(WrittenNumber.init)
    }
}

extension SuggestedAnswerGroup {
    /// The number its answers read, for a group by the number written ("42"); nil otherwise.
    public var value: String? { Self.value(ofKind: kindName) }

    /// The number a group of kind `name` ("number 42", as a confirmed group keeps it) reads; nil for another kind.
    public static func value(ofKind name: String) -> String? { name.hasPrefix("number ") ? String(name.dropFirst("number ".count)) : nil }
}
