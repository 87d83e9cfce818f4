import Foundation
import GraderCore

/// A booklet's page sizes stored as JSON `[[width, height], …]`.
enum PageSizesColumn {
    static func encode(_ sizes: [PageSize]) -> String {
        "[" + sizes.map { "[\($0.width),\($0.height)]" }.joined(separator: ",") + "]"
    }

    /// Reads the pairs back; read for every student on every command, so the numbers are
    /// picked out of the bytes directly (decoding JSON or walking Characters made this the main
    /// cost of a command at 1,000 students).
    static func decode(_ text: String) -> [PageSize] {
        var numbers: [Double] = [], digits: [UInt8] = []
        for byte in text.utf8 {
            if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: " ") {
                if !digits.isEmpty, let number = Double(String(decoding: digits, as: UTF8.self)) { numbers.append(number) }
                digits.removeAll(keepingCapacity: true)
            } else {
                digits.append(byte)
            }
        }
        return stride(from: 0, to: numbers.count - 1, by: 2).map { PageSize(width: numbers[$0], height: numbers[$0 + 1]) }
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
