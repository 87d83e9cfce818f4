import Foundation
import GRDB
import GraderCore
@testable import GraderStore
import Testing
import TestSupport

/// What opening does with a project.sqlite that is not a whole, writable ezgrader project:
/// another program's database, bytes that are no database, a damaged file, a read-only folder,
/// a full disk. Nothing is ever written to a file that is refused.
@Suite struct DatabaseFileTests {
    private func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test func anotherProgramsDatabaseIsRefusedAndNotTouched() throws {
        let folder = TemporaryFolder()
        let path = ProjectStore.databasePath(in: folder.path)
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "CREATE TABLE invoice (id INTEGER PRIMARY KEY, total REAL); INSERT INTO invoice (total) VALUES (9.5)")
        }
        let before = try bytes(path)
        #expect(throws: StoreError.foreignDatabase(path: folder.path, tables: ["invoice"])) { try ProjectStore.open(folder.path, grader: try .tester()) }
        #expect(try bytes(path) == before, "not switched to WAL, not migrated")
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(StoreError.foreignDatabase(path: "exam.ezgrader", tables: ["invoice"]).localizedDescription
            == "'exam.ezgrader' is not an ezgrader project: its project.sqlite is another program's database (tables: invoice). Move it away or choose the right folder; it was not changed.")
    }

    @Test func bytesThatAreNoDatabaseAreNamedSoNotAsANewerVersion() throws {
        let folder = TemporaryFolder()
        var generator = SeededBytes(seed: 7)
        let garbage = Data((0..<65_536).map { _ in generator.next() })
        let path = ProjectStore.databasePath(in: folder.path)
        try garbage.write(to: URL(fileURLWithPath: path))
        #expect(throws: StoreError.notADatabase(path: folder.path)) { try ProjectStore.open(folder.path, grader: try .tester()) }
        #expect(try bytes(path) == garbage)
    }

    @Test func aDamagedDatabaseIsRefusedBeforeAnythingIsWritten() throws {
        let folder = TemporaryFolder()
        _ = try TestProject.make(in: folder, names: ["Anna"])
        let path = ProjectStore.databasePath(in: folder.path)
        try DamagedDatabase.addUnusedPage(to: path)
        let before = try bytes(path)
        #expect(throws: StoreError.damaged(path: folder.path, problems: ["Page \(try DamagedDatabase.pageCount(path)) is never used"])) {
            try ProjectStore.open(folder.path, grader: try .tester())
        }
        #expect(try bytes(path) == before)
        #expect(try ProjectStore.integrityProblems(in: folder.path) == ["Page \(try DamagedDatabase.pageCount(path)) is never used"])
        let whole = TemporaryFolder()
        _ = try TestProject.make(in: whole, names: ["Anna"])
        #expect(try ProjectStore.integrityProblems(in: whole.path) == [])
    }

    @Test(.enabled(if: SmallDisk.isAvailable)) func anOlderProjectOnAReadOnlyDiskIsRefusedUntilItCanBeUpdated() throws {
        let disk = try SmallDisk(kilobytes: 4096)
        let folder = disk.folder.file("exam.ezgrader")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        try {  // as an ezgrader of schema version 1 left it, closed again
            let queue = try DatabaseQueue(path: ProjectStore.databasePath(in: folder))
            try ProjectSchema.migrator.migrate(queue, upTo: "v1")
            try queue.write { db in try db.execute(sql: "INSERT INTO project (id, pages_per_student) VALUES (1, 1)") }
        }()
        try disk.makeReadOnly()
        #expect(throws: StoreError.readOnly(path: folder, reason: "it was made by an older ezgrader and must be updated once, which needs it "
                                                + "writable (\(StoreError.folderNotWritable))")) {
            try ProjectStore.open(folder, grader: try .tester())
        }
    }
}

/// Reproducible bytes for a file that must not be a database.
private struct SeededBytes {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt8 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return UInt8(truncatingIfNeeded: state >> 33)
    }
}
