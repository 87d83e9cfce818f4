/// What the combined class document shows a grader besides the pages: a label per page
/// ("Anna — p. 2") and an outline grouped the way the pages are ordered.
public struct CombinedLayout: Sendable, Equatable {
    /// An outline entry pointing at a combined page index (0-based).
    public struct Entry: Sendable, Equatable {
        /// Text shown in the viewer's outline.
        public let title: String
        /// Combined index of the page it opens.
        public let pageIndex: Int
        /// Entries nested under this one.
        public let children: [Entry]
    }

    /// One label per combined page, in order.
    public let pageLabels: [String]
    /// Top-level outline entries: one per page number (per-page and shuffled orders), each with
    /// its students, or one per student (per-student order), each with its pages.
    public let outline: [Entry]

    /// Lays out labels and outline for `students` walked in `sequence`.
    public init(students: [Student], sequence: GradingSequence) {
        pageLabels = sequence.pageRefs.map { ref in Self.label(students[ref.student.index].name, page: ref.page) }
        let pages = 1...max(sequence.pagesPerStudent, 1)
        if sequence.order.groupsByPage {
            outline = sequence.pagesPerStudent == 0 ? [] : pages.map { page in
                let children = sequence.studentOrder.map { student in
                    Entry(title: students[student.index].name,
                          pageIndex: sequence.index(of: PageRef(student: student, page: page)), children: [])
                }
                return Entry(title: "Page \(page)", pageIndex: children.first?.pageIndex ?? 0, children: children)
            }
        } else {
            outline = sequence.pagesPerStudent == 0 ? [] : sequence.studentOrder.map { student in
                let children = pages.map { page in
                    Entry(title: "p. \(page)",
                          pageIndex: sequence.index(of: PageRef(student: student, page: page)), children: [])
                }
                return Entry(title: students[student.index].name, pageIndex: children[0].pageIndex, children: children)
            }
        }
    }

    /// The label a viewer shows for a student's page.
    public static func label(_ name: String, page: Int) -> String { "\(name) — p. \(page)" }
}
