import Foundation
import GRDB
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

/// An annotation's content stored as JSON, and a stroke's kind in `ink_kind` beside it (NULL for a note).
enum AnnotationColumn {
    static func encode(_ content: AnnotationContent) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(content), as: UTF8.self)
    }

    /// The `ink_kind` of `content`.
    static func kind(_ content: AnnotationContent) -> String? {
        guard case .ink(let stroke) = content else { return nil }
        return stroke.kind.rawValue
    }

    /// The content of a row: `content` and `ink_kind` (a kind this build does not know reads as the pen).
    static func decode(_ row: Row) throws -> AnnotationContent {
        let content = try JSONDecoder().decode(AnnotationContent.self, from: Data((row["content"] as String).utf8))
        guard case .ink(var stroke) = content, let kind = (row["ink_kind"] as String?).flatMap(InkKind.init(rawValue:)) else { return content }
        stroke.kind = kind
        return .ink(stroke)
    }
}

/// A page's alignment stored as text: "a b tx ty score" (reference points → page points, and the
/// match score), "- score" for a page that did not match; NULL for a page never aligned. Words
/// may follow: what was seen on an unmatched page (`AlignmentProblem.code`), "turned" for a page
/// shown upside down that is not turned in its scan's rotation (a bulk copy's), "hand" for a page
/// placed by hand.
enum AlignmentColumn {
    static func encode(_ alignment: PageAlignment, turnedInText: Bool = false) -> String {
        let score = String(format: "%.4f", alignment.score)
        var words: [String]
        if let t = alignment.transform {
            words = [t.a, t.b, t.tx, t.ty].map { "\($0)" } + [score]
        } else {
            words = ["-", score] + (alignment.problem.map { [$0.code] } ?? [])
        }
        if turnedInText && alignment.upsideDown { words.append("turned") }
        if alignment.byHand { words.append("hand") }
        return words.joined(separator: " ")
    }

    /// The alignment, or nil for text that is not one; `rotation` is the page's stored turn (180:
    /// shown upside down), 0 when the rotation says something else (a bulk page's turn in its scan).
    static func decode(_ text: String, rotation: Int) -> PageAlignment? {
        var words = text.split(separator: " ").map(String.init)
        var (upsideDown, byHand) = (rotation == 180, false)
        if words.last == "hand" { byHand = true; words.removeLast() }
        if words.last == "turned" { upsideDown = true; words.removeLast() }
        if words.count >= 2, words[0] == "-", let score = Double(words[1]) {
            let problem = words.count == 3 ? AlignmentProblem(code: words[2]) : nil
            return PageAlignment(transform: nil, score: score, upsideDown: upsideDown, problem: problem)
        }
        let parts = words.map { Double($0) }
        guard parts.count == 5, let a = parts[0], let b = parts[1], let tx = parts[2], let ty = parts[3], let score = parts[4]
        else { return nil }
        return PageAlignment(transform: SimilarityTransform(a: a, b: b, tx: tx, ty: ty), score: score, upsideDown: upsideDown, byHand: byHand)
    }
}
