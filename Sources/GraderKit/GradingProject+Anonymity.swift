import GraderCore

extension GradingProject {
    /// The project's anonymous-grading setting.
    public func anonymity() throws -> Anonymity { try store.anonymity() }

    /// Turns anonymous grading on or off; `nameRegion` (points on page 1 of the reference page) is
    /// covered in every grading view's image of page 1. A region not wholly on page 1 is refused.
    public func setAnonymous(_ isOn: Bool, nameRegion: PageRect? = nil) throws {
        if let nameRegion {
            let directory = try directory()
            guard !directory.students.isEmpty else { throw GradingError.noStudents }
            let size = directory.referencePageSize(page: 1)
            let corner = nameRegion.origin
            guard nameRegion.width > 0, nameRegion.height > 0,
                  RelativePoint(corner, on: size) != nil,
                  RelativePoint(PagePoint(x: corner.x + nameRegion.width, y: corner.y + nameRegion.height), on: size) != nil
            else {
                throw GradingError.positionOffPage(x: corner.x + nameRegion.width, y: corner.y + nameRegion.height, page: 1, size: size)
            }
        }
        try store.setAnonymity(isOn, nameRegion: nameRegion)
    }

    /// The name each grading view shows for each student: the real name, or while anonymous
    /// grading is on, the student's pseudonym.
    public func displayNames(_ book: GradeBook) throws -> [StudentKey: String] {
        let setting = try anonymity()
        guard setting.isOn else { return Dictionary(uniqueKeysWithValues: book.students.map { ($0.key, $0.student.name) }) }
        return setting.pseudonyms(for: book.students.map(\.key))
    }

    /// The rectangles a grading view covers on `page` of `student` (the name region of page 1
    /// while anonymous grading is on), in points on that student's page.
    func coveredRegions(_ directory: ProjectDirectory, student: StudentID, page: Int) throws -> [PageRect] {
        let setting = try anonymity()
        guard setting.isOn, page == 1, let region = setting.nameRegion else { return [] }
        // Typed on the reference page: covered where that printed spot lands on this student's page.
        return [directory.region(region, student: student, page: 1)]
    }
}
