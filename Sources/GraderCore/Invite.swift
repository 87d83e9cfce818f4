/// A grader invited by a personal link: who, as what, since when, and whether the link still works.
public struct Invite: Sendable, Equatable {
    /// The grader's name, as history and scores record it.
    public let grader: String
    /// What they may do.
    public let role: GraderRole
    /// When they were invited (UTC, ISO 8601) and by whom.
    public let invitedAt: String, invitedBy: String
    /// When their link was revoked, or nil while it works.
    public let revokedAt: String?

    /// An invite as stored.
    public init(grader: String, role: GraderRole, invitedAt: String, invitedBy: String, revokedAt: String?) {
        self.grader = grader
        self.role = role
        self.invitedAt = invitedAt
        self.invitedBy = invitedBy
        self.revokedAt = revokedAt
    }
}
