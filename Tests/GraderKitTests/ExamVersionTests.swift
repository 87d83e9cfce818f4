import Foundation
import GraderAnalysis
@_spi(Rules) import GraderCore
@testable import GraderKit
import GraderStore
import ScanFactory
import Testing
import TestSupport

/// A generated two-version bubble quiz: version B prints the exam's questions in another order
/// with shuffled choices, and each sheet says its version in a bubble field.
@Suite(.serialized) struct ExamVersionTests {
    static let letters = BubbleBlock.letterChoices
    static let key = ["B", "D", "A", "E", "C", "A", "B", "C"]
    /// Version B's printed row r asks the exam's question `order[r]` (0-based).
    static let order = [2, 0, 1, 5, 3, 4, 7, 6]
    /// Version B's printed choices of row r, as the exam's labels (rotated by r).
    static func choicesB(_ row: Int) -> [String] { (0..<5).map { letters[($0 + row) % 5] } }
    /// Who sat which version; Gus left the version field blank (he sat A).
    static let students: [(name: String, version: String?)] = [
        ("Ann", "A"), ("Bea", "B"), ("Cal", "A"), ("Dov", "B"), ("Eve", "B"), ("Fay", "A"), ("Gus", nil),
    ]

    /// Student `s`'s answer to exam question `q`: mostly right, some wrong in a pattern.
    static func answer(_ s: Int, _ q: Int) -> String { (s + q) % 3 != 0 ? key[q] : letters[(s * q + s + 1) % 5] }

    /// The version B key file.
    static var keyFileB: String {
        "# printed exam choices\n" + order.enumerated().map { row, exam in "\(row + 1) \(exam + 1) \(choicesB(row).joined())" }.joined(separator: "\n") + "\n"
    }

    private func quiz(_ folder: TemporaryFolder, ownPDFForB: Bool = false) throws -> GradingProject {
        try FileManager.default.createDirectory(atPath: folder.file("in"), withIntermediateDirectories: true)
        for (s, student) in Self.students.enumerated() {
            let printedB = student.version == "B"
            var marks: [BubbleMark] = (0..<8).map { row in
                let exam = printedB ? Self.order[row] : row
                let label = Self.answer(s, exam)
                return .filled((printedB ? Self.choicesB(row) : Self.letters).firstIndex(of: label)!)
            }
            marks += Array(repeating: .blank, count: 11)
            marks.append(student.version.map { .filled($0 == "A" ? 0 : 1) } ?? .blank)  // row 20: the version field
            try ScanFactory.writeBubbleSheetBooklet(
                to: URL(fileURLWithPath: folder.file("in/\(student.name).pdf")), studentNumber: s + 1,
                answers: marks.map { BubbleMarkTruth($0) }, idDigits: nil, style: .sample, seed: 9,
                placement: BubbleSheetPlacement(offsetX: 1, offsetY: -1, rotationDegrees: 0.2, scale: 1))
        }
        try Self.rubric(versionField: true).write(toFile: folder.file("rubric.yaml"), atomically: true, encoding: .utf8)
        let project = try GradingProject.create(folder.file("quiz.ezgrader"), scans: [folder.file("in")], rubricPath: folder.file("rubric.yaml"),
                                                grader: try .tester())
        try project.addVersion("A")
        if ownPDFForB {
            try ScanFactory.writeBubbleSheetBooklet(to: URL(fileURLWithPath: folder.file("B.pdf")), studentNumber: 0, answers: [], idDigits: nil,
                                                    style: .sample, seed: 3, placement: .identity)
            try project.addVersion("B", reference: folder.file("B.pdf"))
        } else {
            try project.addVersion("B")
        }
        try project.setVersionKey(version: "B", block: "mc", text: Self.keyFileB, file: "keyB.txt")
        _ = try project.setAnswerKey(block: "mc", answers: Self.key.joined(separator: ","))
        _ = try BubbleRun.run(project)
        return project
    }

