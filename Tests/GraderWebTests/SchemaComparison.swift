import Foundation

/// Compares the shape a Codable type reads or writes with a schema of the OpenAPI document, field by
/// field, and says for each difference where it is and what to change in the document.
struct SchemaComparison {
    /// The document, as JSONSerialization reads it.
    let document: [String: Any]

    /// The schema at `#/components/…`, or `schema` itself when it is not a reference.
    func resolved(_ schema: Any?) -> [String: Any]? {
        guard let schema = schema as? [String: Any] else { return nil }
        guard let reference = schema["$ref"] as? String else { return schema }
        let path = reference.split(separator: "/").dropFirst().map(String.init)
        var node: Any? = document
        for part in path { node = (node as? [String: Any])?[part] }
        return resolved(node)
    }

    /// The differences between `shape` (what `type` codes) and `schema`; `place` names the route and
    /// the body ("PUT /api/claim request body"), and grows with each field ("….heldBy[]").
    func differences(_ shape: JSONShape, _ schema: Any?, at place: String, type: String) -> [String] {
        if case .unknown = shape { return [] }
        guard let schema = resolved(schema) else {
            return ["\(place): the document gives no schema, but \(type) codes \(shape.typeName): add \"schema\": \(shape.schemaText)"]
        }
        let declared = Self.typeWord(schema)
        guard declared == shape.typeName else {
            return ["\(place): the document says \(declared ?? "no type"), but \(type) codes \(shape.typeName): make it \(shape.schemaText)"]
        }
        switch shape {
        case .array(let element?):
            return differences(element, schema["items"], at: place + "[]", type: type)
        case .object(let fields):
            return objectDifferences(fields, schema, at: place, type: type)
        default:
            return []
        }
    }

    private func objectDifferences(_ fields: [String: JSONField], _ schema: [String: Any], at place: String, type: String) -> [String] {
        let properties = schema["properties"] as? [String: Any] ?? [:]
        let required = Set(schema["required"] as? [String] ?? [])
        var found: [String] = []
        if schema["additionalProperties"] as? Bool != false {
            found.append("\(place): \(type) is a closed type: add \"additionalProperties\": false to its schema")
        }
        for (name, field) in fields.sorted(by: { $0.key < $1.key }) {
            let presence = field.required ? "always there" : "optional"
            guard let property = properties[name] else {
                found.append("\(place): field `\(name)` (\(field.shape.typeName), \(presence)) is in \(type) but not in the document: "
                             + "add \"\(name)\": \(field.shape.schemaText) to its properties" + (field.required ? " and \"\(name)\" to its required list" : ""))
                continue
            }
            if field.required, !required.contains(name) {
                found.append("\(place): field `\(name)` is always there in \(type): add \"\(name)\" to the schema's required list")
            } else if !field.required, required.contains(name) {
                found.append("\(place): field `\(name)` is optional in \(type): take \"\(name)\" out of the schema's required list")
            }
            found += differences(field.shape, property, at: "\(place).\(name)", type: type)
        }
        for name in properties.keys.sorted() where fields[name] == nil {
            found.append("\(place): the document lists field `\(name)`, which \(type) does not code: remove it from its properties"
                         + (required.contains(name) ? " and from its required list" : ""))
        }
        for name in required.sorted() where properties[name] == nil && fields[name] == nil {
            found.append("\(place): the required list names `\(name)`, which is no property: remove it")
        }
        return found
    }

    /// The schema's type word, ignoring "null" in a list of types.
    static func typeWord(_ schema: [String: Any]) -> String? {
        if let word = schema["type"] as? String { return word }
        return (schema["type"] as? [String])?.first { $0 != "null" }
    }
}

/// A JSON value as a response carries it, read with the real JSONDecoder.
enum JSONValue: Decodable {
    case null, boolean(Bool), integer(Int64), number(Double), string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .boolean(value) }
        else if let value = try? container.decode(Int64.self) { self = .integer(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    /// Whether this value is of the schema type `word`.
    func isOfType(_ word: String) -> Bool {
        switch (self, word) {
        case (.null, "null"), (.boolean, "boolean"), (.integer, "integer"), (.integer, "number"), (.number, "number"),
             (.string, "string"), (.array, "array"), (.object, "object"): true
        default: false
        }
    }
}

extension SchemaComparison {
    /// Where `value` (a real response body) breaks `schema`: a type, a required field missing, a field
    /// the schema does not allow, a string not matching its pattern; `place` names the route.
    func violations(of value: JSONValue, against schema: Any?, at place: String) -> [String] {
        guard let schema = resolved(schema) else { return ["\(place): the document gives no schema for this body"] }
        let words = (schema["type"] as? [String]) ?? (schema["type"] as? String).map { [$0] } ?? []
        guard words.isEmpty || words.contains(where: value.isOfType) else {
            return ["\(place): the server answered \(value), but the document says \(words.joined(separator: " or "))"]
        }
        switch value {
        case .string(let text):
            guard let pattern = schema["pattern"] as? String, text.range(of: pattern, options: .regularExpression) == nil else { return [] }
            return ["\(place): \"\(text)\" does not match the document's pattern \(pattern)"]
        case .array(let elements):
            return elements.enumerated().flatMap { violations(of: $1, against: schema["items"], at: "\(place)[\($0)]") }
        case .object(let fields):
            let properties = schema["properties"] as? [String: Any] ?? [:]
            var found = (schema["required"] as? [String] ?? []).filter { fields[$0] == nil }.map {
                "\(place): the server left out `\($0)`, which the document requires"
            }
            for (name, field) in fields.sorted(by: { $0.key < $1.key }) {
                if let property = properties[name] {
                    found += violations(of: field, against: property, at: "\(place).\(name)")
                } else if schema["additionalProperties"] as? Bool == false {
                    found.append("\(place): the server answered field `\(name)`, which the document does not list")
                }
            }
            return found
        default:
            return []
        }
    }
}
