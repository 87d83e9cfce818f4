import Testing
@testable import GraderCore

@Suite struct CombinedLayoutTests {
    private let students = [Student(name: "Anna"), Student(name: "Ben"), Student(name: "李明")]

    @Test func perPageLabelsAndOutline() {
        let layout = CombinedLayout(students: students, sequence: GradingSequence(studentCount: 3, pagesPerStudent: 2, order: .perPage))
        #expect(layout.pageLabels == ["Anna — p. 1", "Ben — p. 1", "李明 — p. 1", "Anna — p. 2", "Ben — p. 2", "李明 — p. 2"])
        #expect(layout.outline.map(\.title) == ["Page 1", "Page 2"])
        #expect(layout.outline.map(\.pageIndex) == [0, 3])
        #expect(layout.outline[1].children.map(\.title) == ["Anna", "Ben", "李明"])
        #expect(layout.outline[1].children.map(\.pageIndex) == [3, 4, 5])
    }

    @Test func perStudentOutlineIsOneEntryPerStudent() {
        let layout = CombinedLayout(students: students, sequence: GradingSequence(studentCount: 3, pagesPerStudent: 2, order: .perStudent))
        #expect(layout.pageLabels == ["Anna — p. 1", "Anna — p. 2", "Ben — p. 1", "Ben — p. 2", "李明 — p. 1", "李明 — p. 2"])
        #expect(layout.outline.map(\.title) == ["Anna", "Ben", "李明"])
        #expect(layout.outline.map(\.pageIndex) == [0, 2, 4])
        #expect(layout.outline[2].children.map(\.title) == ["p. 1", "p. 2"])
    }

    @Test func shuffledOutlineFollowsTheShuffledStudents() {
        let sequence = GradingSequence(studentCount: 3, pagesPerStudent: 1, order: .shuffled(seed: 5))
        let layout = CombinedLayout(students: students, sequence: sequence)
        let names = sequence.studentOrder.map { students[$0.index].name }
        #expect(layout.outline[0].children.map(\.title) == names)
        #expect(layout.pageLabels == names.map { "\($0) — p. 1" })
    }
}
