import GraderStore

extension GradingProject {
    /// The names graders of this project have worked under, sorted: who a browser can say it is
    /// with one tap.
    public func graders() throws -> [String] { try store.graderNames() }
}
