/// Who and what a project grades — its students, pages and questions — without the scores and
/// annotations: all a change needs to resolve the names a user types, cheap to read at class
/// scale. `StudentID(i)` is `students[i]`.
public struct ProjectDirectory: Sendable, Equatable {
    /// Students in list order.
    public let students: [GradeBook.Entry]
    /// Pages in every booklet.
    public let pagesPerStudent: Int
    /// Questions in reading order, numbered per page.
    public let questions: [NumberedQuestion]
    /// The size of each reference page (the master copy's, or the first student's at import):
    /// what typed positions are measured on; empty in a project made before pages were aligned.
    public let referenceSizes: [PageSize]

    /// A directory of `students` and `questions` (already in reading order).
    public init(students: [GradeBook.Entry], pagesPerStudent: Int, questions: [NumberedQuestion], referenceSizes: [PageSize] = []) {
        self.students = students
        self.pagesPerStudent = pagesPerStudent
        self.questions = questions
        self.referenceSizes = referenceSizes
    }

    /// The question a user means by `name`: its label (exact, then ignoring case), or
    /// "p<page>q<number>".
    public func question(named name: String) -> NumberedQuestion? { questions.named(name) }

    /// The student a user means by `name`, as graders type names (`StudentLookup`: accents, case,
    /// spaces and "Last, First" ignored, a unique prefix, or the roster id); nil when the name is
    /// unknown or ambiguous (`resolveStudent` says which).
    public func student(named name: String) -> StudentID? {
        guard case .found(let index) = StudentLookup(name, among: students.map(\.student)) else { return nil }
        return StudentID(index)
    }

    /// The student whose name is `name` exactly (ignoring case and Unicode form only): the
    /// collision check for a new student, which must not match a prefix.
    public func student(exactlyNamed name: String) -> StudentID? {
        let key = Student(name: name).nameKey
        return students.firstIndex { $0.student.nameKey == key }.map(StudentID.init)
    }

    /// The student with the stable `key`, nil when they were removed.
    public func student(key: StudentKey) -> StudentID? {
        students.firstIndex { $0.key == key }.map(StudentID.init)
    }

    /// The question with `id` and its number, nil when it was removed.
    public func question(id: QuestionID) -> NumberedQuestion? {
        questions.first { $0.question.id == id }
    }

    /// The student named, or the rule error that says so.
    public func resolveStudent(_ name: String) throws(GradingError) -> StudentID {
        StudentID(try students.map(\.student).resolve(studentNamed: name))
    }

    /// The question named, or the rule error listing the known ones.
    public func resolveQuestion(_ name: String) throws(GradingError) -> NumberedQuestion { try questions.resolve(name) }

    /// The student with `key`, or the rule error (they were removed meanwhile).
    public func resolveStudent(key: StudentKey) throws(GradingError) -> StudentID {
        guard let id = student(key: key) else { throw .unknownStudent(key.description) }
        return id
    }

    /// The question with `id`, or the rule error (it was removed meanwhile).
    public func resolveQuestion(id: QuestionID) throws(GradingError) -> NumberedQuestion {
        guard let question = question(id: id) else { throw .unknownQuestion(name: id.description, known: questions.map(\.name)) }
        return question
    }

    /// The size positions of `page` are measured on: the reference page's, else (a project made
    /// before pages were aligned) the first student's, or US Letter when no student is left.
    public func referencePageSize(page: Int) -> PageSize {
        if referenceSizes.indices.contains(page - 1) { return referenceSizes[page - 1] }
        return students.isEmpty ? PageSize(width: 612, height: 792) : pageSize(StudentID(0), page: page)
    }

    /// The size of `page` (1-based) of `student`'s booklet.
    public func pageSize(_ student: StudentID, page: Int) -> PageSize { students[student.index].pageSizes[page - 1] }

    /// The alignment of `page` of `student`'s booklet; a page never aligned (a project made before
    /// pages were aligned) is placed like an unmatched one: by page size.
    func alignment(_ student: StudentID, page: Int) -> PageAlignment {
        students[student.index].alignment(page: page) ?? PageAlignment(transform: nil, score: 0)
    }

    /// Where `position` (relative to the reference page) lands on `page` of `student`'s booklet:
    /// through the page's alignment, or at the same place relative to the page size when the page
    /// was never aligned or did not match.
    public func place(_ position: RelativePoint, student: StudentID, page: Int) -> PagePoint {
        alignment(student, page: page).place(position, reference: referencePageSize(page: page), on: pageSize(student, page: page))
    }

    /// The part of `page` of `student`'s booklet that shows `rect` (points on the reference page).
    public func region(_ rect: PageRect, student: StudentID, page: Int) -> PageRect {
        alignment(student, page: page).region(rect, reference: referencePageSize(page: page), on: pageSize(student, page: page))
    }
}
