import GraderCore
import GraderPDF
import GraderStore
import Testing
import TestSupport

/// The cover of a returned booklet, laid out with the marks' real font.
@Suite struct CoverPageTests {
    private let longName = "Maximilian Alexander Konstantin von Hohenzollern-Sigmaringen-Wittelsbach, Friederike"

    /// A store with one student named `name` and `count` questions of 2 points, the first graded 1.5.
    private func book(_ folder: TemporaryFolder, name: String, questions count: Int) throws -> GradeBook {
        let store = try TestProject.project(in: folder, names: [name])
        for index in 0..<count {
            _ = try store.addQuestion(page: 1 + index % 2, at: "400,\(60 + index / 2 * 24)", maxPoints: "2", label: "Q\(index + 1)")
        }
        try store.setScore(student: name, question: "Q1", value: "1.5")
        return try store.gradeBook()
    }

    /// The notes' texts and where they are, page by page.
    private func notes(_ pages: [PageMarks]) -> [[(text: String, top: Double, bottom: Double)]] {
        pages.map { page in
            page.marks.compactMap { mark in
                guard case .note(let text, let at, let size, _, let width) = mark else { return nil }
                return (text, at.y, at.y + GradeLayerWriter.textHeight(text, fontSize: size, maxWidth: width))
            }
        }
    }

    @Test func everyQuestionIsListedOnAsManyPagesAsItTakes() throws {
        let folder = TemporaryFolder()
        let book = try book(folder, name: "Anna", questions: 30)
        let pages = CoverPage.pages(book, student: StudentID(0), heading: CoverPage.Heading(course: "MATH 101", title: "Midterm 1"),
                                    textHeight: GradeLayerWriter.textHeight)
        #expect(pages.count == 2)
        let texts = notes(pages).map { $0.map(\.text) }
        #expect(texts[0].prefix(2) == ["MATH 101 — Midterm 1", "Anna"])
        #expect(texts[1].first == "Anna (continued)")
        let listed = texts.joined().filter { $0.hasPrefix("Q") }
        let readingOrder = Array(stride(from: 1, through: 29, by: 2)) + Array(stride(from: 2, through: 30, by: 2))
        #expect(listed == readingOrder.map { "Q\($0) (page \(2 - $0 % 2))" }, "every question once, in reading order")
        #expect(texts[1].last == "Total 1.5 / 60 · 2.5% · 29 ungraded")
        let boxes = pages.map { $0.marks.filter { if case .gradeBox = $0 { true } else { false } }.count }
        #expect(boxes.reduce(0, +) == 30)
        for page in notes(pages) { #expect(page.allSatisfy { $0.bottom <= 792 - 60 }, "nothing runs off the foot") }
    }

    @Test func aLongNameWrapsAboveTheTable() throws {
        let folder = TemporaryFolder()
        let book = try book(folder, name: longName, questions: 1)
        let page = try #require(CoverPage.pages(book, student: StudentID(0), textHeight: GradeLayerWriter.textHeight).first)
        let name = try #require(notes([page])[0].first { $0.text == longName })
        #expect(name.bottom - name.top > 40, "the name takes two lines at 20 pt")
        let firstRow = try #require(page.marks.compactMap { mark -> Double? in
            if case .gradeBox(let frame, _, _) = mark { frame.origin.y } else { nil }
        }.first)
        #expect(firstRow > name.bottom + 10, "the table starts below the wrapped name")
    }
}
