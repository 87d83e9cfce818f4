import GRDB
import GraderCore

/// Where each grader is: the grading order they grade in and their current position. A grader
/// who has not chosen yet starts in the project's order at the start. Navigation, not grading:
/// it is not part of the undo history.
extension ProjectStore {
    /// This grader's grading order and current combined index (0-based).
    public func place() throws -> (order: GradingOrder, position: Int) {
        try read { db in try Self.place(of: grader, in: db) }
    }

    /// Records this grader's current position (0-based combined index).
    public func setPosition(_ position: Int) throws {
        try run(.unchanged) { db in
            let (order, _) = try Self.place(of: grader, in: db)
            try Self.save(order, position: position, for: grader, in: db)
        }
    }

    /// Switches this grader's order, keeping them on the same page; returns the page and its
    /// index in the new order. Read and written in one transaction.
    public func setOrder(_ order: GradingOrder) throws -> (page: PageRef?, position: Int) {
        try run(.unchanged) { db in
            let (current, position) = try Self.place(of: grader, in: db)
            let students = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM student") ?? 0
            let pages = try Int.fetchOne(db, sql: "SELECT pages_per_student FROM project WHERE id = 1") ?? 0
            let sequence = GradingSequence(studentCount: students, pagesPerStudent: pages, order: current)
            guard sequence.count > 0 else {
                try Self.save(order, position: 0, for: grader, in: db)
                return (nil, 0)
            }
            let (moved, newPosition) = sequence.reordered(to: order, keepingPosition: min(max(position, 0), sequence.count - 1))
            try Self.save(order, position: newPosition, for: grader, in: db)
            return (moved.pageRef(at: newPosition), newPosition)
        }
    }

    static func place(of grader: Grader, in db: Database) throws -> (order: GradingOrder, position: Int) {
        let row = try Row.fetchOne(db, sql: "SELECT grading_order, seed, position FROM grader_place WHERE grader = ?", arguments: [grader.name])
            ?? Row.fetchOne(db, sql: "SELECT grading_order, seed, 0 AS position FROM project WHERE id = 1")
        guard let row else { return (.perPage, 0) }
        let seed = UInt64(bitPattern: row["seed"] as Int64)
        return (GradingOrder(name: row["grading_order"], seed: seed) ?? .perPage, row["position"])
    }

    static func save(_ order: GradingOrder, position: Int, for grader: Grader, in db: Database) throws {
        let seed: UInt64 = if case .shuffled(let seed) = order { seed } else { 0 }
        try db.execute(sql: """
            INSERT INTO grader_place (grader, grading_order, seed, position) VALUES (?, ?, ?, ?)
            ON CONFLICT (grader) DO UPDATE SET grading_order = excluded.grading_order, seed = excluded.seed, position = excluded.position
            """, arguments: [grader.name, order.name, Int64(bitPattern: seed), position])
    }
}
