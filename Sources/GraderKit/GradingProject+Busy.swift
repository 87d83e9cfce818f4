import GraderStore

extension GradingProject {
    /// True when `error` says another program kept the project's database busy for longer than a
    /// change waits: nothing was changed, and the same change may be sent again in a moment.
    public static func isBusy(_ error: any Error) -> Bool { (error as? StoreError)?.isBusy == true }
}
