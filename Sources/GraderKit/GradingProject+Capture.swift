import Foundation
import GraderAlignment
import GraderBubbles
@_spi(Rules) import GraderCore
import GraderPDF

/// Grading a bubble sheet from a phone photo: the photo becomes a one-page scan (its JPEG kept
/// byte for byte, the original file kept in `photos/`), read against the project's template and
/// key as `omr` reads every scan, and added as the student's sheet.
extension GradingProject {
    /// True when photos of sheets can be graded here: a one-page exam with bubble blocks.
    public func acceptsCapturedSheets() throws -> Bool {
        try captureRefusal(store.gradeBook()) == nil
    }

    /// Why photos of sheets cannot be graded in a project with `book`, nil when they can.
    private func captureRefusal(_ book: GradeBook) -> CaptureError? {
        let projectName = (folder as NSString).lastPathComponent
        if book.bubbleBlocks.isEmpty { return .noBubbleBlocks(project: projectName) }
        if book.pagesPerStudent != 1 { return .notOneSheet(project: projectName, pages: book.pagesPerStudent) }
        return nil
    }

    /// Reads the photo `photo` (JPEG or PNG bytes) of a one-page bubble sheet and answers with the
    /// student, the score and every question's mark and place on the photo. The student is the one
    /// named in `student` (a project student's name or roster id, else a new student of that name),
    /// else the one whose roster id the student-ID grid, or the handwritten number in the rubric's
    /// ID boxes, names surely; without any nothing is kept (`needsStudent`, with the likeliest
    /// students and every other to choose from). A student who already has a sheet keeps it unless
    /// `replace` (`alreadyHasSheet`). Kept sheets are one undoable change, recorded as this grader's.
    public func captureSheet(photo: Data, student named: String? = nil, replace: Bool = false) throws -> CapturedSheet {
        try permit(.captureSheet)
        let book = try store.gradeBook()
        if let refusal = captureRefusal(book) { throw refusal }

        let work = try CaptureWorkFolder.make(in: folder)
        defer { try? FileManager.default.removeItem(atPath: work) }
        let isPNG = photo.starts(with: [0x89, 0x50, 0x4E, 0x47])
        let photoPath = work + "/photo." + (isPNG ? "png" : "jpg"), pagePath = work + "/sheet.pdf"
        guard FileManager.default.createFile(atPath: photoPath, contents: photo) else {
            throw ProjectError.importFailed(path: "the photo", detail: "it cannot be written into \((folder as NSString).lastPathComponent)")
        }
        let image = try PhotoImage(path: photoPath, minimumSide: 600)
        let framing = PhotoFraming(image, sheet: book.referencePageSize(page: 1))
        try image.writePage(size: framing.pageSize, to: pagePath)
        let alignment = try alignToReference([pagePath], throughPerspective: true)[0]
        let readings = try BubbleReaderCache.reader(for: book.bubbleBlocks, folder: folder)
            .read(book.bubbleBlocks, on: PDFDocument(path: pagePath).page(at: 0), alignment: alignment.first)
        let named = named.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        // A student named by hand needs no handwriting read.
        let identity = try identifyCapturedSheet(readings, page: pagePath, alignment: alignment.first, book: book, byHandwriting: named == nil)

        var target: (existing: GradeBook.Entry?, student: Student)?
        if let named {
            if let id = book.directory.student(named: named) {
                target = (book.students[id.index], book.students[id.index].student)
            } else {
                let fullID = identity.gridDigits.flatMap { digits in digits.contains(nil) ? nil : digits.compactMap { $0 }.joined() }
                let idFree = fullID.map { id in !book.students.contains { $0.student.rosterID == id } } ?? false
                target = (nil, Student(name: named.trimmingCharacters(in: .whitespaces), rosterID: idFree ? fullID : nil))
            }
        } else if let index = identity.student {
            target = (book.students[index], book.students[index].student)
        }

        let answer = { (outcome: CapturedSheet.Outcome, student: String?) in
            Self.answer(readings, book: book, framing: framing, outcome: outcome, student: student, identity: identity)
        }
        guard let target else { return answer(.needsStudent, nil) }
        if target.existing != nil, !replace { return answer(.alreadyHasSheet, target.student.name) }
        try keep(photoPath, page: pagePath, in: work, size: framing.pageSize, alignment: alignment, readings: readings,
                 for: target.student, replacing: target.existing, book: book)
        return answer(target.existing == nil ? .added : .replaced, target.student.name)
    }

