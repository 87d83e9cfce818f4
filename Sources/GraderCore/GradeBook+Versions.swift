/// The grade book seen through each student's version: which version a copy is, its readings in
/// the exam's order, and where each question sits on its pages.
extension GradeBook {
    /// True when the project holds versions of its exam.
    public var hasVersions: Bool { !versions.versions.isEmpty }

    /// The version of `student`: given (by hand, the roster or a page code), else read from the
    /// sheet's version field; nil when unknown (never guessed).
    public func version(of student: StudentID) -> StudentVersion? {
        guard hasVersions else { return nil }
        if let given = versions.given[student] { return given }
        for block in bubbleBlocks where block.kind == .version {
            guard case .answered(let marked)? = bubbleReadings[block.id]?[student]?.first(where: { $0.row == 0 })?.reading,
                  marked.count == 1, let version = versions.named(marked[0]) else { continue }
            return StudentVersion(name: version.name, source: .sheet)
        }
        return nil
    }

    /// The students whose version is unknown, in list order (none in a project of one version).
    public var versionUnknown: [StudentID] {
        hasVersions ? students.indices.map(StudentID.init).filter { version(of: $0) == nil } : []
    }

    /// `student`'s readings of `block` in the exam's order; nil when the block is printed
    /// differently on some version and the student's version is unknown (nothing may be scored).
    public func examReadings(block: BubbleBlock, student: StudentID) -> [BubbleRowReading]? {
        let printed = bubbleReadings[block.id]?[student] ?? []
        guard versions.reorders(block: block.id) else { return printed }
        guard let version = version(of: student) else { return nil }
        guard let key = versions.keys[version.name]?[block.id] else { return printed }
        return key.examReadings(printed, block: block)
    }

    /// `question` as it sits on `student`'s version: its page and position there (relative to
    /// that version's reference page), else as the exam places it.
    public func placed(_ question: Question, for student: StudentID) -> Question {
        guard let version = version(of: student), let placement = versions.placements[version.name]?[question.id] else { return question }
        var placed = question
        placed.page = placement.page
        placed.position = placement.position
        return placed
    }

    /// `block` as `student`'s version prints it: on its page, at its origin (points on the
    /// version's reference page), else as the exam does. A version field is where the exam puts it
    /// (it is what tells the version).
    public func placed(_ block: BubbleBlock, for student: StudentID) -> BubbleBlock {
        guard block.kind != .version, let name = version(of: student)?.name, let at = versions.blockPlacements[name]?[block.id] else { return block }
        var moved = block
        moved.page = at.page
        moved.origin = at.origin
        return moved
    }

    /// `numbered` as it sits on `student`'s version, keeping its exam number (and so its name).
    public func placed(_ numbered: NumberedQuestion, for student: StudentID) -> NumberedQuestion {
        NumberedQuestion(question: placed(numbered.question, for: student), number: numbered.number)
    }

    /// The size of `page` of the reference `student`'s pages are aligned to: their version's own
    /// PDF when it has one, else the project's reference page.
    public func referencePageSize(page: Int, for student: StudentID) -> PageSize {
        referencePageSize(page: page, version: version(of: student).flatMap { versions.named($0.name) })
    }

    /// The size of `page` of `version`'s own PDF, else of the project's reference page.
    public func referencePageSize(page: Int, version: ExamVersion?) -> PageSize {
        guard let sizes = version?.referenceSizes, sizes.indices.contains(page - 1) else { return referencePageSize(page: page) }
        return sizes[page - 1]
    }

    /// The page `question`'s box is on in `student`'s booklet and where its top-left corner lands
    /// there: placed on their version's reference page when the version places it, carried
    /// through the page's alignment (as `place` does for the exam's reference).
    public func placedBox(_ question: Question, for student: StudentID) -> (page: Int, origin: PagePoint) {
        guard let name = version(of: student)?.name, let placement = versions.placements[name]?[question.id] else {
            return (question.page, place(question.position, student: student, page: question.page))
        }
        let page = placement.page, reference = referencePageSize(page: page, for: student)
        let alignment = students[student.index].alignment(page: page) ?? PageAlignment(transform: nil, score: 0)
        return (page, alignment.place(placement.position, reference: reference, on: pageSize(student, page: page)))
    }

    /// The students of each version, in the versions' order (students of unknown version left out).
    public var studentsByVersion: [(version: String, students: [StudentID])] {
        versions.versions.map { version in
            (version.name, students.indices.map(StudentID.init).filter { self.version(of: $0)?.name == version.name })
        }
    }

    /// The students grouped by version, in the versions' order, students of unknown version last;
    /// list order within a group.
    public var inVersionOrder: [StudentID] {
        let rank = Dictionary(uniqueKeysWithValues: versions.versions.enumerated().map { ($1.name, $0) })
        return students.indices.map(StudentID.init).sorted {
            (version(of: $0).flatMap { rank[$0.name] } ?? rank.count, $0.index) < (version(of: $1).flatMap { rank[$0.name] } ?? rank.count, $1.index)
        }
    }
}
