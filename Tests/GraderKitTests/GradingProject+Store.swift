import GRDB
@testable import GraderKit
@testable import GraderStore

/// What the tests moved from the store's target reach through a façade under the store's names:
/// its database, for reading rows back, and a raw change, for setting up rows no command makes.
extension GradingProject {
    /// The project's database.
    var pool: any DatabaseWriter { store.pool }

    /// `ProjectStore.studentKey(named:)`: the student a user means by `name`.
    func studentKey(named name: String) throws -> StudentKey { try student(named: name) }

    /// True when the project can only be read here.
    var isReadOnly: Bool { store.isReadOnly }

    /// `ProjectStore.change`, on this project's store.
    @discardableResult
    func change<T>(_ description: String, _ body: (ProjectWriter) throws -> T) throws -> T { try store.change(description, body) }
}
