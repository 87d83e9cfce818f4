import Foundation
import Testing
import TestSupport

/// The API fuzzed from its OpenAPI document (Tests/Fuzz/api_fuzz.py, Schemathesis, fixed seed,
/// about two minutes): requests made from the document's schemas against a served sample project
/// get no server error and no status the document does not declare. Needs schemathesis
/// (scripts/install-deps).
@Suite struct APIFuzzTests {
    @Test func theAPIAnswersFuzzedRequestsOnlyWithDeclaredStatusesAndNoServerError() throws {
        let run = try runPythonDriver("Tests/Fuzz/api_fuzz.py", work: TemporaryFolder())
        #expect(run.status == 0, "the API fuzz run failed (run scripts/install-deps for schemathesis):\n\(run.output.suffix(8000))")
    }
}