    /// Stores the photo and its page in the project and records the student (new, or their sheet
    /// replaced) with the readings, in one change. Both files are made whole in the work folder and
    /// moved into place by one rename each; they are removed again if the change fails.
    private func keep(_ photoPath: String, page pagePath: String, in work: String, size: PageSize, alignment: [PageAlignment],
                      readings: [BlockReading], for student: Student, replacing existing: GradeBook.Entry?, book: GradeBook) throws {
        if existing == nil {
            guard !student.name.isEmpty else { throw ProjectError.blankStudentName }
            if let id = student.rosterID, let owner = book.students.first(where: { $0.student.rosterID == id }) {
                throw ProjectError.rosterIDTaken(id: id, student: owner.student.name)
            }
        }
        let base = SafeFileName.make(student.name) + " photo"
        let scanFile = freeName("scans", base, "pdf"), photoFile = freeName("photos", base, (photoPath as NSString).pathExtension)
        try FileManager.default.createDirectory(atPath: folder + "/photos", withIntermediateDirectories: true)
        let digest = try ScanImport.importScan(pagePath, to: work + "/scan.pdf", password: nil)
        try CaptureWorkFolder.move(work + "/scan.pdf", to: folder + "/" + scanFile)
        do {
            try CaptureWorkFolder.move(photoPath, to: folder + "/" + photoFile)
            let verb = existing == nil ? "add \(student.name)'s sheet from a photo" : "replace \(student.name)'s sheet with a photo"
            try store.change(verb) { writer in
                let key: StudentKey
                if let existing {
                    key = existing.key
                    try writer.replaceScan(of: key, scanFile: scanFile, sha256: digest, pageSizes: [size], alignments: alignment)
                } else {
                    key = try writer.insertStudent(student, scanFile: scanFile, sha256: digest, pageSizes: [size], alignments: alignment)
                }
                for reading in readings {
                    for row in reading.rows { try writer.setBubbleReading(row, block: reading.block.id, student: key) }
                    let residual = reading.registration.flatMap { $0.rmsResidual.isNaN ? nil : $0.rmsResidual }
                    try writer.setBubblePlacement(BubblePlacement(residual: residual, problem: reading.problem, centres: reading.registration?.centres ?? []),
                                                  block: reading.block.id, student: key)
                }
                try BubbleChanges.regrade(writer)
            }
        } catch {
            unlink(folder + "/" + scanFile)
            unlink(folder + "/" + photoFile)
            throw error
        }
    }

    /// "sub/base.ext", or "sub/base 2.ext" … when that is taken (in any letter case).
    private func freeName(_ sub: String, _ base: String, _ ext: String) -> String {
        let taken = Set(((try? FileManager.default.contentsOfDirectory(atPath: folder + "/" + sub)) ?? []).map { $0.lowercased() })
        var name = "\(base).\(ext)", copy = 1
        while taken.contains(name.lowercased()) {
            copy += 1
            name = "\(base) \(copy).\(ext)"
        }
        return sub + "/" + name
    }

    /// The answer for `readings`: every question row's mark, scored against the key as `omr` scores it.
    private static func answer(_ readings: [BlockReading], book: GradeBook, framing: PhotoFraming, outcome: CapturedSheet.Outcome,
                               student: String?, identity: CaptureIdentity) -> CapturedSheet {
        let byBlock = Dictionary(readings.map { ($0.block.id, $0) }, uniquingKeysWith: { first, _ in first })
        var earned = Points(quarters: 0), maximum = Points(quarters: 0)
        let questions = book.questions.compactMap { numbered -> CapturedSheet.Question? in
            guard let ref = book.bubbleRows[numbered.question.id], let reading = byBlock[ref.block] else { return nil }
            let block = reading.block
            maximum = maximum + numbered.question.maxPoints
            let rows = block.kind == .numeric ? reading.rows : reading.rows.filter { $0.row == ref.row }
            let doubtful = reading.problem != nil || rows.contains { BubbleScoring.needsReview($0.reading) }
            let score = doubtful ? nil : BubbleChanges.machineScore(reading.rows, row: ref, block: block, key: book.answerKey[ref.block]?[ref.row])
            let points: Points? = if case .points(let p) = score { p } else { nil }
            if let points { earned = earned + points }
            let mark: CapturedSheet.Mark = doubtful ? .flagged : points == nil ? .noKey : points == numbered.question.maxPoints ? .right : .wrong
            let read = reading.problem ?? rows.map { BubbleScoring.describe($0.reading) }.joined(separator: " ")
            let place = centre(of: rows.map(\.row), in: reading, on: framing.pageSize)
            return CapturedSheet.Question(label: numbered.name, mark: mark, points: points?.description, maxPoints: numbered.question.maxPoints.description,
                                          read: read, x: place?.x, y: place?.y)
        }
        let unnamed = outcome == .needsStudent
        return CapturedSheet(outcome: outcome, student: student, likely: unnamed ? identity.likely : [], candidates: unnamed ? identity.chooser : [],
                             idRead: identity.gridDigits.map { $0.map { $0 ?? "?" }.joined() }, handwrittenRead: identity.handwrittenRead,
                             score: earned.description,
                             maxPoints: maximum.description, questions: questions,
                             problems: readings.compactMap { reading in reading.problem.map { "\(reading.block.id): \($0)" } },
                             outline: framing.outline)
    }

    /// The middle of `rows`' bubbles as placed on the photo's page, as shares of the page.
    private static func centre(of rows: [Int], in reading: BlockReading, on page: PageSize) -> (x: Double, y: Double)? {
        guard let centres = reading.registration?.centres, centres.count == reading.block.rows * reading.block.choices.count else { return nil }
        let choices = reading.block.choices.count
        let points = rows.flatMap { row in centres[(row * choices)..<((row + 1) * choices)] }
        guard !points.isEmpty else { return nil }
        return (points.map(\.x).reduce(0, +) / Double(points.count) / page.width, points.map(\.y).reduce(0, +) / Double(points.count) / page.height)
    }
}
