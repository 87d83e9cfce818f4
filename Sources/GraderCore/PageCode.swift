/// What the code printed on one page of one prepared copy says: the exam, the copy and the page.
///
/// Its text (`EZG1:EXAM:COPY/COPIES:PAGE/PAGES:VERSION`, the version empty for an exam of one
/// version) is what the QR symbol holds; the same facts are printed beside it for people. Copies
/// and pages are 1-based, as users see them.
public struct PageCode: Sendable, Hashable, CustomStringConvertible {
    /// The exam's id, shared by every page of every copy printed together.
    public let exam: String
    /// The copy (1-based).
    public let copy: Int
    /// How many copies were printed.
    public let copies: Int
    /// The page of the copy (1-based).
    public let page: Int
    /// Pages in each copy.
    public let pages: Int
    /// The version of the exam the copy is (`prepare --versions`); nil for an exam of one version.
    public let version: String?

    /// The prefix every ezgrader page code starts with (and its format version).
    public static let prefix = "EZG1"

    /// A code; nil when a number is out of range, the exam id is not 1–16 letters and digits or
    /// the version cannot name a version.
    public init?(exam: String, copy: Int, copies: Int, page: Int, pages: Int, version: String? = nil) {
        guard Self.isValidExamID(exam), (1...copies).contains(copy), (1...pages).contains(page) else { return nil }
        if let version { guard (try? ExamVersion.checkedName(version)) == version else { return nil } }
        self.version = version
        self.exam = exam
        self.copy = copy
        self.copies = copies
        self.page = page
        self.pages = pages
    }

    /// Parses a code's text; nil when it is not an ezgrader page code.
    public init?(text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0] == Self.prefix else { return nil }
        let copy = parts[2].split(separator: "/"), page = parts[3].split(separator: "/")
        guard copy.count == 2, page.count == 2, let c = Int(copy[0]), let cs = Int(copy[1]), let p = Int(page[0]), let ps = Int(page[1])
        else { return nil }
        self.init(exam: String(parts[1]), copy: c, copies: cs, page: p, pages: ps, version: parts[4].isEmpty ? nil : String(parts[4]))
    }

    /// The text the QR symbol holds.
    public var text: String { "\(Self.prefix):\(exam):\(copy)/\(copies):\(page)/\(pages):\(version ?? "")" }

    /// The same facts for people, printed beside the symbol.
    public var label: String { "\(exam) · copy \(copy) · page \(page)/\(pages)" + (version.map { " · version \($0)" } ?? "") }

    public var description: String { "copy \(copy) page \(page)" }

    /// True for 1–16 ASCII letters and digits (printed, typed and compared as is).
    public static func isValidExamID(_ id: String) -> Bool {
        (1...16).contains(id.count) && id.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }
}
