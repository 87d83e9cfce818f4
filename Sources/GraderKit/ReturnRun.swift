import Dispatch
import Foundation
import GraderFiles
import GraderMail
import Synchronization

/// A return (`GradingProject.returnWork`) running on a thread of its own, for a front end that
/// shows its progress as it goes and may stop it (the browser's Return page). One runs at a time
/// per project (in any program: `ReturnLock`); the last one's status stays readable after it ends.
public final class ReturnRun: Sendable {
    /// Where a run is, and what it has done so far.
    public struct Status: Sendable, Equatable, Encodable {
        /// "preparing" (writing the PDFs), "sending", "finished", or "idle" (no run yet).
        public var phase: String
        /// Done of total in this phase.
        public var done: Int, total: Int
        /// Recipients the server refused so far (the others go on).
        public var refused: [WorkReturn.Missed]
        /// True once a stop was asked for and the run has not ended yet.
        public var stopping: Bool
        /// What the run did, once it ended.
        public var report: WorkReturn.Report?
        /// Why it could not run at all (the server not reached before anything was sent, …), once it ended.
        public var failure: String?

        /// No run yet.
        public static let idle = Status(phase: "idle", done: 0, total: 0, refused: [], stopping: false)

        /// True until the run has ended.
        public var isRunning: Bool { phase == "preparing" || phase == "sending" }
    }

    private let state = Mutex(Status(phase: "preparing", done: 0, total: 0, refused: [], stopping: false))
    private let cancellation = Cancellation()
    /// Each project's latest run, by folder.
    private static let latest = Mutex<[String: ReturnRun]>([:])

    private init() {}

    /// Where the run is now.
    public var status: Status { state.withLock { $0 } }

    /// Asks the run to stop after the message being sent.
    func stop() {
        cancellation.cancel()
        state.withLock { if $0.isRunning { $0.stopping = true } }
    }

    /// Starts `project.returnWork` on a thread; refused while another runs on the project, here
    /// or in another program (the project's `ReturnLock`, held until the thread ends).
    static func start(_ project: GradingProject, _ letter: ReturnLetter, delivery: WorkReturn.Delivery,
                      options: WorkReturn.Options) throws -> ReturnRun {
        let run = ReturnRun()
        let lock = try latest.withLock { runs in
            if runs[project.folder]?.status.isRunning == true { throw WorkReturnError.alreadyRunning }
            let lock = try ReturnLock(project, from: "from the browser")
            runs[project.folder] = run
            return lock
        }
        // On a dispatch queue of its own (serial, so a thread even when the pool is busy), not a
        // Foundation `Thread`: a `Thread` lets go of its closure — and with it the project, whose
        // last reference it may hold — only while the thread is torn down (a thread-specific-data
        // destructor); closing the project's database there, dispatch queues and all, corrupted the heap.
        DispatchQueue(label: "ezgrader.return").async {
            do {
                let report = try project.sendReturn(letter, delivery: delivery, options: options, cancellation: run.cancellation) { step in
                    run.state.withLock { status in
                        switch step {
                        case .exporting(let done, let total): (status.phase, status.done, status.total) = ("preparing", done, total)
                        case .sending(let done, let total): (status.phase, status.done, status.total) = ("sending", done, total)
                        case .refused(let missed): status.refused.append(missed)
                        }
                    }
                }
                lock.release()  // before "finished": a run started once this one ends must find the lock free
                run.state.withLock { ($0.phase, $0.stopping, $0.report) = ("finished", false, report) }
            } catch {
                lock.release()
                run.state.withLock { ($0.phase, $0.stopping, $0.failure) = ("finished", false, PlainErrorText.describe(error)) }
            }
        }
        return run
    }

    /// `project`'s latest run in this program, nil when none was started.
    static func latest(of project: GradingProject) -> ReturnRun? { latest.withLock { $0[project.folder] } }
}

extension GradingProject {
    /// Starts returning work in the background (see `returnWork`); its status at once.
    public func startReturn(_ letter: ReturnLetter, delivery: WorkReturn.Delivery, options: WorkReturn.Options = .init()) throws -> ReturnRun.Status {
        try permit(.returnWork)
        try refuseReturnWhileAnonymous()
        // A server that is not one is refused here, not found by the run.
        if case .smtp(let url, _, _, _) = delivery { _ = try SMTPServer(url: url) }
        return try ReturnRun.start(self, letter, delivery: delivery, options: options).status
    }

    /// The status of the latest return started in this program (`idle` when none).
    public func returnStatus() throws -> ReturnRun.Status {
        try permit(.returnWork)
        return ReturnRun.latest(of: self)?.status ?? .idle
    }

    /// Stops the return running, after the message being sent; its status.
    public func stopReturn() throws -> ReturnRun.Status {
        try permit(.returnWork)
        guard let run = ReturnRun.latest(of: self) else { return .idle }
        run.stop()
        return run.status
    }
}
