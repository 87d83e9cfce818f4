/// A row of digit boxes used as a question's answer box: the number a student writes in it, one
/// digit a box, is read by the digit reader to group the class's answers by value.
extension IDBoxField {
    /// How many digits an answer box may hold: a number answer, not an identifier.
    public static let answerDigits = 1...12

    /// What is wrong with these boxes as an answer box on a reference page of `size`, nil when nothing is.
    public func answerBoxProblem(pageSize size: PageSize) -> String? {
        guard Self.answerDigits.contains(count) else {
            return "an answer box holds \(Self.answerDigits.lowerBound) to \(Self.answerDigits.upperBound) digits, got \(count)"
        }
        guard [left, top, boxWidth, boxHeight, pitch].allSatisfy(\.isFinite) else { return "its place, size and pitch must be plain numbers of points" }
        if let problem { return problem }
        let outline = outline
        guard outline.origin.x >= 0, outline.origin.y >= 0, outline.origin.x + outline.width <= size.width, outline.origin.y + outline.height <= size.height else {
            return "its \(count) boxes (\(format(outline.origin.x)),\(format(outline.origin.y)) to \(format(outline.origin.x + outline.width)),"
                + "\(format(outline.origin.y + outline.height))) reach off page \(page), which is \(format(size.width)) × \(format(size.height)) points"
        }
        return nil
    }
}
