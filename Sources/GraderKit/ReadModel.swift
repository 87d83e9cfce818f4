import Foundation
@_spi(Rules) import GraderCore
import GraderStore
import Synchronization

/// What the grading views read — the grade book, the anonymity setting, the names shown, the image
/// stamp, every score's record — built once per change of the project and shared by every request
/// until the next change, instead of read whole per request. A change is seen by the store's
/// `ChangeCounter` (any process's commit), so the `score` command's work shows as soon as it lands.
/// This process's own changes that declared what they do to the views (a score, a claim) are
/// patched in; any other change makes a new build. One build at a time: requests that arrive
/// while one runs wait for the next and share it.
final class ReadModel: Sendable {
    /// The project as the views show it, at one version.
    struct Snapshot: Sendable {
        let book: GradeBook
        let anonymity: Anonymity
        /// The name each view shows for each student (a pseudonym while anonymous).
        let names: [StudentKey: String]
        /// `GradingProject.imageStamp`.
        let imageStamp: String
        /// The project's revision it shows (nil when the project cannot tell).
        let revision: Int64?
        let version: ChangeCounter.Version?
        /// When its version was read: it holds every change committed before then.
        let checked: ContinuousClock.Instant
    }

    private let current = Mutex<Snapshot?>(nil)
    private let records = Mutex<(version: ChangeCounter.Version, records: [QuestionID: [StudentKey: ScoreRecord]])?>(nil)
    private let building = NSLock()
    private let builds = Atomic<Int>(0)

    /// How many snapshots were built so far (each is a whole read of the project).
    var buildCount: Int { builds.load(ordering: .relaxed) }

    /// The current snapshot when nothing changed since it was built; nil when there is none (then
    /// a caller reads what it needs itself rather than build a whole snapshot).
    func upToDate(_ store: ProjectStore) -> Snapshot? {
        guard let snapshot = current.withLock({ $0 }), let version = try? store.changes.version(), snapshot.version == version else { return nil }
        return snapshot
    }

    /// The project as it stands now when a snapshot was built before (a server's views): brought up
    /// to date, which costs little after this process's own changes; nil before the first (then a
    /// caller reads what it needs itself: a command reads no whole project for one change).
    func ifBuilt(_ store: ProjectStore) throws -> Snapshot? {
        guard current.withLock({ $0 }) != nil else { return nil }
        return try snapshot(store)
    }

    /// The project as it stands now: the current snapshot when nothing changed since it was built,
    /// else a new one (or one another request built after this one arrived).
    func snapshot(_ store: ProjectStore) throws -> Snapshot {
        let arrived = ContinuousClock.now
        if let snapshot = upToDate(store) { return snapshot }
        building.lock()
        defer { building.unlock() }
        if let snapshot = current.withLock({ $0 }), snapshot.checked >= arrived { return snapshot }
        let checked = ContinuousClock.now
        // A project whose changes cannot be watched (opened read-only) is read afresh every time.
        guard let version = try? store.changes.version() else { return try build(store, version: nil, checked: checked) }
        if let snapshot = current.withLock({ $0 }) {
            if snapshot.version == version { return keep(snapshot.book, of: snapshot, revision: snapshot.revision, version: version, checked: checked) }
            if let (book, revision) = caughtUp(snapshot, store) { return keep(book, of: snapshot, revision: revision, version: version, checked: checked) }
        }
        let snapshot = try build(store, version: version, checked: checked)
        current.withLock { $0 = snapshot }
        return snapshot
    }

    /// Makes `book` at `revision` the current snapshot, with the rest as in `snapshot`.
    private func keep(_ book: GradeBook, of snapshot: Snapshot, revision: Int64?, version: ChangeCounter.Version, checked: ContinuousClock.Instant) -> Snapshot {
        let kept = Snapshot(book: book, anonymity: snapshot.anonymity, names: snapshot.names, imageStamp: snapshot.imageStamp,
                            revision: revision, version: version, checked: checked)
        current.withLock { $0 = kept }
        return kept
    }

    /// The snapshot's book brought up to the project's revision with what this process's changes
    /// since declared, and that revision; nil when one of them was another program's or declared
    /// nothing (then only a new build will do).
    private func caughtUp(_ snapshot: Snapshot, _ store: ProjectStore) -> (GradeBook, Int64)? {
        guard let start = snapshot.revision, let end = try? store.revision(),
              let changes = store.changes.viewChanges(after: start, through: end) else { return nil }
        var book = snapshot.book
        for change in changes {
            switch change {
            case .score(let question, let key, let points, let byRubric):
                guard let index = book.students.firstIndex(where: { $0.key == key }) else { return nil }
                book = book.setting(points, question: question, student: StudentID(index), byRubric: byRubric)
            case .applied(let question, let key, let items):
                guard let index = book.students.firstIndex(where: { $0.key == key }) else { return nil }
                book = book.applying(items, question: question, student: StudentID(index))
            }
        }
        return (book, end)
    }

    /// Every given score with who gave it, as of `snapshot` or newer.
    func scoreRecords(_ store: ProjectStore, at snapshot: Snapshot) throws -> [QuestionID: [StudentKey: ScoreRecord]] {
        if let cached = records.withLock({ $0 }), cached.version == snapshot.version { return cached.records }
        let version = try? store.changes.version()
        let fresh = try store.scoreRecords()
        if let version { records.withLock { $0 = (version, fresh) } }
        return fresh
    }

    private func build(_ store: ProjectStore, version: ChangeCounter.Version?, checked: ContinuousClock.Instant) throws -> Snapshot {
        builds.add(1, ordering: .relaxed)
        let (book, setting, revision) = try store.viewState()
        return Snapshot(book: book, anonymity: setting, names: GradingProject.displayNames(book, setting), imageStamp: GradingProject.imageStamp(setting),
                        revision: version == nil ? nil : revision, version: version, checked: checked)
    }
}
