import Foundation
import Testing
import TestSupport

/// The API fuzzed from its OpenAPI document (Tests/Fuzz/api_fuzz.py, Schemathesis, fixed seed,
/// about two minutes): the document's examples, then requests made from its schemas, against a
/// served sample project get no server error, no status the document does not declare, and no
/// response whose body breaks its schema or whose Content-Type the document does not give. Needs
/// schemathesis (scripts/install-deps).
@Suite struct APIFuzzTests {
    @Test func theAPIAnswersFuzzedRequestsOnlyWithDeclaredStatusesAndNoServerError() throws {
        let run = try runPythonDriver("Tests/Fuzz/api_fuzz.py", work: TemporaryFolder())
        #expect(run.status == 0, "the API fuzz run failed (run scripts/install-deps for schemathesis):\n\(run.output.suffix(8000))")
    }
}
