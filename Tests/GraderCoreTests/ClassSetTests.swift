import Foundation
import Testing
@testable import GraderCore

@Suite struct ClassSetTests {
    private func booklet(_ name: String, _ pages: Int, file: String? = nil) -> Submission {
        Submission(student: Student(name: name), fileName: file ?? "\(name).pdf", pageCount: pages)
    }

    private func message(_ submissions: [Submission]) -> String? {
        do {
            _ = try ClassSet.validate(submissions)
            return nil
        } catch {
            return error.localizedDescription
        }
    }

    @Test func acceptsBookletsWithOnePageCount() throws {
        let set = try ClassSet.validate([booklet("Anna", 4), booklet("O'Brien, Pat", 4)])
        #expect(set.pagesPerStudent == 4)
        #expect(set.students.map(\.name) == ["Anna", "O'Brien, Pat"])
    }

    @Test func listsEveryOddFileAgainstTheMajority() {
        let text = message([booklet("A", 4), booklet("B", 3), booklet("C", 4), booklet("D", 5), booklet("E", 4)])
        #expect(text == "Page counts differ: 3 of 5 files have 4 pages, but 'B.pdf' has 3 pages; 'D.pdf' has 5 pages. "
            + "Every booklet must have the same pages: rescan those files or leave them out.")
    }

    @Test func theFirstFileIsNotTheReference() {
        let text = message([booklet("A", 3), booklet("B", 4), booklet("C", 4)])
        #expect(text == "Page counts differ: 2 of 3 files have 4 pages, but 'A.pdf' has 3 pages. "
            + "Every booklet must have the same pages: rescan that file or leave it out.")
    }

    @Test func aTieListsEveryGroup() {
        let text = message([booklet("A", 4), booklet("B", 3), booklet("C", 3), booklet("D", 4)])
        #expect(text == "Page counts differ and no count is in the majority — 3 pages: 'B.pdf', 'C.pdf'; "
            + "4 pages: 'A.pdf', 'D.pdf'. Every booklet must have the same pages: rescan the odd ones or leave them out.")
    }

    @Test func caseAndNormalisationTwinsAreOneStudent() {
        let decomposed = "Zoe\u{0308}"  // "Zoë" with a combining diaeresis, as some file systems store it
        #expect(message([booklet("Zoë", 2), booklet(decomposed, 2, file: "nfd.pdf")])
            == "Two files belong to the same student 'Zoë': 'Zoë.pdf' and 'nfd.pdf'. "
            + "Rename one of them, or map them to different students in a roster.")
        #expect(message([booklet("anna smith", 2), booklet("Anna Smith", 2)]) != nil)
        #expect(message([booklet("Anna", 2), booklet("Anne", 2)]) == nil)
    }

    @Test func emptyBookletAndNoBookletsAreRefused() {
        #expect(message([booklet("A", 2), booklet("B", 0)]) == "'B.pdf' has no pages: rescan that booklet or leave the file out.")
        #expect(message([]) == "No scans were given: name the students' PDF files (or a folder holding them).")
    }

    /// Property: validation accepts exactly the sets with one page count and distinct names.
    @Test func acceptsExactlyUniformSets() {
        var random = SeededGenerator(seed: 11)
        for _ in 0..<300 {
            let count = random.below(8) + 1
            let submissions = (0..<count).map { index in booklet("S\(index)", random.below(3) + 1) }
            let uniform = Set(submissions.map(\.pageCount)).count == 1
            #expect((message(submissions) == nil) == uniform)
        }
    }
}
