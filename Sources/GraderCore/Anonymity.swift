/// A project's anonymous-grading setting: while on, every grading view (the browser, `grade`,
/// `preview`) shows each student by a stable pseudonym and covers the name regions (the name, the
/// student number, a name printed on prepared copies); exports keep the real names.
public struct Anonymity: Sendable, Equatable {
    /// Whether grading views hide names.
    public var isOn: Bool
    /// Where the pages show who the student is, in points on the reference pages.
    public var nameRegions: [NameRegion]
    /// Mixed into every pseudonym so two projects give the same student different ones.
    public var salt: String

    /// Creates a setting.
    public init(isOn: Bool, nameRegions: [NameRegion] = [], salt: String) {
        self.isOn = isOn
        self.nameRegions = nameRegions
        self.salt = salt
    }

    /// Grading without hiding anything.
    public static let off = Anonymity(isOn: false, salt: "")

    /// The pseudonym of each student (by key): "Student " and four letters or digits from a hash of the
    /// key and the salt — the same every time, distinct within the class (a longer code where four collide).
    public func pseudonyms(for keys: [StudentKey]) -> [StudentKey: String] {
        var names: [StudentKey: String] = [:], taken: Set<String> = []
        for key in keys.sorted() {
            var length = 4
            var code = Self.code(for: key, salt: salt, length: length)
            while taken.contains(code) {
                length += 1
                code = Self.code(for: key, salt: salt, length: length)
            }
            taken.insert(code)
            names[key] = "Student " + code
        }
        return names
    }

    /// Letters and digits without look-alikes (no 0/O, 1/I/L).
    private static let alphabet = Array("23456789ABCDEFGHJKMNPQRSTUVWXYZ")

    /// `length` characters of a 64-bit FNV-1a hash of the salt and the key.
    private static func code(for key: StudentKey, salt: String, length: Int) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in Array("\(salt)#\(key.rawValue)".utf8) {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        var characters: [Character] = []
        for _ in 0..<length {
            characters.append(alphabet[Int(hash % UInt64(alphabet.count))])
            hash /= UInt64(alphabet.count)
            if hash == 0 { hash = 0x9E37_79B9_7F4A_7C15 &* UInt64(characters.count + 1) }
        }
        return String(characters)
    }
}

/// A part of a page that shows who the student is: covered in every grading view while anonymous
/// grading is on.
public struct NameRegion: Sendable, Equatable {
    /// The page (1-based).
    public var page: Int
    /// The part of the reference page, in points from its top-left corner.
    public var rect: PageRect

    /// A region of `page`.
    public init(page: Int, rect: PageRect) {
        self.page = page
        self.rect = rect
    }

    /// The regions as stored: `page:x,y,width,height` joined by `;`.
    public static func text(_ regions: [NameRegion]) -> String {
        regions.map { region in
            "\(region.page):" + [region.rect.origin.x, region.rect.origin.y, region.rect.width, region.rect.height].map { String($0) }.joined(separator: ",")
        }.joined(separator: ";")
    }

    /// The regions stored as `text`; a region without a page (as projects stored one before there
    /// could be several) is on page 1. Unreadable parts are left out.
    public static func regions(_ text: String) -> [NameRegion] {
        text.split(separator: ";").compactMap { part in
            let pieces = part.split(separator: ":", maxSplits: 1)
            let page = pieces.count == 2 ? Int(pieces[0]) : 1
            let values = (pieces.last ?? "").split(separator: ",").compactMap { Double($0) }
            guard let page, values.count == 4 else { return nil }
            return NameRegion(page: page, rect: PageRect(origin: PagePoint(x: values[0], y: values[1]), width: values[2], height: values[3]))
        }
    }
}
