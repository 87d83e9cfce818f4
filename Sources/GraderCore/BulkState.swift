/// A bulk-scanned class as the project records it: the exam, the scans, what was read on every
/// scanned page, and the copies with the student each is for (when known).
public struct BulkState: Sendable, Equatable {
    /// One bulk scan stored in the project.
    public struct Scan: Sendable, Equatable {
        /// Path inside the project folder.
        public let file: String
        /// The file name the user gave, for messages.
        public let original: String
        /// Its pages.
        public let pages: Int

        /// Creates a scan entry.
        public init(file: String, original: String, pages: Int) {
            self.file = file
            self.original = original
            self.pages = pages
        }
    }

    /// A prepared copy the project knows of.
    public struct Copy: Sendable, Equatable {
        /// The copy number (1-based).
        public let copy: Int
        /// The student it was prepared for (a roster row), or matched to; nil when unknown.
        public let student: Student?
        /// The project student it became once complete; nil while held back.
        public let key: StudentKey?

        /// Creates a copy entry.
        public init(copy: Int, student: Student?, key: StudentKey?) {
            self.copy = copy
            self.student = student
            self.key = key
        }
    }

    /// The exam id all placed pages carry.
    public let exam: String
    /// Copies printed.
    public let copies: Int
    /// Pages in each copy.
    public let pagesPerCopy: Int
    /// The bulk scans, in import order (a `ScanPageRef.scan` indexes this).
    public let scans: [Scan]
    /// Every scanned page and what it says.
    public let pages: [ScannedPage]
    /// The copies with a known student or project student, in copy order.
    public let knownCopies: [Copy]

    /// Creates a state.
    public init(exam: String, copies: Int, pagesPerCopy: Int, scans: [Scan], pages: [ScannedPage], knownCopies: [Copy]) {
        self.exam = exam
        self.copies = copies
        self.pagesPerCopy = pagesPerCopy
        self.scans = scans
        self.pages = pages
        self.knownCopies = knownCopies
    }

    /// The sort of every page into copies.
    public var sort: BulkSort { BulkSort(exam: exam, copies: copies, pagesPerCopy: pagesPerCopy, pages: pages) }

    /// The entry of `copy`, if the project knows it.
    public func known(_ copy: Int) -> Copy? { knownCopies.first { $0.copy == copy } }
}
