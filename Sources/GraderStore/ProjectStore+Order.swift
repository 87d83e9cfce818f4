import GRDB
import GraderCore

/// Where the grader is: the project's grading order and current position. Navigation, not
/// grading: it is not part of the undo history.
extension ProjectStore {
    /// The grading order and the current combined index (0-based).
    public func place() throws(StoreError) -> (order: GradingOrder, position: Int) {
        try run(folder) { db in
            let row = try Row.fetchOne(db, sql: "SELECT grading_order, seed, position FROM project WHERE id = 1")!
            let seed = UInt64(bitPattern: row["seed"] as Int64)
            return (GradingOrder(name: row["grading_order"], seed: seed) ?? .perPage, row["position"])
        }
    }

    /// Records the current position (0-based combined index).
    public func setPosition(_ position: Int) throws(StoreError) {
        try run(folder) { db in try db.execute(sql: "UPDATE project SET position = ? WHERE id = 1", arguments: [position]) }
    }

    /// Switches the grading order, keeping the grader on the same page; returns the page and its
    /// index in the new order.
    public func setOrder(_ order: GradingOrder) throws -> (page: PageRef?, position: Int) {
        let book = try gradeBook()
        let (current, position) = try place()
        let sequence = GradingSequence(studentCount: book.students.count, pagesPerStudent: book.pagesPerStudent, order: current)
        guard sequence.count > 0 else { return (nil, 0) }
        let clamped = min(max(position, 0), sequence.count - 1)
        let (moved, newPosition) = sequence.reordered(to: order, keepingPosition: clamped)
        let seed: UInt64 = if case .shuffled(let seed) = order { seed } else { 0 }
        try run(folder) { db in
            try db.execute(sql: "UPDATE project SET grading_order = ?, seed = ?, position = ? WHERE id = 1",
                           arguments: [order.name, Int64(bitPattern: seed), newPosition])
        }
        return (moved.pageRef(at: newPosition), newPosition)
    }
}
