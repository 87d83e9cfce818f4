@_spi(Rules) import GraderCore

extension GradingProject {
    /// The project's anonymous-grading setting.
    public func anonymity() throws -> Anonymity { try views.ifBuilt(store)?.anonymity ?? store.anonymity() }

    /// Turns anonymous grading on or off; `nameRegions` (points on the reference pages) are
    /// covered in every grading view's page images. A region not wholly on its page is refused.
    public func setAnonymous(_ isOn: Bool, nameRegions: [NameRegion] = []) throws {
        try permit(.setAnonymity)
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

    /// `rect` as dragged on `page` of `student`, carried to the reference page (where name regions
    /// are kept) through that page's alignment, so it covers the same printed spot on every copy.
    public func nameRegion(_ rect: PageRect, page: Int, measuredOn student: StudentKey) throws -> NameRegion {
        let directory = try directory()
        let id = try directory.resolveStudent(key: student)
        _ = try GradingRules.page(page, pages: directory.pagesPerStudent)
        let size = directory.pageSize(id, page: page), reference = directory.referencePageSize(page: page)
        let inverse = directory.students[id.index].alignment(page: page)?.transform?.inverse
        let corners = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)].map { fx, fy in
            let point = PagePoint(x: rect.origin.x + fx * rect.width, y: rect.origin.y + fy * rect.height)
            return inverse?.apply(point) ?? PagePoint(x: point.x * reference.width / size.width, y: point.y * reference.height / size.height)
        }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let (minX, minY) = (xs.min() ?? 0, ys.min() ?? 0)
        return NameRegion(page: page, rect: PageRect(origin: PagePoint(x: minX, y: minY), width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY))
    }

    /// A short stamp that changes whenever what the page images cover changes (anonymous grading
    /// turned on or off, its name regions moved): carried in an image's URL, it keeps a browser
    /// from showing a cached image with a name on it.
    public func imageStamp() throws -> String { Self.imageStamp(try anonymity()) }

    /// The image stamp of `setting`.
    static func imageStamp(_ setting: Anonymity) -> String {
        guard setting.isOn else { return "open" }
        // FNV-1a of the regions as stored: the same regions give the same stamp in every process.
        let hash = NameRegion.text(setting.nameRegions).utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        return "anon-" + String(hash, radix: 36)
    }

    /// The name each grading view shows for each student: the real name, or while anonymous
    /// grading is on, the student's pseudonym.
    public func displayNames(_ book: GradeBook) throws -> [StudentKey: String] { Self.displayNames(book, try anonymity()) }

    /// The names shown for `book`'s students under `setting`.
    static func displayNames(_ book: GradeBook, _ setting: Anonymity) -> [StudentKey: String] {
        guard setting.isOn else { return Dictionary(uniqueKeysWithValues: book.students.map { ($0.key, $0.student.name) }) }
        return setting.pseudonyms(for: book.students.map(\.key))
    }

    /// The name a confirmation shows for `student`: the student matched, by pseudonym while
    /// anonymous grading is on.
    public func shownName(of student: StudentKey) throws -> String {
        let model = try views.snapshot(store), book = model.book
        return try model.names[student] ?? book.directory.students[try book.directory.resolveStudent(key: student).index].student.name
    }

    /// The rectangles a grading view covers on `page` of `student` (the name regions of that page
    /// while anonymous grading is on), in points on that student's page.
    func coveredRegions(_ directory: ProjectDirectory, student: StudentID, page: Int) throws -> [PageRect] {
        Self.coveredRegions(try anonymity(), directory, student: student, page: page)
    }

    /// The rectangles covered on `page` of `student` under `setting`.
    static func coveredRegions(_ setting: Anonymity, _ directory: ProjectDirectory, student: StudentID, page: Int) -> [PageRect] {
        guard setting.isOn else { return [] }
        // Typed on the reference page: covered where that printed spot lands on this student's page.
        return setting.nameRegions.filter { $0.page == page }.map { directory.region($0.rect, student: student, page: page) }
    }
}
