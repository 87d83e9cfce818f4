import Testing
@_spi(Rules) @testable import GraderCore

@Suite struct StudentLookupTests {
    private let students = [Student(name: "Schmidt, Anna", rosterID: "S-1001"), Student(name: "Zoë Ångström"),
                            Student(name: "Anna Weber"), Student(name: "Jean-Luc Picard"), Student(name: "Ben Okafor")]

    private func message(_ name: String) -> String? {
        do { _ = try students.resolve(studentNamed: name); return nil } catch { return error.localizedDescription }
    }

    @Test func namesAsGradersTypeThem() {
        #expect(StudentLookup("Anna Schmidt", among: students) == .found(0))
        #expect(StudentLookup("schmidt anna", among: students) == .found(0))
        #expect(StudentLookup("SCHMIDT,ANNA", among: students) == .found(0))
        #expect(StudentLookup("Zoe Angstrom", among: students) == .found(1))
        #expect(StudentLookup("Ångström, Zoë", among: students) == .found(1))
        #expect(StudentLookup("zoeangstrom", among: students) == .found(1))
        #expect(StudentLookup("jean luc picard", among: students) == .found(3))
        #expect(StudentLookup("Picard", among: students) == .found(3))
        #expect(StudentLookup("Schm", among: students) == .found(0))
        #expect(StudentLookup("S-1001", among: students) == .found(0))
        #expect(StudentLookup("s-1001", among: students) == .found(0))
    }

    @Test func partOfANameInAnyOrderFindsTheStudent() {
        let students = [Student(name: "Zola, Émile Édouard Charles"), Student(name: "Li, Xiao Lei"), Student(name: "Lei Wang")]
        #expect(StudentLookup("Emile Zola", among: students) == .found(0))
        #expect(StudentLookup("charles zola", among: students) == .found(0))
        #expect(StudentLookup("Li Lei", among: students) == .found(1))
        #expect(StudentLookup("Lei", among: students) == .ambiguous([1, 2]), "a word two names share lists both")
    }

    @Test func anExactNameWinsOverLooserOnes() {
        let twins = [Student(name: "Zoe Lang"), Student(name: "Zoë Lang")]
        #expect(StudentLookup("zoë lang", among: twins) == .found(1))
        #expect(StudentLookup("Zoe Lang", among: twins) == .found(0))
        #expect(StudentLookup("Lang, Zoe", among: twins) == .ambiguous([0, 1]))
    }

    @Test func ambiguousNamesListTheCandidates() {
        #expect(StudentLookup("Anna", among: students) == .ambiguous([0, 2]))
        #expect(message("Anna") == "'Anna' could be any of 2 students: Schmidt, Anna; Anna Weber. Type more of the name, or the roster id.")
    }

    @Test func unknownNamesSuggestTheNearest() {
        #expect(StudentLookup("Ana Shmidt", among: students) == .missing(nearest: 0))
        #expect(message("Ben Okafr") == "No student 'Ben Okafr' in this project: did you mean 'Ben Okafor'? (ezgrader status lists the students.)")
        #expect(message("Xavier Quist") == "No student 'Xavier Quist' in this project: check the spelling (ezgrader status lists the students).")
        #expect(message("  ") == "No student '  ' in this project: check the spelling (ezgrader status lists the students).")
    }

    @Test func theDirectoryUsesTheRule() throws {
        let entries = students.enumerated().map { GradeBook.Entry(key: StudentKey(Int64($0.offset + 1)), student: $0.element, scanPath: "", pageSizes: []) }
        let directory = ProjectDirectory(students: entries, pagesPerStudent: 1, questions: [])
        #expect(directory.student(named: "Anna Schmidt") == StudentID(0))
        #expect(directory.student(named: "Anna") == nil)
        #expect(directory.student(exactlyNamed: "Schm") == nil)
        #expect(throws: GradingError.ambiguousStudent("anna", candidates: ["Schmidt, Anna", "Anna Weber"])) { try directory.resolveStudent("anna") }
    }
}
