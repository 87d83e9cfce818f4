import Testing
@testable import GraderCore

@Suite struct GradingSequenceTests {
    private func refs(_ sequence: GradingSequence) -> [String] {
        sequence.pageRefs.map { "s\($0.student.index)p\($0.page)" }
    }

    @Test func perPageVisitsPageOneOfEveryStudentFirst() {
        let sequence = GradingSequence(studentCount: 3, pagesPerStudent: 2, order: .perPage)
        #expect(refs(sequence) == ["s0p1", "s1p1", "s2p1", "s0p2", "s1p2", "s2p2"])
    }

    @Test func perStudentVisitsEachBookletWhole() {
        let sequence = GradingSequence(studentCount: 3, pagesPerStudent: 2, order: .perStudent)
        #expect(refs(sequence) == ["s0p1", "s0p2", "s1p1", "s1p2", "s2p1", "s2p2"])
    }

    @Test func shuffledIsFixedBySeed() {
        let sequence = GradingSequence(studentCount: 5, pagesPerStudent: 2, order: .shuffled(seed: 42))
        // Pinned: a seed must give the same order in every version, or a grader's order changes under them.
        #expect(sequence.studentOrder.map(\.index) == [1, 2, 0, 4, 3])
        #expect(refs(sequence).prefix(5) == ["s1p1", "s2p1", "s0p1", "s4p1", "s3p1"])
        #expect(GradingSequence(studentCount: 5, pagesPerStudent: 2, order: .shuffled(seed: 42)) == sequence)
    }

    /// Random class sizes and orders, drawn from a fixed seed so a failure reproduces.
    private static let cases: [(students: Int, pages: Int, order: GradingOrder)] = {
        var random = SeededGenerator(seed: 2026)
        return (0..<200).map { _ in
            let orders: [GradingOrder] = [.perPage, .perStudent, .shuffled(seed: random.next())]
            return (random.below(60) + 1, random.below(12) + 1, orders[random.below(3)])
        }
    }()

    @Test func indexAndPageRefAreInverse() {
        for (students, pages, order) in Self.cases {
            let sequence = GradingSequence(studentCount: students, pagesPerStudent: pages, order: order)
            let all = sequence.pageRefs
            #expect(Set(all).count == students * pages, "every page exactly once: \(students)×\(pages) \(order)")
            for (index, ref) in all.enumerated() where sequence.index(of: ref) != index {
                Issue.record("\(order) \(students)×\(pages): \(ref) at \(index) maps back to \(sequence.index(of: ref))")
            }
        }
    }

    @Test func pageGroupedOrdersKeepPagesTogether() {
        for (students, pages, order) in Self.cases where order.groupsByPage {
            let sequence = GradingSequence(studentCount: students, pagesPerStudent: pages, order: order)
            let pageNumbers = sequence.pageRefs.map(\.page)
            #expect(pageNumbers == pageNumbers.sorted(), "\(order): page numbers never go back")
            // Within each page group the students come in one fixed order.
            let groups = stride(from: 0, to: sequence.count, by: students).map { start in
                sequence.pageRefs[start..<start + students].map(\.student)
            }
            #expect(Set(groups.map { $0.map(\.index) }).count == 1)
        }
    }

    @Test func changingOrderKeepsTheGradersPage() {
        var random = SeededGenerator(seed: 7)
        for (students, pages, order) in Self.cases {
            let sequence = GradingSequence(studentCount: students, pagesPerStudent: pages, order: order)
            let position = random.below(sequence.count)
            for newOrder in [GradingOrder.perPage, .perStudent, .shuffled(seed: random.next())] {
                let (moved, newPosition) = sequence.reordered(to: newOrder, keepingPosition: position)
                #expect(moved.order == newOrder)
                #expect(moved.pageRef(at: newPosition) == sequence.pageRef(at: position))
            }
        }
    }

    @Test func orderNamesRoundTrip() {
        #expect(GradingOrder(name: "per-page", seed: nil) == .perPage)
        #expect(GradingOrder(name: "per-student", seed: nil) == .perStudent)
        #expect(GradingOrder(name: "shuffled", seed: 9) == .shuffled(seed: 9))
        #expect(GradingOrder(name: "random", seed: nil) == nil)
        #expect(GradingOrder.shuffled(seed: 3).name == "shuffled")
    }
}
