import GraderCore
import Testing

/// The returned booklet's message: placeholders filled per student in the text, the subject and
/// HTML (escaped, scores a table, comments a list), unknown ones refused with their line; the pace.
@Suite struct MessageTemplateTests {
    /// Anna (or `name`): Q1 3 of 4 from a rubric comment, Q2 ungraded.
    private func feedback(name: String = "Anna & Co") throws -> StudentFeedback {
        let q1 = Question(id: QuestionID(1), page: 1, position: RelativePoint(x: 0.5, y: 0.1), maxPoints: Points("4")!, label: "Q1")
        let q2 = Question(id: QuestionID(2), page: 1, position: RelativePoint(x: 0.5, y: 0.5), maxPoints: Points("6")!, label: "Q<2>")
        let item = RubricItem(id: RubricItemID(1), question: q1.id, number: 1, text: "Sign error", explanation: "check line 2", points: Points("-1")!)
        let entry = GradeBook.Entry(key: StudentKey(1), student: Student(name: name, rosterID: "S1"), scanPath: "scans/Anna.pdf",
                                    pageSizes: [PageSize(width: 612, height: 792)])
        let book = GradeBook(students: [entry], pagesPerStudent: 1, questions: [q1, q2], scores: [:], annotations: [], rubricItems: [q1.id: [item]])
            .applying([item], question: q1.id, student: StudentID(0)).setting(Points("3")!, question: q1.id, student: StudentID(0), byRubric: true)
        return StudentFeedback(book, student: StudentID(0), exam: "Midterm")
    }

    @Test func everyPlaceholderIsFilledInAsPlainText() throws {
        let template = try MessageTemplate("{{ name }} ({{id}}), {{exam}}: {{total}}/{{maximum}} = {{percent}}%\n{{scores}}\n{{comments}}", origin: "t")
        #expect(template.plainText(try feedback()) == """
            Anna & Co (S1), Midterm: 3/10 = 30%
            Q1: 3 / 4
            Q<2>: ? / 6
            Q1:
              - −1 Sign error: check line 2
            """)
    }

    @Test func theStandardLetterGreetsARostersLastFirstNameInReadingOrder() throws {
        let standard = try MessageTemplate(MessageTemplate.standardText, origin: "standard")
        #expect(standard.plainText(try feedback(name: "Okafor, Ben")) == """
            Dear Ben Okafor,

            Your graded Midterm is attached. You scored 3 out of 10 (30%).

            Q1: 3 / 4
            Q<2>: ? / 6

            Comments:
            Q1:
              - −1 Sign error: check line 2
            """)
        for stored in ["Okafor, Ben, Jr.", "Ben Okafor", "Okafor,", ", Ben", "Anna & Co"] {
            #expect(standard.plainText(try feedback(name: stored)).hasPrefix("Dear \(stored),\n"), "\(stored)")
        }
        let own = try MessageTemplate("{{name}} / {{reading_name}}", origin: "t")
        #expect(own.plainText(try feedback(name: "Okafor, Ben")) == "Okafor, Ben / Ben Okafor")
    }

    @Test func theSubjectIsOneLine() throws {
        #expect(try MessageTemplate("{{exam}} — {{scores}}", origin: "s").line(try feedback()) == "Midterm — Q1: 3 / 4; Q<2>: ? / 6")
    }

    @Test func htmlEscapesTheValuesAndTheTextOfAPlainTemplate() throws {
        let html = try MessageTemplate("Dear {{name}} <3\n\n{{scores}}", origin: "t").html(try feedback())
        #expect(html.contains("<p>Dear Anna &amp; Co &lt;3</p>\n<p></p>\n<table>\n<tr><td>Q1</td><td>3 / 4</td></tr>\n<tr><td>Q&lt;2&gt;</td><td>? / 6</td></tr>\n</table>"))
        let own = try MessageTemplate("<h1>{{name}}</h1>{{comments}}", origin: "t", isHTML: true).html(try feedback())
        #expect(own == "<h1>Anna &amp; Co</h1></p>\n<ul>\n<li>Q1<ul><li>−1 Sign error: check line 2</li></ul></li>\n</ul>\n<p>")
    }

    @Test func anUnknownOrUnclosedPlaceholderIsRefusedWithItsLine() {
        #expect(throws: MessageTemplateError.unknownPlaceholder("Grade", origin: "template 'm.txt'", line: 3)) {
            try MessageTemplate("Hi\n\n{{Grade}}", origin: "template 'm.txt'")
        }
        #expect(throws: MessageTemplateError.unclosed(origin: "the subject", line: 2)) { try MessageTemplate("a\n{{name", origin: "the subject") }
        #expect(MessageTemplateError.unknownPlaceholder("grade", origin: "template 'm.txt'", line: 3).localizedDescription
            == "template 'm.txt', line 3: unknown placeholder {{grade}}: use {{name}}, {{reading_name}}, {{id}}, {{exam}}, {{total}}, {{maximum}}, "
            + "{{percent}}, {{scores}}, {{comments}}. Nothing was sent.")
    }

    @Test func theStandardTemplatesAreValid() throws {
        _ = try MessageTemplate(MessageTemplate.standardText, origin: "standard")
        _ = try MessageTemplate(MessageTemplate.standardSubject, origin: "standard")
    }

    @Test(arguments: [1, 7, 30, 600])
    func messagesAreSpacedEvenlyAndNeverWaitOnceDue(perMinute: Int) {
        let pace = SendPace(perMinute: perMinute), gap = 60 / Double(perMinute)
        var generator = SeededGenerator(seed: UInt64(perMinute))
        for _ in 0..<200 {
            let index = Int.random(in: 0..<1000, using: &generator), now = Double.random(in: 0..<10_000, using: &generator)
            let wait = pace.wait(before: index, start: 0, now: now)
            #expect(wait >= 0)
            #expect(abs((now + wait) - max(now, Double(index) * gap)) < 1e-6, "message \(index) starts when due, not before")
        }
    }
}
