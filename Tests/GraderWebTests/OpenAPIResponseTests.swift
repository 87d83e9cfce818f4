import Foundation
@testable import GraderWeb
import GraderKit
import Hummingbird
import Synchronization
import HummingbirdTesting
import Testing
import TestSupport

/// Every route of the OpenAPI document called on a served project with the document's own example
/// (its path and query values, its body): each real answer has a status the document declares for
/// the route, the Content-Type it gives, and a body that fits its schema.
@Suite(.serialized) struct OpenAPIResponseTests {
    /// Routes whose example works only on another kind of project than the sample class: their
    /// refusal there is still checked against the document (CaptureRouteTests calls them for real).
    static let otherProjects = ["POST /api/capture": "a one-page bubble-sheet project"]

    @Test func everyRoutesAnswerToItsDocumentedExampleFitsTheDocument() async throws {
        // The sample class's students (the document's examples are the sample project's), with rubric items, a note and strokes.
        let scans = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("SamplePDFs/scanned").path)
        let fixture = try WebFixture(names: scans.filter { $0.hasSuffix(".pdf") }.map { String($0.dropLast(4)) }.sorted())
        _ = try APIContract.operations(fixture)
        let document = try OpenAPIContractTests.document()
        let comparison = SchemaComparison(document: document)
        // Reads first, removals last and the longest paths' first (a rubric item before its question), so each
        // example finds what it names; the live stream never ends.
        let rank = ["GET": 0, "PUT": 1, "POST": 1, "PATCH": 2, "DELETE": 3]
        let order = { (route: String) in (rank[String(route.prefix { $0 != " " })] ?? 1, -route.count, route) }
        let routes = OpenAPIContractTests.operations(in: document).filter { $0.key != "GET /api/events" }.sorted { order($0.key) < order($1.key) }
        let examples = try routes.map { try DocumentedExample(route: $0.key, operation: $0.value) }
        let answers = Mutex<[Answer]>([])
        try await fixture.test { client in
            for example in examples {
                let response = try await client.execute(uri: example.uri, method: example.method, headers: WebFixture.browser(),
                                                        body: example.body.map { ByteBuffer(bytes: $0) })
                let answer = Answer(status: response.status.code, type: response.headers[.contentType], body: String(buffer: response.body))
                answers.withLock { $0.append(answer) }
            }
        }
        var problems: [String] = [], refused: [String] = []
        for ((route, operation), (example, answer)) in zip(routes, zip(examples, answers.withLock { $0 })) {
            let place = "\(route) (sent as \(example.uri)) answered \(answer.status)"
            guard let declared = comparison.resolved((operation["responses"] as? [String: Any])?[String(answer.status)]) else {
                problems.append("\(place), which the document does not declare: \(answer.body.prefix(200))")
                continue
            }
            if !(200..<300).contains(answer.status), Self.otherProjects[route] == nil { refused.append("\(place): \(answer.body.prefix(160))") }
            let content = declared["content"] as? [String: Any] ?? [:]
            guard let type = answer.type?.split(separator: ";").first.map(String.init) else {
                if !content.isEmpty { problems.append("\(place) without a Content-Type, but the document gives \(content.keys.sorted())") }
                continue
            }
            guard let media = content[type] as? [String: Any] else {
                problems.append("\(place) as \(type), which the document does not give for it (\(content.keys.sorted()))")
                continue
            }
            guard type == "application/json", route != "GET /api/openapi.json" else { continue }
            let body = try JSONDecoder().decode(JSONValue.self, from: Data(answer.body.utf8))
            problems += comparison.violations(of: body, against: media["schema"], at: place)
        }
        #expect(problems.isEmpty, "real answers differ from openapi.json:\n\(problems.joined(separator: "\n"))")
        #expect(refused.isEmpty, "documented examples refused on the test project:\n\(refused.joined(separator: "\n"))")
    }

    /// What the server answered one example.
    struct Answer {
        let status: Int, type: String?, body: String
    }
}

/// The request a route's documented example makes: path values filled in, query values added, the body.
struct DocumentedExample {
    let method: HTTPRequest.Method
    let uri: String
    let body: Data?

    init(route: String, operation: [String: Any]) throws {
        let parts = route.split(separator: " ", maxSplits: 1).map(String.init)
        method = try #require(HTTPRequest.Method(parts[0]))
        var path = parts[1], query: [String] = []
        for parameter in operation["parameters"] as? [[String: Any]] ?? [] {
            guard let name = parameter["name"] as? String, let example = parameter["example"] else { continue }
            switch parameter["in"] as? String {
            case "path": path = path.replacingOccurrences(of: "{\(name)}", with: "\(example)")
            case "query": query.append("\(name)=\(example)")
            default: break
            }
        }
        uri = path + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
        let json = ((operation["requestBody"] as? [String: Any])?["content"] as? [String: Any])?["application/json"] as? [String: Any]
        body = try json?["example"].map { try JSONSerialization.data(withJSONObject: $0) }
    }
}
