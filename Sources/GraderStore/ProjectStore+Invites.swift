import Foundation
import GRDB
import GraderCore

/// Invites: who may open the project in a browser. Access, not grading: written in its own short
/// transaction, never in the undo history (an undo must not give a revoked link back).
extension ProjectStore {
    /// Every grader invited, revoked ones too, by name.
    public func invites() throws -> [Invite] {
        try read { db in
            guard try db.tableExists("invite") else { return [] }  // a read-only project of an older schema
            return try Row.fetchAll(db, sql: "SELECT * FROM invite ORDER BY name").compactMap(Self.invite)
        }
    }

    /// The invite whose link's secret hashes to `secretSHA256`, while it is not revoked.
    public func activeInvite(secretSHA256: String) throws -> Invite? {
        try read { db in
            guard try db.tableExists("invite") else { return nil }
            return try Row.fetchOne(db, sql: "SELECT * FROM invite WHERE secret_sha256 = ? AND revoked_at IS NULL",
                                    arguments: [secretSHA256]).flatMap(Self.invite)
        }
    }

    /// Invites `grader` as `role` with a link whose secret hashes to `secretSHA256`; an earlier
    /// invite of the same name (revoked or not) is replaced, so its link stops working.
    /// Returns true when it replaced one.
    @discardableResult
    public func invite(_ grader: Grader, role: GraderRole, secretSHA256: String) throws -> Bool {
        try run(.unchanged) { db in
            let existed = try Bool.fetchOne(db, sql: "SELECT 1 FROM invite WHERE name = ?", arguments: [grader.name]) ?? false
            try db.execute(sql: """
                INSERT INTO invite (name, role, secret_sha256, invited_at, invited_by, revoked_at) VALUES (?, ?, ?, ?, ?, NULL)
                ON CONFLICT (name) DO UPDATE SET role = excluded.role, secret_sha256 = excluded.secret_sha256,
                    invited_at = excluded.invited_at, invited_by = excluded.invited_by, revoked_at = NULL
                """, arguments: [grader.name, role.rawValue, secretSHA256, Self.now(), self.grader.name])
            return existed
        }
    }

    /// Ends `grader`'s link (every browser signed in with it is refused from its next request).
    /// Returns false when nobody by that name holds a working link.
    public func revokeInvite(of grader: Grader) throws -> Bool {
        try run(.unchanged) { db in
            try db.execute(sql: "UPDATE invite SET revoked_at = ? WHERE name = ? AND revoked_at IS NULL", arguments: [Self.now(), grader.name])
            return db.changesCount > 0
        }
    }

    /// An invite from its row; nil for a role this build does not know.
    private static func invite(_ row: Row) -> Invite? {
        guard let role = GraderRole(rawValue: row["role"]) else { return nil }
        return Invite(grader: row["name"], role: role, invitedAt: row["invited_at"], invitedBy: row["invited_by"], revokedAt: row["revoked_at"])
    }
}
