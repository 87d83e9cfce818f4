import Foundation

/// The JSON a Codable type reads or writes, as the type's own `init(from:)` or `encode(to:)` shows it
/// to a recording coder: each object's fields, whether a field is always there (`decode`/`encode`) or
/// may be absent (`decodeIfPresent`/`encodeIfPresent`), and each value's JSON type.
indirect enum JSONShape: Equatable {
    case string, integer, number, boolean
    /// An array of elements of this shape (nil: no element seen).
    case array(JSONShape?)
    /// An object with these fields.
    case object([String: JSONField])
    /// A value whose shape no example showed (an absent optional of a structured type).
    case unknown

    /// The shape of the JSON `Decodable` type `T` reads: its `init(from:)` run over a decoder that
    /// records every field asked for.
    static func read<T: Decodable>(_ type: T.Type) throws -> JSONShape { try ShapeDecoding.sample(type).shape }

    /// The shape of the JSON `examples` of an `Encodable` type write (merged: one example can leave an
    /// array empty or an optional out).
    static func written(_ examples: [any Encodable]) throws -> JSONShape {
        try examples.reduce(JSONShape.unknown) { shape, example in shape.merged(with: try ShapeEncoding.shape(of: example)) }
    }

    /// The schema type word ("string", "integer", "number", "boolean", "array", "object").
    var typeName: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .number: "number"
        case .boolean: "boolean"
        case .array: "array"
        case .object: "object"
        case .unknown: "unknown"
        }
    }

    /// A JSON Schema for this shape, for a message that says what to add to the document.
    var schema: Any {
        switch self {
        case .array(let element): ["type": "array", "items": element?.schema ?? [:]] as [String: Any]
        case .object(let fields):
            [
                "type": "object", "additionalProperties": false,
                "required": fields.filter(\.value.required).keys.sorted(),
                "properties": fields.mapValues(\.shape.schema),
            ] as [String: Any]
        case .unknown: [:] as [String: Any]
        default: ["type": typeName]
        }
    }

    /// `schema` as compact JSON text.
    var schemaText: String {
        guard let data = try? JSONSerialization.data(withJSONObject: schema, options: [.sortedKeys, .fragmentsAllowed]) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// This shape and `other` seen together: fields of both (required only where always there),
    /// element shapes filled in where one side saw none.
    func merged(with other: JSONShape) -> JSONShape {
        switch (self, other) {
        case (.unknown, _): return other
        case (_, .unknown): return self
        case (.array(let a), .array(let b)): return .array(a.map { a in b.map(a.merged) ?? a } ?? b)
        case (.object(let a), .object(let b)):
            var fields: [String: JSONField] = [:]
            for key in Set(a.keys).union(b.keys) {
                switch (a[key], b[key]) {
                case let (x?, y?): fields[key] = JSONField(shape: x.shape.merged(with: y.shape), required: x.required && y.required)
                case let (x?, nil), let (nil, x?): fields[key] = JSONField(shape: x.shape, required: false)
                case (nil, nil): break
                }
            }
            return .object(fields)
        default: return self
        }
    }
}

/// A field of an object: its value's shape, and whether it is always there.
struct JSONField: Equatable {
    var shape: JSONShape
    var required: Bool
}

/// The JSON types the coders write as plain values, with a sample of each for a recording decoder to hand out.
private enum Primitive {
    static var samples: [(value: Any, shape: JSONShape)] {
        [
            ("", .string), (false, .boolean), (0.0 as Double, .number), (Float(0), .number),
            (0 as Int, .integer), (Int8(0), .integer), (Int16(0), .integer), (Int32(0), .integer), (Int64(0), .integer),
            (0 as UInt, .integer), (UInt8(0), .integer), (UInt16(0), .integer), (UInt32(0), .integer), (UInt64(0), .integer),
        ]
    }

    /// The shape of a plain value (unknown when it is not one).
    static func shape(of value: Any) -> JSONShape {
        samples.first { type(of: $0.value) == type(of: value) }?.shape ?? .unknown
    }

    /// `T`'s sample and shape when `T` is written as a plain JSON value.
    static func sample<T>(_ type: T.Type) -> (value: T, shape: JSONShape)? {
        for (value, shape) in samples { if let value = value as? T { return (value, shape) } }
        return nil
    }
}

