import GraderCore
import Testing

/// What anonymous grading makes of a message: names, e-mails and scan paths become pseudonyms;
/// the same letters inside other words stay.
@Suite struct PseudonymTextTests {
    let text = PseudonymText(students: [
        (name: "Schmidt, Anna", email: "anna@uni.example", scanPaths: ["/p/exam.ezgrader/scans/Schmidt_Anna.pdf", "scans/Schmidt_Anna.pdf"],
         pseudonym: "Student K7QM"),
        (name: "Anna", email: nil, scanPaths: [], pseudonym: "Student 3XPA"),
        (name: "Cy", email: nil, scanPaths: [], pseudonym: "Student 9RTB"),
    ])

    @Test func theLongestNameWinsAndOnlyWholeWordsAreReplaced() {
        #expect(text.apply("note on Schmidt, Anna page 1") == "note on Student K7QM page 1")
        #expect(text.apply("score Anna on Q1: 3; Cy's too") == "score Student 3XPA on Q1: 3; Student 9RTB's too")
        #expect(text.apply("Cycle Annabel Cy2") == "Cycle Annabel Cy2")
    }

    @Test func scanPathsAndEMailsBecomeThePseudonym() {
        #expect(text.apply("'/p/exam.ezgrader/scans/Schmidt_Anna.pdf' is damaged") == "'Student K7QM's scan' is damaged")
        #expect(text.apply("write to anna@uni.example") == "write to Student K7QM")
    }
}
