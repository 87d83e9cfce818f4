import Testing
@testable import GraderCore

@Suite struct SafeFileNameTests {
    @Test func namesStayReadableAndSafe() {
        #expect(SafeFileName.make("O'Brien, Pat") == "O'Brien, Pat")
        #expect(SafeFileName.make("李明") == "李明")
        #expect(SafeFileName.make("a/b\\c:d*e?f\"g<h>i|j") == "a_b_c_d_e_f_g_h_i_j")
        #expect(SafeFileName.make("trailing dots...  ") == "trailing dots")
        #expect(SafeFileName.make("..") == "_")
        #expect(SafeFileName.make("tab\there") == "tab_here")
    }

    /// Issue 26: Windows device names, a leading dash or dot, and names long in bytes.
    @Test func namesThatWouldMisbehaveBecomeOrdinaryFiles() {
        for (name, file) in [("CON", "CON_"), ("con", "con_"), ("Nul.txt", "Nul_.txt"), ("AUX", "AUX_"), ("prn", "prn_"),
                             ("COM1", "COM1_"), ("lpt9.x", "lpt9_.x"), ("COM10", "COM10"), ("Connor", "Connor"),
                             ("-rf", "_-rf"), (".hidden", "_.hidden"), ("..pdf", "_..pdf"), ("Anna", "Anna")] {
            #expect(SafeFileName.make(name) == file, "\(name)")
        }
        let long = SafeFileName.make(String(repeating: "李", count: 100))
        #expect(long == String(repeating: "李", count: 49), "cut by bytes at a whole character: \(long.utf8.count) bytes")
        #expect(SafeFileName.make(String(repeating: "a", count: 300)).utf8.count == SafeFileName.maxBytes - 1)
    }

    @Test func namesThatDifferOnlyInCaseGetDistinctFiles() {
        #expect(SafeFileName.distinct(["Anna Lee", "anna lee", "ANNA LEE", "Ben"]) == ["Anna Lee", "anna lee (2)", "ANNA LEE (3)", "Ben"])
    }

    /// Property: over random names, the files are distinct ignoring case and hold no path separator.
    @Test func distinctForRandomNames() {
        var random = SeededGenerator(seed: 99)
        let alphabet = Array("aAbB/\\: .é李?")
        for _ in 0..<200 {
            let names = (0..<(random.below(12) + 1)).map { _ in String((0..<(random.below(6) + 1)).map { _ in alphabet[random.below(alphabet.count)] }) }
            let files = SafeFileName.distinct(names)
            #expect(Set(files.map { $0.lowercased() }).count == names.count, "\(names) → \(files)")
            #expect(files.allSatisfy { !$0.isEmpty && !$0.contains("/") && !$0.contains("\\") && !$0.hasSuffix(".") })
        }
    }
}
