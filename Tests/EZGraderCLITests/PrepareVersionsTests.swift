import Foundation
import ScanFactory
import Testing
import TestSupport

/// `prepare --versions`: the versions spread over the copies, counted per version, and the
/// options it cannot honour refused before anything is written.
@Suite struct PrepareVersionsTests {
    private let ezgrader = builtProduct("ezgrader")

    @discardableResult
    private func run(_ folder: TemporaryFolder, _ arguments: String...) throws -> CommandResult {
        try runCommand(ezgrader, arguments, in: folder.path)
    }

    @Test func versionsGoRoundTheCopiesAndWrongOptionsAreRefused() throws {
        let folder = TemporaryFolder()
        for name in ["A", "B", "C"] {
            try ScanFactory.writeVectorPDF(to: URL(fileURLWithPath: folder.file("\(name).pdf")), label: name, pageSizes: [(612, 792), (612, 792)])
        }
        let seats = try run(folder, "prepare", "--versions", "A.pdf", "B.pdf", "C.pdf", "--copies", "7", "--exam-id", "V35", "-o", "print.pdf")
        #expect(seats.output == """
            Wrote print.pdf: exam V35, 7 copies × 2 pages.
            Version A (A.pdf): 3 copies.
            Version B (B.pdf): 2 copies.
            Version C (C.pdf): 2 copies.
            After the exam: ezgrader new NAME --bulk SCAN.pdf
            then ezgrader version add NAME A, then B with its PDF, …: each copy is its code's version.

            """, "\(seats.error)")
        let random = try run(folder, "prepare", "--versions", "A.pdf", "B.pdf", "--spread", "random", "--seed", "4", "--copies", "6",
                             "--exam-id", "V35", "-o", "random.pdf", "--json")
        let json = try JSONSerialization.jsonObject(with: Data(random.output.utf8)) as? [String: String]
        #expect(json?["versions"]?.split(separator: ",").filter { $0 == "A" }.count == 3, "\(random.output)")

        for (arguments, message) in [
            (["exam.pdf", "--versions", "A.pdf", "B.pdf"], "Give the exam's PDF, or --versions with a PDF per version, not both."),
            (["--versions", "A.pdf", "B.pdf", "--spread", "random"], "--spread random takes --seed N (and --seed only goes with it)."),
        ] {
            let refused = try runCommand(ezgrader, ["prepare"] + arguments + ["-o", "no.pdf"], in: folder.path)
            #expect(refused.status == 64 && refused.error.hasPrefix("Error: \(message)"), "\(refused.error)")
        }
        let one = try run(folder, "prepare", "--versions", "A.pdf", "-o", "no.pdf")
        #expect(one.status == 1)
        #expect(one.error == "error: --versions lists 1 PDF: give 2 to 26, one per version (named A, B, … in that order).\n")
        #expect(!FileManager.default.fileExists(atPath: folder.file("no.pdf")))
    }
}
