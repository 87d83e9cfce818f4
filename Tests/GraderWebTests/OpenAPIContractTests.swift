import Foundation
@testable import GraderWeb
import GraderKit
import Testing
import TestSupport

/// The OpenAPI document (Sources/GraderWeb/Assets/openapi.json, served at /api/openapi.json) says
/// exactly what the server reads and answers: every route, and every request and response body
/// field by field as the Codable types the routes use code it. A field added to a body type, a route
/// added to the server, or a required list gone wrong fails here, naming the route, the field and the
/// change to make in the document.
@Suite struct OpenAPIContractTests {
    static let documentPath = packageRoot.appendingPathComponent("Sources/GraderWeb/Assets/openapi.json")

    static func document() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: documentPath)) as? [String: Any])
    }

    @Test func theDocumentNamesEveryRouteTheServerHasAndNoOther() throws {
        let fixture = try WebFixture()
        let router = fixture.server.makeRouter(feed: ChangeFeed(project: fixture.project))
        let served = Set(router.routes.map { "\($0.method) \($0.path)" }.filter { $0.contains(" /api/") })
        let contract = Set(try APIContract.operations(fixture).keys)
        let documented = Set(Self.operations(in: try Self.document()).keys)
        for route in served.subtracting(documented).sorted() {
            Issue.record("\(route) is served but not in openapi.json: add it under \"paths\" with its request and response schemas")
        }
        for route in documented.subtracting(served).sorted() {
            Issue.record("\(route) is in openapi.json but the server has no such route: remove it")
        }
        for route in served.subtracting(contract).sorted() {
            Issue.record("\(route) is served but not in APIContract.operations (Tests/GraderWebTests/APIContract.swift): add its body types")
        }
        for route in contract.subtracting(served).sorted() {
            Issue.record("\(route) is in APIContract.operations but the server has no such route: remove it")
        }
    }

    @Test func everyRequestAndResponseBodyIsDescribedFieldByFieldAsItsTypeCodesIt() throws {
        let fixture = try WebFixture()
        let document = try Self.document()
        let comparison = SchemaComparison(document: document)
        let documented = Self.operations(in: document)
        var problems: [String] = []
        for (route, operation) in try APIContract.operations(fixture).sorted(by: { $0.key < $1.key }) {
            guard let described = documented[route] else { continue }  // named by the route test
            problems += try Self.requestDifferences(route, operation.input, described, comparison)
            problems += try Self.responseDifferences(route, operation.replies, described, comparison)
        }
        #expect(problems.isEmpty, "openapi.json differs from the types the routes code:\n\(problems.joined(separator: "\n"))")
    }

    @Test func theDocumentIsValidOpenAPIAndItsExamplesFitTheirSchemas() throws {
        let run = try runPythonDriver("Tests/Fuzz/validate_openapi.py", work: TemporaryFolder())
        #expect(run.status == 0, "openapi.json failed validation (run scripts/install-deps for openapi-spec-validator):\n\(run.output.suffix(8000))")
    }

    /// A grading action added to the core is an action `GET /api/me` may list: the document's enum must name it.
    @Test func theActionsARoleMayListAreEveryGradingAction() throws {
        let schemas = try #require(try Self.document()["components"] as? [String: Any])["schemas"] as? [String: Any]
        let me = try #require(schemas?["Me"] as? [String: Any])
        let items = try #require(((me["properties"] as? [String: Any])?["may"] as? [String: Any])?["items"] as? [String: Any])
        #expect(items["enum"] as? [String] == GradingAction.allCases.map(\.rawValue),
                "the Me schema's may.items.enum in openapi.json must list every GradingAction, in order")
    }

    @Test func anEnumFieldIsReadAsItsRawValue() throws {
        enum Role: String, Decodable, CaseIterable { case instructor, grader }
        struct Invite: Decodable { let name: String, role: Role? }
        let shape = try JSONShape.read(Invite.self)
        #expect(shape == .object(["name": JSONField(shape: .string, required: true), "role": JSONField(shape: .string, required: false)]))
    }

    @Test func aFieldTheDocumentLacksIsNamedWithTheRouteAndWhatToAdd() throws {
        struct Widened: Encodable { let score: String, flagged: Bool? }
        let comparison = SchemaComparison(document: try Self.document())
        let schema = ["$ref": "#/components/schemas/Score"]
        let found = comparison.differences(try JSONShape.written([Widened(score: "1", flagged: nil)]), schema,
                                           at: "PUT /api/scores/{student}/{question} 200 response", type: "Widened")
        #expect(found == ["PUT /api/scores/{student}/{question} 200 response: field `flagged` (boolean, optional) is in Widened but not in "
                          + "the document: add \"flagged\": {\"type\":\"boolean\"} to its properties"])
        struct Narrowed: Decodable { let score: String }
        let body = ["$ref": "#/components/schemas/ScoreInput"]
        let missing = comparison.differences(try JSONShape.read(Narrowed.self), body, at: "PUT /api/scores/{student}/{question} request body",
                                             type: "Narrowed")
        #expect(missing.contains { $0.contains("the document lists field `expected`, which Narrowed does not code") })
    }

    /// The document's operations by "METHOD /path".
    static func operations(in document: [String: Any]) -> [String: [String: Any]] {
        var found: [String: [String: Any]] = [:]
        for (path, item) in document["paths"] as? [String: [String: Any]] ?? [:] {
            for (method, operation) in item {
                guard let operation = operation as? [String: Any] else { continue }
                found["\(method.uppercased()) \(path)"] = operation
            }
        }
        return found
    }

    private static func requestDifferences(_ route: String, _ input: (any Decodable.Type)?, _ described: [String: Any],
                                           _ comparison: SchemaComparison) throws -> [String] {
        let body = comparison.resolved(described["requestBody"])
        guard let input else {
            return body == nil ? [] : ["\(route): the route reads no request body: remove its requestBody"]
        }
        let shape: JSONShape
        do {
            shape = try JSONShape.read(input)
        } catch {
            return ["\(route): \(input) could not be read for its fields (\(error)): give it plain fields, or a CaseIterable enum"]
        }
        guard let json = (body?["content"] as? [String: Any])?["application/json"] as? [String: Any] else {
            return ["\(route): the route reads a JSON body (\(input)): add \"requestBody\": {\"content\": {\"application/json\": {\"schema\": \(shape.schemaText)}}}"]
        }
        return comparison.differences(shape, json["schema"], at: "\(route) request body", type: "\(input)")
    }

    private static func responseDifferences(_ route: String, _ replies: [Int: APIContract.Body], _ described: [String: Any],
                                            _ comparison: SchemaComparison) throws -> [String] {
        let responses = described["responses"] as? [String: Any] ?? [:]
        var problems: [String] = []
        let refusal = try JSONShape.written(APIContract.refusal)
        for (status, reply) in replies.sorted(by: { $0.key < $1.key }) {
            let place = "\(route) \(status) response"
            guard let response = comparison.resolved(responses[String(status)]) else {
                problems.append("\(place): the route answers \(status), which the document does not list: add it under \"responses\"")
                continue
            }
            let content = response["content"] as? [String: Any]
            switch reply {
            case .json(let examples):
                problems += comparison.differences(try JSONShape.written(examples), (content?["application/json"] as? [String: Any])?["schema"],
                                                   at: place, type: "\(type(of: examples[0]))")
            case .media(let type):
                if content?[type] == nil { problems.append("\(place): the route answers \(type): add \"content\": {\"\(type)\": {}}") }
            case .empty:
                if content != nil { problems.append("\(place): the route answers no body: remove its content") }
            }
        }
        for status in responses.keys.sorted() where Int(status).map({ replies[$0] == nil }) ?? false {
            let place = "\(route) \(status) response"
            guard let code = Int(status), code >= 400 else {
                problems.append("\(place): the route never answers \(status): remove it from the document")
                continue
            }
            let content = comparison.resolved(responses[status])?["content"] as? [String: Any]
            problems += comparison.differences(refusal, (content?["application/json"] as? [String: Any])?["schema"], at: place, type: "ErrorReply")
        }
        return problems
    }
}