/// The first case of an enum of fixed values.
private func firstCase<C: CaseIterable>(of type: C.Type) -> Any? { type.allCases.first }

/// What one value's coding wrote or read, filled in by its containers.
private final class ShapeBox {
    var shape: JSONShape = .unknown { didSet { onChange?(shape) } }
    /// Tells a parent container what a nested container wrote.
    var onChange: ((JSONShape) -> Void)?
    /// The keys a keyed decoding container was asked whether it contains (decodeIfPresent asks first).
    var asked: Set<String> = []

    func field(_ key: String, _ shape: JSONShape, required: Bool) {
        var fields: [String: JSONField] = [:]
        if case .object(let known) = self.shape { fields = known }
        fields[key] = JSONField(shape: fields[key].map { $0.shape.merged(with: shape) } ?? shape, required: required)
        self.shape = .object(fields)
    }

    func element(_ shape: JSONShape) {
        guard case .array(let known) = self.shape else { self.shape = .array(shape); return }
        self.shape = .array(known.map { $0.merged(with: shape) } ?? shape)
    }

    func beObject() { if case .object = shape {} else { shape = .object([:]) } }
    func beArray() { if case .array = shape {} else { shape = .array(nil) } }
}

// MARK: - Decoding

/// A decoder that answers every field with a sample value and records what the type asked for.
private struct ShapeDecoding: Decoder {
    let box: ShapeBox
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// A sample `T` and the shape reading it took.
    static func sample<T: Decodable>(_ type: T.Type) throws -> (value: T, shape: JSONShape) {
        if let primitive = Primitive.sample(type) { return primitive }
        // An enum of fixed values reads its raw value: hand out its first case, shaped as that value.
        if let cases = type as? any CaseIterable.Type, let first = firstCase(of: cases) as? T,
           let raw = (first as? any RawRepresentable)?.rawValue {
            return (first, Primitive.shape(of: raw))
        }
        let box = ShapeBox()
        let value = try T(from: ShapeDecoding(box: box))
        return (value, box.shape)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        box.beObject()
        return KeyedDecodingContainer(Keyed(box: box))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        box.beArray()
        return Unkeyed(box: box)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(box: box) }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let box: ShapeBox
        var codingPath: [any CodingKey] = []
        var allKeys: [Key] { [] }

        func contains(_ key: Key) -> Bool {
            box.asked.insert(key.stringValue)
            return true
        }

        func decodeNil(forKey key: Key) throws -> Bool { false }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            let (value, shape) = try ShapeDecoding.sample(type)
            box.field(key.stringValue, shape, required: !box.asked.contains(key.stringValue))
            return value
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            throw ShapeError.unsupported("a nested keyed container")
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw ShapeError.unsupported("a nested array container") }
        func superDecoder() throws -> any Decoder { ShapeDecoding(box: box) }
        func superDecoder(forKey key: Key) throws -> any Decoder { throw ShapeError.unsupported("superDecoder(forKey:)") }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        let box: ShapeBox
        var codingPath: [any CodingKey] = []
        var count: Int? { 1 }
        var isAtEnd: Bool { currentIndex >= 1 }
        var currentIndex = 0

        mutating func decodeNil() throws -> Bool { false }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            let (value, shape) = try ShapeDecoding.sample(type)
            box.element(shape)
            currentIndex += 1
            return value
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            throw ShapeError.unsupported("a nested keyed container in an array")
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { throw ShapeError.unsupported("a nested array container") }
        mutating func superDecoder() throws -> any Decoder { throw ShapeError.unsupported("superDecoder in an array") }
    }

    struct Single: SingleValueDecodingContainer {
        let box: ShapeBox
        var codingPath: [any CodingKey] = []

        func decodeNil() -> Bool { false }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            let (value, shape) = try ShapeDecoding.sample(type)
            box.shape = shape
            return value
        }
    }
}

/// A coding the recorder does not follow.
enum ShapeError: Error, CustomStringConvertible {
    case unsupported(String)

    var description: String {
        switch self {
        case .unsupported(let what): "the shape recorder does not follow \(what): describe this type by hand"
        }
    }
}

// MARK: - Encoding

