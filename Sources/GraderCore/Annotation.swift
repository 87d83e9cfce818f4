/// Identifies an annotation (ink stroke, note or rubric stamp) within a project.
public struct AnnotationID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The stored row id.
    public let rawValue: Int64
    /// Wraps a stored id.
    public init(_ rawValue: Int64) { self.rawValue = rawValue }
    public static func < (lhs: AnnotationID, rhs: AnnotationID) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { "annotation #\(rawValue)" }
}

/// A free-hand pen stroke.
public struct InkStroke: Hashable, Sendable, Codable {
    /// The path, relative to the page size.
    public var points: [RelativePoint]
    /// Pen colour.
    public var color: RGBColor
    /// Pen width in points (at full pressure when pressures are given).
    public var width: Double
    /// The pen's pressure (0…1) at each point, when the pen reported it; nil for a mouse or a
    /// typed path.
    public var pressures: [Double]?
    /// Pen or highlighter; stored in a column of its own, not in the content's JSON.
    public var kind: InkKind = .pen

    private enum CodingKeys: String, CodingKey { case points, color, width, pressures }

    /// Creates a stroke.
    public init(points: [RelativePoint], color: RGBColor = .red, width: Double = 1.5, pressures: [Double]? = nil, kind: InkKind = .pen) {
        self.points = points
        self.color = color
        self.width = width
        self.pressures = pressures
        self.kind = kind
    }
}

/// A typed note.
public struct TextNote: Hashable, Sendable, Codable {
    /// The text; may hold line breaks and any script.
    public var text: String
    /// Top-left corner of the text, relative to the page size.
    public var position: RelativePoint
    /// Font size in points.
    public var fontSize: Double
    /// Text colour.
    public var color: RGBColor

    /// Creates a note.
    public init(text: String, position: RelativePoint, fontSize: Double = 11, color: RGBColor = .red) {
        self.text = text
        self.position = position
        self.fontSize = fontSize
        self.color = color
    }
}

/// What an annotation draws.
public enum AnnotationContent: Hashable, Sendable, Codable {
    /// A pen stroke.
    case ink(InkStroke)
    /// A typed note.
    case note(TextNote)
    /// A rubric item placed on the answer.
    case stamp(RubricStamp)

    /// The same content shifted by `dx`, `dy` (relative units).
    public func moved(dx: Double, dy: Double) -> AnnotationContent {
        switch self {
        case .ink(var stroke):
            stroke.points = stroke.points.map { RelativePoint(x: $0.x + dx, y: $0.y + dy) }
            return .ink(stroke)
        case .note(var note):
            note.position = RelativePoint(x: note.position.x + dx, y: note.position.y + dy)
            return .note(note)
        case .stamp(var stamp):
            stamp.position = RelativePoint(x: stamp.position.x + dx, y: stamp.position.y + dy)
            return .stamp(stamp)
        }
    }

    /// The first of its points that lies off the page (a note's corner, a stroke's point), if any.
    public var firstPointOffPage: RelativePoint? {
        switch self {
        case .ink(let stroke): stroke.points.first { !$0.isOnPage }
        case .note(let note): note.position.isOnPage ? nil : note.position
        case .stamp(let stamp): stamp.position.isOnPage ? nil : stamp.position
        }
    }
}

/// An annotation on one student's page.
public struct Annotation: Hashable, Sendable {
    /// Its id.
    public let id: AnnotationID
    /// On whose booklet.
    public let page: PageRef
    /// What it draws.
    public var content: AnnotationContent

    /// Creates an annotation.
    public init(id: AnnotationID, page: PageRef, content: AnnotationContent) {
        self.id = id
        self.page = page
        self.content = content
    }
}
