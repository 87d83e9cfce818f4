import Foundation

/// Which student a grader means by the name they typed, as graders type them: "Anna Schmidt" for
/// "Schmidt, Anna", "Zoe Angstrom" for "Zoë Ångström", "schm" for the only Schmidt, or a roster id.
///
/// Tried in order, the first step that finds anyone decides:
/// 1. the exact name (ignoring case and Unicode form, `Student.nameKey`), then the exact roster id;
/// 2. the loose name — accents, case, spaces and punctuation ignored, "Last, First" read as
///    "First Last", the words in any rotation ("Schmidt Anna") — or the roster id ignoring case;
/// 3. a prefix of the loose name (in any rotation);
/// 4. every typed word the start of a word of the name, in any order ("Emile Zola" for
///    "Zola, Émile Édouard Charles", "Li Lei" for "Li, Xiao Lei").
/// Several students at one step make the name ambiguous; nobody at all yields the nearest name
/// (by edit distance) when it is close enough to be a typo.
@_spi(Rules) public enum StudentLookup: Equatable, Sendable {
    /// One student, at this index of the list.
    case found(Int)
    /// Several students fit equally well (indexes in list order).
    case ambiguous([Int])
    /// Nobody fits; the index of the nearest name when one is close.
    case missing(nearest: Int?)

    /// Looks `typed` up among `students` (in list order).
    public init(_ typed: String, among students: [Student]) {
        let exact = Student(name: typed).nameKey
        if let index = students.firstIndex(where: { $0.nameKey == exact }) { self = .found(index); return }
        if let index = students.firstIndex(where: { $0.rosterID == typed }) { self = .found(index); return }
        let key = Self.looseKey(typed)
        guard !key.isEmpty else { self = .missing(nearest: nil); return }
        let forms = students.map(Self.looseForms)
        let id = typed.trimmingCharacters(in: .whitespaces).lowercased()
        let loose = students.indices.filter { forms[$0].contains(key) || students[$0].rosterID?.lowercased() == id }
        if let result = Self.decide(loose) { self = result; return }
        let prefixed = students.indices.filter { forms[$0].contains { $0.hasPrefix(key) } }
        if let result = Self.decide(prefixed) { self = result; return }
        let typedWords = Self.words(typed)
        let byWords = students.indices.filter { index in
            let name = Self.words(students[index].name)
            return typedWords.allSatisfy { typedWord in name.contains { $0.hasPrefix(typedWord) } }
        }
        if let result = Self.decide(byWords) { self = result; return }
        let distances = forms.map { $0.map { NearestName.editDistance(key, $0) }.min() ?? .max }
        let best = distances.indices.min { distances[$0] < distances[$1] }
        let tolerance = NearestName.tolerance(key)
        self = .missing(nearest: best.flatMap { distances[$0] <= tolerance ? $0 : nil })
    }

    private static func decide(_ indexes: [Int]) -> StudentLookup? {
        switch indexes.count {
        case 0: return nil
        case 1: return .found(indexes[0])
        default: return .ambiguous(indexes)
        }
    }

    /// The words of a name with accents, case and width folded and "Last, First" turned round.
    static func words(_ name: String) -> [String] {
        let folded = name.precomposedStringWithCompatibilityMapping
            .folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        let parts = folded.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
        let ordered = parts.count == 2 ? parts[1] + " " + parts[0] : folded
        return ordered.split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }

    /// The name as one loose key, spaces and punctuation dropped.
    static func looseKey(_ name: String) -> String { words(name).joined() }

    /// Every rotation of the name's words as a loose key: "annaschmidt", "schmidtanna".
    static func looseForms(_ student: Student) -> [String] {
        let words = words(student.name)
        guard words.count > 1 else { return [words.joined()] }
        return words.indices.map { (words[$0...] + words[..<$0]).joined() }
    }
}

extension Array where Element == Student {
    /// The index of the student a user means by `name`, or the rule error: ambiguous names list
    /// the candidates, unknown ones suggest the nearest.
    public func resolve(studentNamed name: String) throws(GradingError) -> Int {
        switch StudentLookup(name, among: self) {
        case .found(let index): return index
        case .ambiguous(let indexes): throw .ambiguousStudent(name, candidates: indexes.map { self[$0].name })
        case .missing(let nearest?): throw .unknownStudentNear(name, nearest: self[nearest].name)
        case .missing(nil): throw .unknownStudent(name)
        }
    }
}
