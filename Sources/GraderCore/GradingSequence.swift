/// The class's pages in grading order: the combined document's page list, with the mapping from a
/// combined index (0-based) to a page reference and back.
public struct GradingSequence: Sendable, Equatable {
    /// How many students and pages per student.
    public let studentCount: Int
    /// Pages in every booklet.
    public let pagesPerStudent: Int
    /// The order the pages are walked in.
    public let order: GradingOrder
    /// The students in the order they are visited (a permutation when shuffled).
    public let studentOrder: [StudentID]
    /// Where each student stands in `studentOrder` (inverse permutation).
    private let rankOfStudent: [Int]

    /// Lays out `studentCount` booklets of `pagesPerStudent` pages in `order`.
    public init(studentCount: Int, pagesPerStudent: Int, order: GradingOrder) {
        precondition(studentCount >= 0 && pagesPerStudent >= 0)
        self.studentCount = studentCount
        self.pagesPerStudent = pagesPerStudent
        self.order = order
        let identity = (0..<studentCount).map(StudentID.init)
        switch order {
        case .perPage, .perStudent: studentOrder = identity
        case .shuffled(let seed): studentOrder = identity.seededShuffle(seed: seed)
        }
        var rank = [Int](repeating: 0, count: studentCount)
        for (position, student) in studentOrder.enumerated() { rank[student.index] = position }
        rankOfStudent = rank
    }

    /// Number of pages in the combined document.
    public var count: Int { studentCount * pagesPerStudent }

    /// The page at combined index `index` (0-based).
    public func pageRef(at index: Int) -> PageRef {
        precondition(index >= 0 && index < count, "combined index \(index) out of 0..<\(count)")
        if order.groupsByPage {
            return PageRef(student: studentOrder[index % studentCount], page: index / studentCount + 1)
        }
        return PageRef(student: studentOrder[index / pagesPerStudent], page: index % pagesPerStudent + 1)
    }

    /// The combined index (0-based) of `ref`.
    public func index(of ref: PageRef) -> Int {
        precondition(ref.student.index < studentCount && ref.page <= pagesPerStudent, "\(ref) is not in this class")
        let rank = rankOfStudent[ref.student.index]
        if order.groupsByPage { return (ref.page - 1) * studentCount + rank }
        return rank * pagesPerStudent + (ref.page - 1)
    }

    /// Every page in grading order.
    public var pageRefs: [PageRef] { (0..<count).map(pageRef(at:)) }

    /// The same class in another order, and where the page at `position` now stands, so the
    /// grader keeps their place when switching order.
    public func reordered(to newOrder: GradingOrder, keepingPosition position: Int) -> (sequence: GradingSequence, position: Int) {
        let sequence = GradingSequence(studentCount: studentCount, pagesPerStudent: pagesPerStudent, order: newOrder)
        guard count > 0 else { return (sequence, 0) }
        return (sequence, sequence.index(of: pageRef(at: position)))
    }
}
