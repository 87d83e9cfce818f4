import Foundation
import GraderCore

/// A booklet's page sizes stored as JSON `[[width, height], …]`.
enum PageSizesColumn {
    static func encode(_ sizes: [PageSize]) -> String {
        "[" + sizes.map { "[\($0.width),\($0.height)]" }.joined(separator: ",") + "]"
    }

    static func decode(_ text: String) -> [PageSize] {
        let pairs = (try? JSONDecoder().decode([[Double]].self, from: Data(text.utf8))) ?? []
        return pairs.compactMap { $0.count == 2 ? PageSize(width: $0[0], height: $0[1]) : nil }
    }
}

/// An annotation's content stored as JSON.
enum AnnotationColumn {
    static func encode(_ content: AnnotationContent) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(content), as: UTF8.self)
    }

    static func decode(_ text: String) throws -> AnnotationContent {
        try JSONDecoder().decode(AnnotationContent.self, from: Data(text.utf8))
    }
}
