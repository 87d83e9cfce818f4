import GRDB
import GraderCore

extension GradeBookReader {
    /// The exam's versions, where questions sit on each, their keys and the versions students were given.
    static func versions(_ db: Database, indexOfKey: [Int64: StudentID]) throws -> ExamVersions {
        var versions = ExamVersions()
        var names: [Int64: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, name, reference_scan, reference_sizes FROM exam_version ORDER BY id") {
            names[row["id"]] = row["name"]
            versions.versions.append(ExamVersion(name: row["name"], referenceScan: row["reference_scan"],
                                                 referenceSizes: (row["reference_sizes"] as String?).map(PageSizesColumn.decode) ?? []))
        }
        guard !names.isEmpty else { return versions }
        for row in try Row.fetchAll(db, sql: "SELECT version_id, question_id, page, x, y FROM version_placement") {
            guard let name = names[row["version_id"]] else { continue }
            versions.placements[name, default: [:]][QuestionID(row["question_id"])] =
                VersionPlacement(page: row["page"], position: RelativePoint(x: row["x"], y: row["y"]))
        }
        for row in try Row.fetchAll(db, sql: "SELECT version_id, block_id, page, x, y FROM version_block_placement") {
            guard let name = names[row["version_id"]] else { continue }
            versions.blockPlacements[name, default: [:]][row["block_id"]] = BlockPlacement(page: row["page"], origin: PagePoint(x: row["x"], y: row["y"]))
        }
        var rows: [String: [String: [(row: Int, entry: VersionKey.Row)]]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT version_id, block_id, row, exam_row, choices FROM version_key ORDER BY row") {
            guard let name = names[row["version_id"]] else { continue }
            let choices = (row["choices"] as String).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            rows[name, default: [:]][row["block_id"], default: []].append((row["row"], VersionKey.Row(examRow: row["exam_row"], choices: choices)))
        }
        versions.keys = rows.mapValues { $0.mapValues { VersionKey(rows: $0.map(\.entry)) } }
        for row in try Row.fetchAll(db, sql: "SELECT id, version, version_source FROM student WHERE version IS NOT NULL") {
            guard let student = indexOfKey[row["id"]], let source = VersionSource(rawValue: row["version_source"] ?? "hand") else { continue }
            versions.given[student] = StudentVersion(name: row["version"], source: source)
        }
        return versions
    }
}