/// An encoder that records what a value writes, including optionals written as absent.
private struct ShapeEncoding: Encoder {
    let box: ShapeBox
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The shape `value` writes.
    static func shape(of value: any Encodable) throws -> JSONShape {
        if case let shape = Primitive.shape(of: value), shape != .unknown { return shape }
        let box = ShapeBox()
        try value.encode(to: ShapeEncoding(box: box))
        return box.shape
    }

    /// The shape of an absent `T?`: known for plain values, else unknown.
    static func shape<T>(ofAbsent type: T.Type) -> JSONShape { Primitive.sample(type)?.shape ?? .unknown }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        box.beObject()
        return KeyedEncodingContainer(Keyed(box: box))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        box.beArray()
        return Unkeyed(box: box)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(box: box) }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let box: ShapeBox
        var codingPath: [any CodingKey] = []

        mutating func encodeNil(forKey key: Key) throws { box.field(key.stringValue, .unknown, required: false) }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            box.field(key.stringValue, try ShapeEncoding.shape(of: value), required: true)
        }

        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
            let shape = try value.map { try ShapeEncoding.shape(of: $0) } ?? ShapeEncoding.shape(ofAbsent: T.self)
            box.field(key.stringValue, shape, required: false)
        }

        // The plain types' overloads default to dropping an absent value unseen: route them through the generic one.
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try encodeIfPresent(value as Bool?, key) }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try encodeIfPresent(value as String?, key) }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try encodeIfPresent(value as Double?, key) }
        mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try encodeIfPresent(value as Float?, key) }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try encodeIfPresent(value as Int?, key) }
        mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try encodeIfPresent(value as Int8?, key) }
        mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try encodeIfPresent(value as Int16?, key) }
        mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try encodeIfPresent(value as Int32?, key) }
        mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try encodeIfPresent(value as Int64?, key) }
        mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try encodeIfPresent(value as UInt?, key) }
        mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try encodeIfPresent(value as UInt8?, key) }
        mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try encodeIfPresent(value as UInt16?, key) }
        mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try encodeIfPresent(value as UInt32?, key) }
        mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try encodeIfPresent(value as UInt64?, key) }

        private mutating func encodeIfPresent<T: Encodable>(_ value: T?, _ key: Key) throws {
            let shape = try value.map { try ShapeEncoding.shape(of: $0) } ?? ShapeEncoding.shape(ofAbsent: T.self)
            box.field(key.stringValue, shape, required: false)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(ShapeEncoding.Keyed<NestedKey>(box: nested(key, .object([:]))))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            ShapeEncoding.Unkeyed(box: nested(key, .array(nil)))
        }

        mutating func superEncoder() -> any Encoder { ShapeEncoding(box: box) }
        mutating func superEncoder(forKey key: Key) -> any Encoder { ShapeEncoding(box: nested(key, .unknown)) }

        /// A box for a nested container at `key`, whose writes land in this object's field.
        private func nested(_ key: Key, _ shape: JSONShape) -> ShapeBox {
            let inner = ShapeBox(), parent = box, name = key.stringValue
            inner.shape = shape
            inner.onChange = { parent.field(name, $0, required: true) }
            box.field(name, shape, required: true)
            return inner
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let box: ShapeBox
        var codingPath: [any CodingKey] = []
        var count = 0

        mutating func encodeNil() throws { count += 1 }

        mutating func encode<T: Encodable>(_ value: T) throws {
            box.element(try ShapeEncoding.shape(of: value))
            count += 1
        }

        // Nested containers in arrays are not followed: the element shape is left unknown (nothing of ours writes them).
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            box.element(.unknown)
            return KeyedEncodingContainer(ShapeEncoding.Keyed<NestedKey>(box: ShapeBox()))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            box.element(.unknown)
            return ShapeEncoding.Unkeyed(box: ShapeBox())
        }

        mutating func superEncoder() -> any Encoder { ShapeEncoding(box: ShapeBox()) }
    }

    struct Single: SingleValueEncodingContainer {
        let box: ShapeBox
        var codingPath: [any CodingKey] = []

        mutating func encodeNil() throws {}

        mutating func encode<T: Encodable>(_ value: T) throws { box.shape = try ShapeEncoding.shape(of: value) }
    }
}