    /// The quiz's rubric: the sheet's first 8 rows, 2 points each, and (with `versionField`) its
    /// row 20 as the version field.
    static func rubric(versionField: Bool) -> String {
        let block = BubbleSheetLayout.answerBlock, field = block.centre(row: 19, choice: 0)
        func entry(_ id: String, _ origin: PagePoint, _ last: String) -> String {
            """
              - id: \(id)
                page: 1
                origin: \(origin.x),\(origin.y)
                row_spacing: \(block.rowSpacing)
                column_spacing: \(block.columnSpacing)
                diameter: \(block.bubbleDiameter)
            \(last)
            """
        }
        return "bubbles:\n" + entry("mc", block.origin, "    rows: 8\n    points: 2") + "\n"
            + (versionField ? entry("version", field, "    rows: 1\n    kind: version") + "\n" : "")
    }

    /// Each student's score on exam questions mc-1…mc-8, as text.
    private func scores(_ book: GradeBook, _ name: String) throws -> [String] {
        let id = try book.resolveStudent(name)
        return try (1...8).map { book.score(try book.resolveQuestion("mc-\($0)").question.id, id).description }
    }

    private func expected(_ s: Int) -> [String] { (0..<8).map { Self.answer(s, $0) == Self.key[$0] ? "2" : "0" } }

    @Test func everyScoreLandsOnTheExamQuestionThroughItsVersion() throws {
        let folder = TemporaryFolder()
        let project = try quiz(folder)
        var book = try project.store.gradeBook()
        // A field read is read right, never guessed; a field the reader could not place (a one-row
        // field next to a grid of the same pitch may fit a row off) leaves the copy unknown.
        var unread: [String] = []
        for (s, student) in Self.students.enumerated() {
            let id = try book.resolveStudent(student.name)
            guard let version = book.version(of: id) else {
                unread.append(student.name)
                #expect(try scores(book, student.name) == Array(repeating: "?", count: 8), "\(student.name): unknown, so ungraded")
                continue
            }
            #expect(version == StudentVersion(name: student.version ?? "none", source: .sheet), "\(student.name)")
            #expect(try scores(book, student.name) == expected(s), "\(student.name), version \(version.name)")
        }
        #expect(unread.contains("Gus"), "a blank version field is unknown")
        let readA = Self.students.filter { $0.version == "A" && !unread.contains($0.name) }.count
        let readB = Self.students.filter { $0.version == "B" && !unread.contains($0.name) }.count
        #expect(readA >= 2 && readB >= 2, "most fields are read: \(unread)")
        // Without version B's key, B's sheets would be graded as printed: the key file is what makes them right.
        #expect(expected(1) != (0..<8).map { Self.answer(1, Self.order[$0]) == Self.key[$0] ? "2" : "0" })

        // The unknown are listed, never guessed, their bubbles left for a person.
        let report = try #require(VersionReport(book))
        #expect(report.unknown == unread)
        #expect(report.versions.map { "\($0.name) \($0.students)" } == ["A \(readA)", "B \(readB)"])
        #expect(GradingProgress(book).versions?.summaryLines.last
            == "Version unknown (bubbles left for a person; ezgrader version set gives it): " + unread.joined(separator: ", "))

        // Given by hand, he is graded as version A.
        try project.setVersions([("Gus", "A")])
        book = try project.store.gradeBook()
        #expect(try scores(book, "Gus") == expected(6))
        #expect(book.version(of: try book.resolveStudent("Gus")) == StudentVersion(name: "A", source: .hand))

