import Foundation
import GraderPDF
import Testing
import TestSupport

@Suite struct MergeCommandTests {
    private let ezgrader = builtProduct("ezgrader")

    @Test func mergesAFolderInPerPageOrder() throws {
        let folder = TemporaryFolder()
        try TestClass.scanned(["Anna", "Ben"], pages: 2, in: folder)
        let result = try runCommand(ezgrader, ["merge", folder.path, "-o", folder.file("class.pdf")])
        #expect(result.status == 0)
        #expect(result.output == "Wrote \(folder.file("class.pdf")): 2 students × 2 pages = 4 pages, per-page order.\n")
        #expect(result.error == "")
        let document = try PDFDocument(path: folder.file("class.pdf"))
        #expect(try (0..<4).map { try document.page(at: $0).label } == ["Anna — p. 1", "Ben — p. 1", "Anna — p. 2", "Ben — p. 2"])
    }

    @Test func elevenHundredBookletsMergeUnderTheUsualOpenFileLimit() throws {
        let folder = TemporaryFolder()
        let sample = try TestClass.scanned(["Sample"], pages: 2, in: folder)[0]
        let names = (1...1100).map { String(format: "S%04d", $0) }
        try FileManager.default.createDirectory(atPath: folder.file("class"), withIntermediateDirectories: true)
        for name in names { try FileManager.default.copyItem(atPath: sample, toPath: folder.file("class/\(name).pdf")) }
        let result = try runCommand("/bin/sh", ["-c", "ulimit -n 1024 && exec \"$0\" merge class -o class.pdf", ezgrader], in: folder.path)
        #expect(result.status == 0, "\(result.error)")
        let document = try PDFDocument(path: folder.file("class.pdf"))
        #expect(document.pageCount == 2200)
        #expect(try [0, 399, 400, 1099, 1100, 2199].map { try document.page(at: $0).label }
            == ["S0001 — p. 1", "S0400 — p. 1", "S0401 — p. 1", "S1100 — p. 1", "S0001 — p. 2", "S1100 — p. 2"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".partial") } == [],
                "no stage is left behind")
    }

    @Test func shuffledWithASeedIsRepeatable() throws {
        let folder = TemporaryFolder()
        let files = try TestClass.scanned(["A", "B", "C", "D", "E"], pages: 1, in: folder)
        var labels: [[String?]] = []
        for run in 1...2 {
            let output = folder.file("run\(run).pdf")
            let result = try runCommand(ezgrader, ["merge"] + files + ["--order", "shuffled", "--seed", "12", "-o", output])
            #expect(result.output.hasSuffix("shuffled order (seed 12; --seed 12 repeats it).\n"))
            let document = try PDFDocument(path: output)
            labels.append(try (0..<5).map { try document.page(at: $0).label })
        }
        #expect(labels[0] == labels[1])
        #expect(labels[0] != ["A — p. 1", "B — p. 1", "C — p. 1", "D — p. 1", "E — p. 1"])
    }

    @Test func aRefusedSetExitsOneAndWritesNothing() throws {
        let folder = TemporaryFolder()
        let files = try TestClass.scanned(["Anna", "Ben"], pages: 2, in: folder)
        let short = folder.file("Cy.pdf")
        try qpdf("--empty", "--pages", files[0], "1", "--", short)
        let result = try runCommand(ezgrader, ["merge"] + files + [short, "-o", folder.file("class.pdf")])
        #expect(result.status == 1)
        #expect(result.error == "error: Page counts differ: 2 of 3 files have 2 pages, but '\(short)' has 1 page. "
            + "Every booklet must have the same pages: rescan that file or leave it out.\n")
        #expect(!folder.fileNames.contains("class.pdf"))
    }

    @Test func usageMistakesExit64WithAHint() throws {
        let result = try runCommand(ezgrader, ["merge", "a.pdf", "-o", "x.pdf", "--order", "random"])
        #expect(result.status == 64)
        #expect(result.error.contains("--order must be per-page, per-student or shuffled, not 'random'."))
    }
}
