import GraderCore

/// Where a grader is: their order and the page they are on in it.
public struct GradingPlace: Sendable, Equatable {
    /// The grader's order.
    public let order: GradingOrder
    /// Their position in it (0-based combined index).
    public let position: Int
    /// Pages in the combined document.
    public let total: Int
    /// The page they are on ("Anna — p. 2"), nil in a project without pages.
    public let label: String?
}

extension GradingProject {
    /// This grader's order and the page they are on; `grade` resumes there.
    public func place() throws -> GradingPlace {
        let (order, position) = try store.place()
        return try place(order, position)
    }

    /// Switches this grader's order; they keep the page they are on. A shuffled order without a
    /// seed was given a random one by `GradingOrder(name:seed:)`.
    public func setOrder(_ order: GradingOrder) throws -> GradingPlace {
        try permit(.keepPlace)
        let (_, position) = try store.setOrder(order)
        return try place(order, position)
    }

    /// Records the page this grader is on (0-based combined index).
    public func setPosition(_ position: Int) throws {
        try permit(.keepPlace)
        try store.setPosition(position)
    }

    private func place(_ order: GradingOrder, _ position: Int) throws -> GradingPlace {
        let directory = try directory()
        let sequence = GradingSequence(studentCount: directory.students.count, pagesPerStudent: directory.pagesPerStudent, order: order)
        guard sequence.count > 0 else { return GradingPlace(order: order, position: 0, total: 0, label: nil) }
        let clamped = min(max(position, 0), sequence.count - 1)
        let page = sequence.pageRef(at: clamped)
        return GradingPlace(order: order, position: clamped, total: sequence.count,
                            label: CombinedLayout.label(directory.students[page.student.index].student.name, page: page.page))
    }
}
