import Foundation

/// A grading change that breaks a rule of the grade layer. Messages name the value at fault.
public enum GradingError: Error, Equatable, Sendable {
    /// No student matches the name or id given.
    case unknownStudent(String)
    /// No question matches the name given.
    case unknownQuestion(name: String, known: [String])
    /// A page number outside the booklet.
    case pageOutOfRange(page: Int, pages: Int)
    /// A position that is not "x,y" in points or percentages.
    case badPosition(String)
    /// A shift that is not "dx,dy" in finite points.
    case badOffset(String)
    /// A preview resolution outside `GradingRules.resolutions`.
    case badResolution(Double)
    /// A label longer than `GradingRules.maxLabelLength` (its start and length).
    case labelTooLong(String, length: Int)
    /// A label of the form p<page>q<n>, the automatic names.
    case reservedLabel(String)
    /// A note with nothing to read.
    case emptyNote
    /// A note longer than `GradingRules.maxNoteLength`.
    case noteTooLong(length: Int)
    /// A note font size outside `GradingRules.noteSizes`.
    case badNoteSize(Double)
    /// A pen width outside `GradingRules.inkWidths`.
    case badInkWidth(Double)
    /// A position that lies off the page.
    case positionOffPage(x: Double, y: Double, page: Int, size: PageSize)
    /// Maximum points that are not a positive number of quarter points.
    case badMaximum(String)
    /// A score that is not a number (or "?").
    case notANumber(String)
    /// A score outside 0…max, or not in quarter points.
    case scoreOutOfRange(value: String, question: String, max: Points)
    /// Lowering the maximum below scores already given.
    case maximumBelowScores(question: String, max: Points, students: [String])
    /// A label that another question already has.
    case duplicateLabel(String)
    /// No annotation with that id on the project.
    case unknownAnnotation(AnnotationID)
    /// The annotation is not of the kind the change needs (e.g. editing the text of ink).
    case wrongAnnotationKind(AnnotationID, expected: String)
    /// Nothing to undo or redo.
    case nothingTo(String)
    /// An answer key that does not fit its bubble block.
    case badKey(String)
    /// No bubble block with that id.
    case unknownBlock(String, known: [String])
    /// No ink stroke passes through the point touched.
    case nothingToErase(page: Int, x: Double, y: Double)
}

extension GradingError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .unknownStudent(let name):
            return "No student '\(name)' in this project: check the spelling (ezgrader status lists the students)."
        case .unknownQuestion(let name, let known):
            let list = known.isEmpty ? "there are no questions yet (add one with ezgrader question add)"
                : "the questions are " + known.joined(separator: ", ")
            return "No question '\(name)': \(list)."
        case .pageOutOfRange(let page, let pages):
            return "There is no page \(page): the booklets have pages 1 to \(pages)."
        case .badPosition(let text):
            return "Position '\(text)' is not understood: give x,y in points from the top-left corner (e.g. 430,60) or percentages (e.g. 70%,8%)."
        case .badOffset(let text):
            return "Shift '\(text)' is not understood: give dx,dy in points, right and down positive (e.g. 10,-20)."
        case .badResolution(let dpi):
            return "Resolution \(format(dpi)) dpi cannot be rendered: give \(format(GradingRules.resolutions.lowerBound)) to "
                + "\(format(GradingRules.resolutions.upperBound)) dots per inch (100 is a good screen size)."
        case .labelTooLong(let start, let length):
            return "Label '\(start)…' is \(length) characters long: give at most \(GradingRules.maxLabelLength) (e.g. Q3 or 2b)."
        case .reservedLabel(let label):
            return "Label '\(label)' looks like the automatic name of another question (p<page>q<number>): choose a label such as Q3 or 2b."
        case .emptyNote:
            return "The note's text is empty: type what the student should read."
        case .noteTooLong(let length):
            return "The note is \(length) characters long: keep it to \(GradingRules.maxNoteLength), or split it into several notes."
        case .badNoteSize(let size):
            return "Font size \(format(size)) is not usable: give \(format(GradingRules.noteSizes.lowerBound)) to "
                + "\(format(GradingRules.noteSizes.upperBound)) points (11 is the default)."
        case .badInkWidth(let width):
            return "Pen width \(format(width)) is not usable: give \(format(GradingRules.inkWidths.lowerBound)) to "
                + "\(format(GradingRules.inkWidths.upperBound)) points (1.5 is the default)."
        case .positionOffPage(let x, let y, let page, let size):
            return "Position \(format(x)),\(format(y)) is off page \(page), which is \(format(size.width)) × \(format(size.height)) points "
                + "(x from the left, y from the top): give a point inside, or a percentage such as 50%,10%."
        case .badMaximum(let value):
            return "Maximum points '\(value)' must be a number above 0 in steps of 0.25 (e.g. 4 or 2.5)."
        case .notANumber(let value):
            return "Score '\(value)' is not a number: type points such as 3 or 2.5, or ? to clear."
        case .scoreOutOfRange(let value, let question, let max):
            return "Score \(value) does not fit \(question): give 0 to \(max) in steps of 0.25, or ? to clear."
        case .maximumBelowScores(let question, let max, let students):
            return "\(question) cannot be worth \(max): \(students.joined(separator: ", ")) already "
                + "\(students.count == 1 ? "has" : "have") more. Lower those scores first."
        case .duplicateLabel(let label):
            return "Another question is already labelled '\(label)': choose another label."
        case .unknownAnnotation(let id):
            return "There is no annotation \(id.rawValue): ezgrader note list shows the numbers."
        case .wrongAnnotationKind(let id, let expected):
            return "Annotation \(id.rawValue) is not \(expected)."
        case .nothingTo(let what):
            return "Nothing to \(what)."
        case .badKey(let detail):
            return "The answer key does not fit: \(detail)."
        case .unknownBlock(let id, let known):
            if id.isEmpty && known.isEmpty {
                return "The project has no bubble blocks to read: import a rubric with a bubbles: section first (ezgrader question import)."
            }
            return "No bubble block '\(id)': " + (known.isEmpty ? "the rubric defines none (add a bubbles: section)." : "the blocks are \(known.joined(separator: ", ")).")
        case .nothingToErase(let page, let x, let y):
            return "No ink stroke passes through \(format(x)),\(format(y)) on page \(page): touch the stroke's line itself."
        }
    }
}

/// 430, 60.5 — whole numbers without a decimal point; "inf" and "nan" as themselves (never trapped
/// converting them to Int).
func format(_ value: Double) -> String {
    guard value.isFinite, abs(value) < 1e15 else { return "\(value)" }
    return value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
}
