import Testing

/// A web test waiting on an await that never resumes fails, saying where, and the run goes on;
/// one that ends gives back what it returned or threw.
@Suite struct HangLimitTests {
    @Test func anAwaitThatNeverResumesIsGivenUpNamingWhereItWasCalled() async {
        let caller: SourceLocation = #_sourceLocation
        let hung = await #expect(throws: HangLimit.Hung.self) {
            try await HangLimit.run("The in-process server's test", limit: .milliseconds(200), sourceLocation: caller) {
                await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }  // never resumed
            }
        }
        #expect(hung?.description == "The in-process server's test (called at HangLimitTests.swift:\(caller.line)) did not end within "
            + "0.2 seconds: an await in it never resumed. It was left behind.")
    }

    @Test func workThatEndsGivesBackItsValueOrItsError() async throws {
        #expect(try await HangLimit.run("Adding", sourceLocation: #_sourceLocation) { 40 + 2 } == 42)
        struct Refused: Error {}
        await #expect(throws: Refused.self) { try await HangLimit.run("Refusing", sourceLocation: #_sourceLocation) { throw Refused() } }
    }
}
