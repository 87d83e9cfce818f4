import GraderCore

/// Roles: every change the façade makes is first checked against this grader's role, so no front
/// end can let a grader edit questions or a viewer score, whatever it shows.
extension GradingProject {
    /// Refuses `action` unless this grader's role allows it (before anything is read or written).
    func permit(_ action: GradingAction) throws(RoleRefusal) {
        guard role.may(action) else { throw RoleRefusal(grader: grader.name, role: role, action: action) }
    }
}
