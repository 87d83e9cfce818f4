import Foundation

/// A grading change that breaks a rule of the grade layer. Messages name the value at fault.
public enum GradingError: Error, Equatable, Sendable {
    /// No student matches the name or id given.
    case unknownStudent(String)
    /// A name that fits several students as well (their names, in list order).
    case ambiguousStudent(String, candidates: [String])
    /// No student by that name, but one whose name is close (a likely typo).
    case unknownStudentNear(String, nearest: String)
    /// No question matches the name given.
    case unknownQuestion(name: String, known: [String])
    /// A page number outside the booklet.
    case pageOutOfRange(page: Int, pages: Int)
    /// A position that is not "x,y" in points or percentages.
    case badPosition(String)
    /// A shift that is not "dx,dy" in finite points.
    case badOffset(String)
    /// A preview resolution outside `GradingRules.resolutions`.
    case badResolution(String)
    /// A label longer than `GradingRules.maxLabelLength` (its start and length).
    case labelTooLong(String, length: Int)
    /// A label of the form p<page>q<n>, the automatic names.
    case reservedLabel(String)
    /// A note with nothing to read.
    case emptyNote
    /// A note longer than `GradingRules.maxNoteLength`.
    case noteTooLong(length: Int)
    /// A note font size outside `GradingRules.noteSizes`.
    case badNoteSize(String)
    /// A pen width outside `GradingRules.inkWidths`.
    case badInkWidth(String)
    /// A position that lies off the page.
    case positionOffPage(x: Double, y: Double, page: Int, size: PageSize)
    /// A grade box any part of which would lie off the page (its top-left corner and size).
    case boxOffPage(question: String, x: Double, y: Double, box: BoxSize, page: Int, size: PageSize)
    /// A box size that is not "w,h" in points of at least `GradingRules.minBoxSide`.
    case badBoxSize(String)
    /// An exam title with a line break or another control character, or longer than `GradingRules.maxTitleLength`.
    case badTitle(String)
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
    /// A bubble block whose geometry cannot be read (its id and what is wrong).
    case badBubbleBlock(String, problem: String)
    /// A bubble block id that another block of the project already has.
    case duplicateBlockID(String)
    /// Two student-number box fields share an id.
    case duplicateIDField(String)
    /// The rubric has no student-number boxes (`id_boxes:`) to read.
    case noIDBoxes
    /// A copy not (or no longer) waiting for its handwritten student number to be confirmed.
    case notInIDReview(String)
    /// A roster id that is not among the students offered for a copy left for review.
    case notAnIDCandidate(copy: String, rosterID: String, offered: [String])
    /// No answer group with that id (removed, or undone, meanwhile).
    case unknownAnswerGroup(Int64)
    /// A student whose answer is not in the answer group named.
    case notInAnswerGroup(student: String, group: Int64)
    /// Two answer groups of different questions, or a student moved to another question's group.
    case answerGroupOfOtherQuestion(group: Int64, question: String, other: String)
    /// A group confirmed without answers.
    case emptyAnswerGroup
    /// An answer box a question's number cannot be read from (the question, and what is wrong).
    case badAnswerBox(question: String, problem: String)
    /// A question with no answer box declared, asked to remove it.
    case noAnswerBox(question: String)
    /// A roster student who is already matched to another copy.
    case studentAlreadyMatched(String, rosterID: String, to: String)
    /// A project with no students, asked for something only a student's page has.
    case noStudents
    /// Moving an annotation by dx, dy would take it to x, y, off its page.
    case annotationOffPage(AnnotationID, dx: Double, dy: Double, x: Double, y: Double, page: Int, size: PageSize)
    /// An answer key that does not fit its bubble block.
    case badKey(String)
    /// A line of an answer-key file that cannot be read (no line: the file as a whole).
    case badKeyFile(file: String, line: Int?, detail: String)
    /// No bubble block with that id.
    case unknownBlock(String, known: [String])
    /// No ink stroke passes through the point touched.
    case nothingToErase(page: Int, x: Double, y: Double)
    /// A grader name that is empty, too long or holds control characters.
    case badGraderName(String)
    /// The score changed since the grader saw it: another grader wrote `now` meanwhile.
    case changedMeanwhile(student: String, question: String, saw: Score, now: Score, by: String?)
    /// Pen pressures that are not one value from 0 to 1 per point.
    case badPressures(given: Int, points: Int)
    /// A rubric item number the question does not have.
    case unknownRubricItem(question: String, number: Int, count: Int)
    /// A second item of a group in which at most one may be applied.
    case rubricGroupTaken(question: String, group: String, applied: Int, refused: Int)
    /// A rubric item text that is empty or too long.
    case badRubricText(String)
    /// Undo or redo of a step whose rows another grader changed afterwards.
    case historyBlocked(action: String, step: String, grader: String, laterStep: Int64, later: String)
    /// A download that carries real names (`what`) was asked for while anonymous grading is on.
    case anonymousDownload(String)
    /// A change would replace scores other graders gave, without saying so (`--overwrite`).
    case othersScores([ForeignScore])
    /// A change would remove or change a note or ink stroke another grader made, without saying so.
    case othersAnnotation(id: Int64, grader: String)
    /// Undoing or redoing `step` would leave a score above its question's maximum.
    case historyBreaksRule(action: String, step: String, student: String, question: String, score: Points, max: Points)
    /// A point that is not "x,y" in plain decimal points.
    case badPoint(String)
    /// A rectangle that is not "x,y,width,height" in plain decimal points with a positive size.
    case badRegion(String)
    /// Rubric points that are not a plain decimal in quarter points.
    case badItemPoints(String)
    /// An answer key given for a student-ID block, which is read, not graded.
    case keyOnIDBlock(String)
    /// A value refused for a named option or field of a front end ("--code-at"): the option's
    /// name heads the refusal's own message.
    indirect case forOption(String, GradingError)
    /// A rubric item stamped on the answer of a question it does not belong to.
    case stampOfOtherQuestion(item: Int, text: String, itemQuestion: String, question: String)
    /// A rubric item stamped a second time on one answer.
    case alreadyStamped(question: String, item: Int, page: Int)
    /// No rubric item with that id (one removed meanwhile).
    case unknownRubricItemID(RubricItemID)
    /// A move of a page by hand that is not "dx,dy[,degrees]" within the page's size and `HandAlignment.largestTurn`.
    case badHandAlignment(String)
    /// No version of the exam by that name.
    case unknownVersion(String, known: [String])
    /// A version name that is empty, too long or has characters a code or column cannot carry.
    case badVersionName(String)
    /// A second version with the same name.
    case duplicateVersion(String)
}

