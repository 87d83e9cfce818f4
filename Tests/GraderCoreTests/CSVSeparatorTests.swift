import Testing
@testable import GraderCore

@Suite struct CSVSeparatorTests {
    @Test func theFirstLineTellsTheSeparator() throws {
        #expect(CSVSeparator.detect("Student,ID,Q1\r\nA;B;C;D\r\n") == .comma)
        #expect(CSVSeparator.detect("Student;ID;Q1\r\n\"a,b\",1,2\r\n") == .semicolon)
        #expect(CSVSeparator.detect("\"Schmidt, Anna, Dr\";Q1\r\n") == .semicolon)
        #expect(CSVSeparator.detect("") == .comma)
        #expect(try CSVRecords.parse("a;\"b;c\";2,5\r\n", separator: .semicolon) == [["a", "b;c", "2,5"]])
        #expect(CSVSeparator.semicolon.number("2,5") == "2.5")
        #expect(CSVSeparator.semicolon.number("Schmidt, Anna") == "Schmidt, Anna")
        #expect(CSVSeparator.comma.number("2,5") == "2,5")
    }
}
