import Foundation
import GraderCore
import GraderPDF
import GraderStore

/// A personal link's secret, shown once when a grader is invited (only its SHA-256 is kept).
public struct InviteSecret: Sendable, Equatable {
    /// 128 random bits as 32 lowercase hex digits: what the link carries.
    public let text: String
    /// True when the grader had been invited before (their earlier link no longer works).
    public let replacedEarlier: Bool
}

/// Graders as people: the instructor invites each by name and role; the link they get signs their
/// browser in as them (no name to type), until the instructor revokes it.
extension GradingProject {
    /// Invites `grader` as `role`: a new secret for their link, stored hashed. Inviting a name again
    /// gives a new link and ends the old one.
    public func invite(_ grader: Grader, role: GraderRole) throws -> InviteSecret {
        try permit(.invite)
        var generator = SystemRandomNumberGenerator()
        let secret = (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
        let replaced = try store.invite(grader, role: role, secretSHA256: Self.hash(secret))
        return InviteSecret(text: secret, replacedEarlier: replaced)
    }

    /// Every grader invited (revoked ones too), by name.
    public func invites() throws -> [Invite] {
        try permit(.invite)
        return try store.invites()
    }

    /// Ends `grader`'s link and every browser signed in with it; refused, naming the invited
    /// graders, when nobody by that name holds a working link.
    public func revokeInvite(of grader: Grader) throws {
        try permit(.invite)
        guard try store.revokeInvite(of: grader) else {
            let active = try store.invites().filter { $0.revokedAt == nil }.map(\.grader)
            throw InviteError.notInvited(grader.name, invited: active)
        }
    }

    /// The invited grader a link's secret (or a browser's session cookie holding it) signs in,
    /// with their role; nil for a revoked, unknown or malformed secret (whatever a browser sends).
    public func invitedGrader(secret: String) throws -> (grader: Grader, role: GraderRole)? {
        guard secret.utf8.count == 32, secret.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else { return nil }
        guard let invite = try store.activeInvite(secretSHA256: Self.hash(secret)) else { return nil }
        return (try Grader(invite.grader), invite.role)
    }

    private static func hash(_ secret: String) -> String { FileDigest.sha256(of: Data(secret.utf8)) }
}

/// A refused invite command, naming the value at fault.
public enum InviteError: LocalizedError, Equatable, Sendable {
    /// Revoking a name that holds no working link (the names that do).
    case notInvited(String, invited: [String])

    public var errorDescription: String? {
        switch self {
        case .notInvited(let name, let invited):
            "'\(name)' holds no working invite link" + (invited.isEmpty ? ": nobody is invited." : " (invited: \(invited.joined(separator: ", "))).")
        }
    }
}
