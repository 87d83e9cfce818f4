import Foundation

/// File names made from student names that are safe on every file system (Linux, macOS,
/// Windows, FAT USB sticks) and distinct even where names differ only in case.
public enum SafeFileName {
    /// The longest name made, in UTF-8 bytes (file systems count bytes, not characters): with
    /// " (999)", ".pdf" and the atomic writer's temporary suffix it stays under 255 bytes.
    public static let maxBytes = 150

    /// Device names Windows reserves whatever the case and extension ("con.pdf" cannot be
    /// created there, and copying one onto a USB stick fails).
    static let reservedStems: Set<String> = Set(["CON", "PRN", "AUX", "NUL"] + (1...9).flatMap { ["COM\($0)", "LPT\($0)"] })

    /// `name` with path separators, reserved and control characters replaced by `_`, trailing
    /// dots and spaces removed, at most `maxBytes` bytes of whole characters; a leading `-` (read
    /// as an option by shell tools) or `.` (a hidden file) and a Windows device name (CON, NUL,
    /// COM1 …) get a `_` so the file is an ordinary one; never empty.
    public static func make(_ name: String) -> String {
        let reserved: Set<Character> = ["/", "\\", ":", "*", "?", "\"", "<", ">", "|"]
        var cleaned = String(name.precomposedStringWithCanonicalMapping.map { character in
            reserved.contains(character) || character.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } ? "_" : character
        })
        cleaned = prefix(of: trimmingEnd(cleaned), bytes: maxBytes - 1)
        cleaned = trimmingEnd(cleaned)
        if let first = cleaned.first, first == "-" || first == "." { cleaned = "_" + cleaned }
        let stem = cleaned.prefix { $0 != "." }
        if reservedStems.contains(stem.trimmingCharacters(in: .whitespaces).uppercased()) {
            cleaned = String(stem) + "_" + String(cleaned.dropFirst(stem.count))
        }
        return cleaned.isEmpty ? "_" : cleaned
    }

    /// Safe names for `names`, in order; names that would collide on a case-insensitive file
    /// system get " (2)", " (3)", … after the first.
    public static func distinct(_ names: [String]) -> [String] {
        var used: Set<String> = []
        return names.map { name in
            let base = make(name)
            var candidate = base, copy = 1
            while used.contains(candidate.lowercased()) {
                copy += 1
                candidate = "\(base) (\(copy))"
            }
            used.insert(candidate.lowercased())
            return candidate
        }
    }

    /// The longest start of `text` of whole characters that takes at most `bytes` UTF-8 bytes.
    public static func prefix(of text: String, bytes: Int) -> String {
        var total = 0
        return String(text.prefix { character in
            total += character.utf8.count
            return total <= bytes
        })
    }

    private static func trimmingEnd(_ text: String) -> String {
        var text = text
        while let last = text.last, last == "." || last == " " { text.removeLast() }
        return text
    }
}