extension GradingError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .unknownStudent(let name):
            return "No student '\(name)' in this project: check the spelling (ezgrader status lists the students)."
        case .ambiguousStudent(let name, let candidates):
            return "'\(name)' could be any of \(candidates.count) students: \(candidates.joined(separator: "; ")). "
                + "Type more of the name, or the roster id."
        case .unknownStudentNear(let name, let nearest):
            return "No student '\(name)' in this project: did you mean '\(nearest)'? (ezgrader status lists the students.)"
        case .unknownQuestion(let name, let known):
            let list = known.isEmpty ? "there are no questions yet (add one with ezgrader question add)"
                : "the questions are " + known.joined(separator: ", ")
            return "No question '\(name)': \(list)."
        case .pageOutOfRange(let page, let pages):
            return "There is no page \(page): the booklets have pages 1 to \(pages)."
        case .badPosition(let text):
            return "Position '\(text)' is not understood: give x,y in points from the top-left corner (e.g. 430,60) or percentages (e.g. 70%,8%)."
        case .badHandAlignment(let text):
            return "Move '\(text)' is not understood: give dx,dy[,degrees] — points right and down, degrees clockwise — "
                + "within the page's size and \(Int(HandAlignment.largestTurn))° (e.g. 12,-8 or 12,-8,1.5)."
        case .badOffset(let text):
            return "Shift '\(text)' is not understood: give dx,dy in points, right and down positive (e.g. 10,-20)."
        case .badResolution(let dpi):
            return "Resolution \(dpi) dpi cannot be rendered: give \(format(GradingRules.resolutions.lowerBound)) to "
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
            return "Font size \(size) is not usable: give \(format(GradingRules.noteSizes.lowerBound)) to "
                + "\(format(GradingRules.noteSizes.upperBound)) points (11 is the default)."
        case .badInkWidth(let width):
            return "Pen width \(width) is not usable: give \(format(GradingRules.inkWidths.lowerBound)) to "
                + "\(format(GradingRules.inkWidths.upperBound)) points (1.5 is the default)."
        case .positionOffPage(let x, let y, let page, let size):
            return "Position \(format(x)),\(format(y)) is off page \(page), which is \(format(size.width)) × \(format(size.height)) points "
                + "(x from the left, y from the top): give a point inside, or a percentage such as 50%,10%."
        case .boxOffPage(let question, let x, let y, let box, let page, let size):
            let room = box.width > size.width || box.height > size.height ? "give a smaller box"
                : "give a top-left corner from 0,0 to \(format(size.width - box.width)),\(format(size.height - box.height)), or a smaller box"
            return "The box of \(question) (\(format(box.width)) × \(format(box.height)) points, top-left corner at \(format(x)),\(format(y))) "
                + "would reach off page \(page), which is \(format(size.width)) × \(format(size.height)) points "
                + "(x from the left, y from the top): \(room)."
        case .badBoxSize(let text):
            return "Box size '\(text)' is not usable: give width,height in points, each at least \(format(GradingRules.minBoxSide)) (e.g. 90,24)."
        case .badTitle(let text):
            return "Title \(String(reflecting: text)) is not usable: give one line of at most \(GradingRules.maxTitleLength) characters "
                + "(e.g. \"Midterm, Spring 2026\"), or \"\" to name reports after the project folder again."
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
        case .badBubbleBlock(let id, let problem):
            return "Bubble block '\(id)' cannot be read: \(problem). Fix it in the rubric's bubbles: section."
        case .duplicateIDField(let id):
            return "Student-number boxes '\(id)' are given twice: give each id_boxes entry its own id."
        case .noIDBoxes:
            return "The project's rubric has no student-number boxes: add an id_boxes: entry (page, at, size, count) and apply it with ezgrader rubric, or match by the bubble grid."
        case .notInIDReview(let copy):
            return "\(copy) is not waiting for its student number to be confirmed: it was matched meanwhile, or ezgrader match --roster has not left it for review."
        case .notAnIDCandidate(let copy, let rosterID, let offered):
            return "Roster id \(rosterID) is not one of the students offered for \(copy) (\(offered.joined(separator: ", "))): "
                + "match it by hand with ezgrader match --copy N --student NAME."
        case .unknownAnswerGroup(let id):
            return "There is no answer group \(id): it was removed or undone meanwhile. Look at the question's groups again."
        case .notInAnswerGroup(let student, let group):
            return "\(student)'s answer is not in answer group \(group): it was moved or graded on its own meanwhile."
        case .answerGroupOfOtherQuestion(let group, let question, let other):
            return "Answer group \(group) holds answers to \(other), not \(question): groups of different questions cannot be merged or share answers."
        case .emptyAnswerGroup:
            return "An answer group needs at least one student's answer: name the students to put in it."
        case .badAnswerBox(let question, let problem):
            return "The answer box of \(question) cannot be used: \(problem). Give the first box's outline as x,y,width,height "
                + "in points on the reference page, the number of digits, and the pitch when the boxes are apart."
        case .noAnswerBox(let question):
            return "\(question) has no answer box to remove."
        case .studentAlreadyMatched(let name, let rosterID, let other):
            return "\(name) (\(rosterID)) is already matched to \(other): undo that match first, or choose another student."
        case .duplicateBlockID(let id):
            return "Bubble block id '\(id)' is taken: another bubble block of this project has it. Give this block another id."
        case .noStudents:
            return "The project has no students yet: add a student's scan with ezgrader student add PROJECT FILE.pdf "
                + "(or create the project from a folder of scans with ezgrader new)."
        case .annotationOffPage(let id, let dx, let dy, let x, let y, let page, let size):
            return "Annotation \(id.rawValue) cannot move by \(format(dx)),\(format(dy)): it would reach \(format(x)),\(format(y)), off page \(page), "
                + "which is \(format(size.width)) × \(format(size.height)) points (x from the left, y from the top). Give a smaller shift."
        case .badKey(let detail):
            return "The answer key does not fit: \(detail)."
        case .badKeyFile(let file, let line, let detail):
            return "\(file)\(line.map { " line \($0)" } ?? ""): \(detail)."
        case .unknownBlock(let id, let known):
            if id.isEmpty && known.isEmpty {
                return "The project has no bubble blocks to read: import a rubric with a bubbles: section first (ezgrader question import)."
            }
            return "No bubble block '\(id)': " + (known.isEmpty ? "the rubric defines none (add a bubbles: section)." : "the blocks are \(known.joined(separator: ", ")).")
        case .nothingToErase(let page, let x, let y):
            return "No ink stroke passes through \(format(x)),\(format(y)) on page \(page): touch the stroke's line itself."
        case .badGraderName(let name):
            return "Grader name '\(name)' cannot be used: give 1 to \(Grader.maxLength) characters without control characters "
                + "(--grader NAME or EZGRADER_GRADER)."
        case .changedMeanwhile(let student, let question, let saw, let now, let grader):
            let who = grader.map { "\($0) changed it to \(now)" } ?? "it is now \(now)"
            return "Not saved: \(student)'s score on \(question) was \(saw) when you looked, but \(who) meanwhile. "
                + "Look again and score it anew if it should change."
        case .badPressures(let given, let points):
            return "The pen pressures do not fit the stroke: give one value from 0 to 1 for each of its \(points) points (\(given) given)."
        case .unknownRubricItem(let question, let number, let count):
            return count == 0 ? "\(question) has no rubric items yet: add one with ezgrader rubric add."
                : "\(question) has no rubric item \(number): its items are 1 to \(count) (ezgrader rubric list)."
        case .rubricGroupTaken(let question, let group, let applied, let refused):
            return "Item \(refused) of \(question) cannot be applied: item \(applied) of the same group '\(group)' is, "
                + "and at most one item of a group may be. Remove item \(applied) first."
        case .badRubricText(let text):
            return "Rubric item text '\(text.prefix(40))' cannot be used: give 1 to 200 characters."
        case .historyBlocked(let action, let step, let grader, let laterStep, let later):
            return "Cannot \(action) '\(step)': \(grader) changed the same rows, or rows that depend on them, afterwards (step \(laterStep): "
                + "\(later)). Ask \(grader) to undo that first\(action == "undo" ? ", or undo with --force to take their work with it (one step you can undo again)" : ""), "
                + "or make the change by hand."
        case .anonymousDownload(let what):
            return "The \(what) carry the students' real names: turn anonymous grading off to download them."
        case .othersScores(let scores):
            let listed = scores.prefix(5).map { "\($0.student) on \($0.question): \($0.score) by \($0.grader)" }.joined(separator: "; ")
            let rest = scores.count > 5 ? "; and \(scores.count - 5) more" : ""
            return (scores.count == 1 ? "That score was given by another grader (" : "\(scores.count) of those scores were given by other graders (")
                + listed + rest + "): to replace another grader's work, say so with --overwrite (it is recorded as an overwrite). Nothing was changed."
        case .othersAnnotation(let id, let grader):
            return "Annotation \(id) was made by \(grader): to remove another grader's note or ink, say so with --overwrite (it is "
                + "recorded as such). Nothing was changed."
        case .historyBreaksRule(let action, let step, let student, let question, let score, let max):
            return "Cannot \(action) '\(step)': it would leave \(student)'s score \(score) on \(question) above its maximum \(max). "
                + "Change that score first, or make the change by hand."
        case .badPoint(let text):
            return "Position '\(text)' is not understood: give x,y in points from the top-left corner, plain decimal numbers (e.g. 40,740)."
        case .badRegion(let text):
            return "Region '\(text)' is not understood: give x,y,width,height in points, plain decimal numbers with a width and "
                + "height above 0 (e.g. 40,60,300,40; 2:40,60,300,40 for page 2)."
        case .badItemPoints(let text):
            return "Points '\(text)' must be a plain decimal number in steps of 0.25, e.g. -1 or 2.5."
        case .keyOnIDBlock(let id):
            return "Block '\(id)' is a student-ID grid: it is read to match copies to students, not graded, so it takes no answer key. "
                + "Give the id of a question block (the rubric's bubbles: section lists them)."
        case .forOption(let option, let error):
            return "\(option): " + (error.errorDescription ?? "")
        case .stampOfOtherQuestion(let item, let text, let itemQuestion, let question):
            return "Item \(item) of \(itemQuestion) ('\(text.prefix(40))') cannot be stamped on the answer to \(question): "
                + "stamp one of \(question)'s own items, or grade \(itemQuestion)."
        case .alreadyStamped(let question, let item, let page):
            return "Item \(item) of \(question) is already stamped on this answer (page \(page)): move that stamp, or remove it first."
        case .unknownVersion(let name, let known):
            return "No version '\(name)' of this exam: " + (known.isEmpty ? "the project has no versions yet (add one with ezgrader version add)."
                : "the versions are " + known.joined(separator: ", ") + ".")
        case .badVersionName(let name):
            return "'\(name)' cannot name a version: use 1 to \(ExamVersion.longestName) letters, digits, - or _ (e.g. A, B, v2)."
        case .duplicateVersion(let name):
            return "The exam already has a version '\(name)': give the new one another name."
        case .unknownRubricItemID(let id):
            return "There is no \(id) (it was removed meanwhile): look at the question's rubric again."
        }
    }
}

/// 430, 60.5 — to a tenth, whole numbers without a decimal point (469.99999 from a relative
/// position is 470); "inf" and "nan" as themselves (never trapped converting them to Int).
func format(_ value: Double) -> String {
    guard value.isFinite, abs(value) < 1e15 else { return "\(value)" }
    let tenths = (value * 10).rounded() / 10
    return tenths == tenths.rounded() ? String(Int(tenths)) : String(format: "%.1f", tenths)
}
