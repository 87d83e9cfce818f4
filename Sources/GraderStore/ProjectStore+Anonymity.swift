import Foundation
import GRDB
import GraderCore

extension ProjectStore {
    /// The project's anonymous-grading setting.
    public func anonymity() throws(StoreError) -> Anonymity {
        try read { db in try Self.anonymity(db) }
    }

    static func anonymity(_ db: Database) throws -> Anonymity {
        guard let row = try Row.fetchOne(db, sql: "SELECT anonymous, pseudonym_salt, name_region FROM project WHERE id = 1") else { return .off }
        return Anonymity(isOn: row["anonymous"] as Bool, nameRegions: (row["name_region"] as String?).map(NameRegion.regions) ?? [],
                         salt: row["pseudonym_salt"])
    }

    /// Turns anonymous grading on or off and sets the name regions (a setting, not an undoable
    /// step). The pseudonyms' salt is made once, so pseudonyms stay the same.
    public func setAnonymity(_ isOn: Bool, nameRegions: [NameRegion]) throws {
        try run { db in
            try db.execute(sql: """
                UPDATE project SET anonymous = ?, name_region = ?,
                    pseudonym_salt = CASE pseudonym_salt WHEN '' THEN ? ELSE pseudonym_salt END WHERE id = 1
                """, arguments: [isOn, nameRegions.isEmpty ? nil : NameRegion.text(nameRegions), UUID().uuidString])
        }
    }

    /// A number that changes whenever a change is recorded, undone or redone, or a grader opens
    /// an answer, by any process on the project (what a live view polls to know it must refresh).
    public func changeStamp() throws(StoreError) -> String {
        try read { db in
            let row = try Row.fetchOne(db, sql: """
                SELECT (SELECT ifnull(max(id), 0) FROM history) AS last,
                       (SELECT ifnull(sum(id), 0) FROM history WHERE undone = 1) AS undone,
                       (SELECT anonymous || ifnull(name_region, '') FROM project WHERE id = 1) AS setting
                """)
            let stamp = row.map { "\($0["last"] as Int64).\($0["undone"] as Int64).\(($0["setting"] as String?) ?? "")" } ?? "0"
            return stamp + "." + (try Self.claimStamp(db))
        }
    }
}