        // Exports name each student's version; responses are per exam question.
        let students = try ScoreTables.csv(project, layout: .students, assignment: "")
        #expect(students.hasPrefix("Student,ID,Email,Version,mc-1,mc-2,"))
        #expect(students.contains("\r\nBea,,,B,\(expected(1).joined(separator: ","))"))
        let responses = try ScoreTables.csv(project, layout: .responses, assignment: "")
        let beaFirst = Self.answer(1, 0)
        #expect(responses.contains("\r\nBea,,B,mc,mc-1,\(beaFirst),B,\(beaFirst == "B" ? "2" : "0"),"), "\(responses.prefix(400))")
    }

    @Test func statisticsArePerExamQuestionWithEachVersionsOwn() throws {
        let folder = TemporaryFolder()
        let project = try quiz(folder)
        // A field the reader could not place is given by hand; Gus stays unknown.
        let book = try project.store.gradeBook()
        let unread = Self.students.filter { student in student.version != nil && book.student(named: student.name).map { book.version(of: $0) == nil } == true }
        if !unread.isEmpty { try project.setVersions(unread.map { ($0.name, $0.version) }) }
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(try project.statistics())) as! [String: Any]
        // The machine-graded students (a sheet whose answer block could not be placed stays "?"), from the truth.
        let graded = try project.store.gradeBook()
        let first = try graded.resolveQuestion("mc-1").question.id
        let known = Self.students.enumerated().filter { s in
            s.element.version != nil && graded.student(named: s.element.name).map { graded.score(first, $0) != .ungraded } == true
        }
        #expect(known.count >= 5)
        func points(_ s: Int, _ q: Int) -> Double { Self.answer(s, q) == Self.key[q] ? 2 : 0 }
        func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }

        let questions = json["questions"] as! [[String: Any]]
        for q in 0..<8 {
            let item = questions.first { $0["name"] as? String == "mc-\(q + 1)" }!
            let values = known.map { points($0.offset, q) }
            #expect(item["graded"] as? Int == known.count && item["ungraded"] as? Int == 7 - known.count)
            #expect(abs((item["mean"] as! Double) - mean(values)) < 0.0005, "mc-\(q + 1)")
            #expect(abs((item["facility"] as! Double) - mean(values) / 2) < 0.0005, "mc-\(q + 1)")
        }
        #expect(json["versionUnknown"] as? Int == 1)
        let versions = json["versions"] as! [[String: Any]]
        #expect(versions.map { $0["name"] as! String } == ["A", "B"])
        for version in versions {
            let members = known.filter { $0.element.version == version["name"] as? String }.map(\.offset)
            #expect(version["students"] as? Int == Self.students.filter { s in s.version == version["name"] as? String && graded.student(named: s.name).flatMap(graded.version(of:)) != nil }.count)
            let totals = members.map { s in (0..<8).reduce(0.0) { $0 + points(s, $1) } }
            #expect(abs((version["mean"] as! Double) - mean(totals)) < 0.0005)
            for (q, item) in (version["questions"] as! [[String: Any]]).enumerated() {
                let values = members.map { points($0, q) }
                #expect(item["name"] as? String == "mc-\(q + 1)")
                #expect(abs((item["mean"] as! Double) - mean(values)) < 0.0005, "\(version["name"]!) mc-\(q + 1)")
                #expect(abs((item["facility"] as! Double) - mean(values) / 2) < 0.0005)
            }
        }
        // Copied answers are screened within a version only: 3 pairs among A's, 3 among B's.
        let sizes = ["A", "B"].map { name in Self.students.filter { s in s.version == name && graded.student(named: s.name).flatMap(graded.version(of:)) != nil }.count }
        #expect((json["screening"] as! [String: Any])["pairsCompared"] as? Int == sizes.map { $0 * ($0 - 1) / 2 }.reduce(0, +))
        let text = try project.statistics().textLines(title: "Quiz")
        #expect(text.contains { $0.hasPrefix("By version (students, mean total; 1 of unknown version in none): A ") })
    }

    @Test func pagesOfAVersionReadFromTheSheetAreAlignedToThatVersionsPDF() throws {
        let folder = TemporaryFolder()
        let project = try quiz(folder, ownPDFForB: true)
        let book = try project.store.gradeBook()
        let onB = book.students.indices.map(StudentID.init).filter { book.version(of: $0)?.name == "B" }
        #expect(onB.count >= 2, "B's fields are read")
        // The read aligned B's students to B's PDF, as one step after the read; a second read aligns nobody again.
        #expect(try project.history(limit: 2).map(\.description) == [
            "align \(onB.count) students to the versions their sheets name", "read bubbles of 7 students",
        ])
        #expect(try BubbleRun.run(project).alignedToVersions == 0)
        for id in onB {
            #expect(try scores(book, book.students[id.index].student.name) == expected(id.index), "\(book.students[id.index].student.name)")
        }
    }

    @Test func aKeyFileThatLeavesOutAQuestionIsRefusedByLine() throws {
        let folder = TemporaryFolder()
        let project = try quiz(folder)
        let before = try project.store.gradeBook()
        let text = Self.keyFileB.split(separator: "\n").dropLast().joined(separator: "\n")
        #expect(throws: GradingError.badKeyFile(file: "keyB.txt", line: nil,
                                                detail: "printed question 8 missing (block mc has questions 1–8); every printed question needs a line")) {
            try project.setVersionKey(version: "B", block: "mc", text: text, file: "keyB.txt")
        }
        #expect(throws: GradingError.badKeyFile(file: "keyB.txt", line: 2, detail: "exam question 3 is asked twice (first by printed question 1)")) {
            try project.setVersionKey(version: "B", block: "mc", text: "1 3\n2 3\n", file: "keyB.txt")
        }
        #expect(throws: GradingError.badKeyFile(file: "keyB.txt", line: 1, detail: "'CABD' must name each of the 5 choices ABCDE once, in the order the version prints them")) {
            try project.setVersionKey(version: "B", block: "mc", text: "1 3 CABD\n", file: "keyB.txt")
        }
        #expect(throws: GradingError.unknownVersion("C", known: ["A", "B"])) {
            try project.setVersionKey(version: "C", block: "mc", text: Self.keyFileB, file: "keyB.txt")
        }
        #expect(try project.store.gradeBook() == before, "a refused key changes nothing")
    }

    @Test func versionsComeFromTheRosterColumn() throws {
        let folder = TemporaryFolder()
        let project = try TestProject.project(in: folder, names: ["Ann", "Bob", "Cy"])
        try project.addVersion("A")
        try project.addVersion("B")
        try "name,id,version\nAnn,,B\nBob,,a\nCy,,\n".write(toFile: folder.file("roster.csv"), atomically: true, encoding: .utf8)
        #expect(try project.setVersions(fromRoster: folder.file("roster.csv")) == 2)
        let book = try project.store.gradeBook()
        #expect(book.version(of: StudentID(0)) == StudentVersion(name: "B", source: .roster))
        #expect(book.version(of: StudentID(1)) == StudentVersion(name: "A", source: .roster))
        #expect(VersionReport(book)?.unknown == ["Cy"])

        try "name,version\nCy,C\nDee,A\n".write(toFile: folder.file("bad.csv"), atomically: true, encoding: .utf8)
        #expect(throws: RosterRefusal(path: folder.file("bad.csv"), problems: [
            "line 2: no version 'C' (the versions are A, B)", "line 3: no student 'Dee' in this project (ezgrader status lists them)",
        ])) { try project.setVersions(fromRoster: folder.file("bad.csv")) }
        #expect(throws: GradingError.duplicateVersion("B")) { try project.addVersion("B") }
        #expect(throws: GradingError.badVersionName("B 2")) { try project.addVersion("B 2") }
    }

    @Test func aQuestionIsPlacedOncePerVersionOnThatVersionsPage() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("in"), withIntermediateDirectories: true)
        for name in ["Ann", "Bob"] {
            try ScanFactory.writeVectorPDF(to: URL(fileURLWithPath: folder.file("in/\(name).pdf")), label: "exam", pageSizes: [(612, 792), (612, 792)])
        }
        try ScanFactory.writeVectorPDF(to: URL(fileURLWithPath: folder.file("B.pdf")), label: "exam", pageSizes: [(612, 792), (612, 792)])
        try ScanFactory.writeVectorPDF(to: URL(fileURLWithPath: folder.file("short.pdf")), label: "one page", pageSizes: [(612, 792)])
        let project = try GradingProject.create(folder.file("exam.ezgrader"), scans: [folder.file("in")], grader: try .tester())
        _ = try project.addQuestion(QuestionSpec(page: 1, position: PagePosition("100,100")!, maxPoints: Points(quarters: 20), label: "Q1"))
        #expect(throws: ProjectError.versionPageCount(version: "B", path: folder.file("short.pdf"), found: 1, expected: 2)) {
            try project.addVersion("B", reference: folder.file("short.pdf"))
        }
        #expect(try project.store.gradeBook().versions.versions.isEmpty, "a refused version leaves nothing behind")
        try project.addVersion("A")
        let b = try project.addVersion("B", reference: folder.file("B.pdf"))
        #expect(b.referenceScan == "versions/B.pdf" && FileManager.default.fileExists(atPath: folder.file("exam.ezgrader/versions/B.pdf")))
        try project.placeQuestion("Q1", version: "B", page: 2, position: PagePosition("300,500")!)
        try project.setVersions([("Ann", "A"), ("Bob", "B")])

        let book = try project.store.gradeBook()
        let q1 = try book.resolveQuestion("Q1").question
        let ann = try project.placement(of: q1.id, for: book.students[0].key), bob = try project.placement(of: q1.id, for: book.students[1].key)
        #expect(ann.page == 1 && abs(ann.box.origin.x - 100) < 3 && abs(ann.box.origin.y - 100) < 3)
        // Bob's box sits where version B's page 2 puts it, carried through his page's alignment to B's PDF.
        let letter = PageSize(width: 612, height: 792)
        let expected = try #require(bob.alignment).place(PagePoint(x: 300, y: 500), reference: letter, on: letter)
        #expect(bob.page == 2 && abs(bob.box.origin.x - expected.x) < 0.01 && abs(bob.box.origin.y - expected.y) < 0.01, "\(bob)")
        #expect(abs(bob.box.origin.x - 300) < 20 && abs(bob.box.origin.y - 500) < 20)
        func boxes(_ student: Int, _ page: Int) -> Int {
            GradeLayer.marks(book, student: StudentID(student), page: page).marks.filter { if case .gradeBox = $0 { true } else { false } }.count
        }
        let counts: [Int] = [boxes(0, 1), boxes(0, 2), boxes(1, 1), boxes(1, 2)]
        #expect(counts == [1, 0, 0, 1])
        #expect(book.inVersionOrder == [StudentID(0), StudentID(1)])

        // The browser's card and the grading walk show each student's page and band for Q1.
        for (student, placement) in [(0, ann), (1, bob)] {
            let card = try project.answerCard(question: q1.id, from: book.students[student].key, move: .here)
            #expect(card.page == placement.page, "student \(student)")
            // Ann's card fetches ahead Bob's page 2, where his version puts Q1, not her page 1.
            #expect(card.upcoming.map { [$0.student, Int64($0.page)] } == (student == 0 ? [[book.students[1].key.rawValue, 2]] : []))
            // Just above the box (a skewed page's band is a little taller: the box bounding the turned band).
            #expect(card.region.y < placement.box.origin.y && card.region.y > placement.box.origin.y - AnswerRegion.margin - 10, "\(card.region)")
        }
        var session = try GradingSession(project)
        var pages: [String: Int] = [:]
        while let stop = try session.current() {
            pages[stop.studentName] = stop.page
            session.skip()
        }
        #expect(pages == ["Ann": 1, "Bob": 2])
    }
}
