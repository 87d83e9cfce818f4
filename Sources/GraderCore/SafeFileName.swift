import Foundation

/// File names made from student names that are safe on every file system (Linux, macOS,
/// Windows, FAT USB sticks) and distinct even where names differ only in case.
public enum SafeFileName {
    /// `name` with path separators, reserved and control characters replaced by `_`, trailing
    /// dots and spaces removed, and at most 100 characters; never empty.
    public static func make(_ name: String) -> String {
        let reserved: Set<Character> = ["/", "\\", ":", "*", "?", "\"", "<", ">", "|"]
        var cleaned = String(name.precomposedStringWithCanonicalMapping.map { character in
            reserved.contains(character) || character.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } ? "_" : character
        })
        while let last = cleaned.last, last == "." || last == " " { cleaned.removeLast() }
        cleaned = String(cleaned.prefix(100))
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
}
