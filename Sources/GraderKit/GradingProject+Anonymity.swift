import GraderCore

extension GradingProject {
    /// The project's anonymous-grading setting.
    public func anonymity() throws -> Anonymity { try store.anonymity() }

    /// Turns anonymous grading on or off; `nameRegions` (points on the reference pages) are
    /// covered in every grading view's page images. A region not wholly on its page is refused.
    public func setAnonymous(_ isOn: Bool, nameRegions: [NameRegion] = []) throws {
        if !nameRegions.isEmpty {
            let directory = try directory()
            guard !directory.students.isEmpty else { throw GradingError.noStudents }
            for region in nameRegions {
                _ = try GradingRules.page(region.page, pages: directory.pagesPerStudent)
                let size = directory.referencePageSize(page: region.page)
                let (corner, rect) = (region.rect.origin, region.rect)
                let far = PagePoint(x: corner.x + rect.width, y: corner.y + rect.height)
                guard rect.width > 0, rect.height > 0, RelativePoint(corner, on: size) != nil, RelativePoint(far, on: size) != nil else {
                    throw GradingError.positionOffPage(x: far.x, y: far.y, page: region.page, size: size)
                }
            }
        }
        try store.setAnonymity(isOn, nameRegions: nameRegions)
    }

    /// The name each grading view shows for each student: the real name, or while anonymous
    /// grading is on, the student's pseudonym.
    public func displayNames(_ book: GradeBook) throws -> [StudentKey: String] {
        let setting = try anonymity()
        guard setting.isOn else { return Dictionary(uniqueKeysWithValues: book.students.map { ($0.key, $0.student.name) }) }
        return setting.pseudonyms(for: book.students.map(\.key))
    }

    /// The name a confirmation shows for `student`: the student matched, by pseudonym while
    /// anonymous grading is on.
    public func shownName(of student: StudentKey) throws -> String {
        let book = try gradeBook()
        return try displayNames(book)[student] ?? book.directory.students[try book.directory.resolveStudent(key: student).index].student.name
    }

    /// The rectangles a grading view covers on `page` of `student` (the name regions of that page
    /// while anonymous grading is on), in points on that student's page.
    func coveredRegions(_ directory: ProjectDirectory, student: StudentID, page: Int) throws -> [PageRect] {
        let setting = try anonymity()
        guard setting.isOn else { return [] }
        // Typed on the reference page: covered where that printed spot lands on this student's page.
        return setting.nameRegions.filter { $0.page == page }.map { directory.region($0.rect, student: student, page: page) }
    }
}
