import Foundation
import GraderCore
import GraderPDF
import Testing
import TestSupport

/// Inputs built to break things (issue 11): each is refused with a message and an exit code, never a crash.
@Suite struct HostileInputTests {
    private let ezgrader = builtProduct("ezgrader")

    @Test func aLoopingPageTreeIsRefusedByNameNotCrashed() throws {
        let folder = TemporaryFolder()
        try TestClass.scanned(["Anna"], pages: 2, in: folder)
        try HostilePDF.loopingPageTree(to: folder.file("Loop.pdf"))
        for arguments in [["info", "Loop.pdf"], ["merge", "Anna.pdf", "Loop.pdf", "-o", "class.pdf"], ["new", "exam", "Anna.pdf", "Loop.pdf"]] {
            let result = try runCommand(ezgrader, arguments, in: folder.path)
            #expect(result.status == 1, "\(arguments[0]): \(result.error)")
            #expect(result.error.hasPrefix("error: 'Loop.pdf' is damaged beyond repair"), "\(arguments[0]): \(result.error)")
        }
        #expect(!folder.fileNames.contains("class.pdf") && !folder.fileNames.contains("exam.ezgrader"))
    }

    @Test func aScanQPDFCannotReadIsRefusedAtImport() throws {
        let folder = TemporaryFolder()
        try TestClass.scanned(["Anna"], pages: 1, in: folder)
        try HostilePDF.unreadableByQPDF(to: folder.file("Ben.pdf"))
        let created = try run(folder, "new", "exam", "Anna.pdf", "Ben.pdf")
        #expect(created.status == 1)
        #expect(created.error.hasPrefix("error: 'Ben.pdf' is damaged beyond repair (qpdf, which copies its pages into every export, cannot read it: "),
                "\(created.error)")
        #expect(!folder.fileNames.contains("exam.ezgrader"))
        #expect(try run(folder, "new", "exam", "Anna.pdf").status == 0)
        let added = try run(folder, "student", "add", "exam", "Ben.pdf")
        #expect(added.status == 1)
        #expect(added.error.contains("'Ben.pdf' is damaged beyond repair (qpdf, which copies its pages into every export, cannot read it: "),
                "\(added.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("exam.ezgrader/scans")) == ["Anna.pdf"])
    }

    @Test func numbersWithoutAPlaceAreRefused() throws {
        let folder = TemporaryFolder()
        try TestClass.scanned(["Anna"], pages: 1, in: folder)
        #expect(try run(folder, "new", "exam", "Anna.pdf").status == 0)
        for at in ["inf,10", "1e309,10", "nan,10", "10,-inf", "50%,nan%"] {
            let result = try run(folder, "question", "add", "exam", "--page", "1", "--at", at, "--max", "2")
            #expect(result.status == 1, "--at \(at)")
            #expect(result.error == "error: --at: Position '\(at)' is not understood: give x,y in points from the top-left corner (e.g. 430,60) or percentages (e.g. 70%,8%).\n")
        }
        #expect(try run(folder, "note", "add", "exam", "--student", "Anna", "--page", "1", "--at", "10,10", "hi").status == 0)
        for by in ["inf,0", "0,1e309", "nan,nan"] {
            let result = try run(folder, "note", "move", "exam", "1", "--by", by)
            #expect(result.status == 1, "--by \(by)")
            #expect(result.error == "error: --by: Shift '\(by)' is not understood: give dx,dy in points, right and down positive (e.g. 10,-20).\n")
        }
        let moved = try run(folder, "note", "move", "exam", "1", "--by", "-5,-5")
        #expect(moved.output == "Moved annotation 1 by -5,-5.\n", "a negative shift is a value, not an option: \(moved.error)")
        for dpi in ["inf", "1e309", "nan", "0", "-5", "100000"] {
            let result = try run(folder, "preview", "exam", "-o", "p.png", "--dpi=\(dpi)")
            #expect(result.status == 1, "--dpi \(dpi)")
            #expect(result.error.hasSuffix("dpi cannot be rendered: give 10 to 1200 dots per inch (100 is a good screen size).\n"), "\(result.error)")
        }
        #expect(!folder.fileNames.contains("p.png"))
    }

    @Test func valuesThatWouldBreakLaterAreRefusedAtInput() throws {
        let folder = TemporaryFolder()
        try TestClass.scanned(["Anna", "Ben"], pages: 2, in: folder)
        #expect(try run(folder, "new", "exam", "Anna.pdf", "Ben.pdf").status == 0)
        let refusals: [([String], String)] = [
            (["question", "add", "exam", "--page", "2", "--at", "10,10", "--max", "2", "--label", "p2q1"],
             "Label 'p2q1' looks like the automatic name of another question (p<page>q<number>): choose a label such as Q3 or 2b."),
            (["question", "add", "exam", "--page", "1", "--at", "10,10", "--max", "2", "--label", String(repeating: "x", count: 100_000)],
             "Label 'xxxxxxxxxxxxxxxxxxxx…' is 100000 characters long: give at most 40 (e.g. Q3 or 2b)."),
            (["note", "add", "exam", "--student", "Anna", "--page", "1", "--at", "10,10", "--size", "0", "hi"],
             "--size: Font size 0 is not usable: give 4 to 72 points (11 is the default)."),
            (["note", "add", "exam", "--student", "Anna", "--page", "1", "--at", "10,10", "--size", "100000", "hi"],
             "--size: Font size 100000 is not usable: give 4 to 72 points (11 is the default)."),
            (["note", "add", "exam", "--student", "Anna", "--page", "1", "--at", "10,10", " \n "],
             "The note's text is empty: type what the student should read."),
            (["ink", "exam", "--student", "Anna", "--page", "1", "--width=-1", "10,10 20,20"],
             "--width: Pen width -1 is not usable: give 0.1 to 50 points (1.5 is the default)."),
            (["ink", "exam", "--student", "Anna", "--page", "1", "--width", "1e9", "10,10 20,20"],
             "--width: Pen width 1e9 is not usable: give 0.1 to 50 points (1.5 is the default)."),
        ]
        for (arguments, message) in refusals {
            let result = try runCommand(ezgrader, arguments, in: folder.path)
            #expect(result.status == 1, "\(arguments.prefix(2))")
            #expect(result.error == "error: \(message)\n")
        }
        #expect(try run(folder, "note", "add", "exam", "--student", "Anna", "--page", "1", "--at", "10,10", "fine").status == 0)
        let edit = try run(folder, "note", "edit", "exam", "1", "")
        #expect(edit.error == "error: The note's text is empty: type what the student should read.\n")
        #expect(try run(folder, "question", "add", "exam", "--page", "1", "--at", "10,10", "--max", "2", "--label", "Q2b").status == 0)
        #expect(try run(folder, "export", "pdf", "exam", "--out", "graded").status == 0, "what was accepted exports")
        let added = try run(folder, "student", "add", "exam", "Anna.pdf", "--name", "Cy", "--id", "S1")
        #expect(added.status == 0)
        let twice = try run(folder, "student", "add", "exam", "Ben.pdf", "--name", "Di", "--id", "S1")
        #expect(twice.error == "error: Cy already has the id 'S1': give the new student their own id with --id.\n")
    }

    @Test func messagesNameTheProblemNotTheInternals() throws {
        let folder = TemporaryFolder()
        try TestClass.scanned(["Anna"], pages: 1, in: folder)
        #expect(try run(folder, "new", "exam", "Anna.pdf").status == 0)
        try Data("in the way".utf8).write(to: URL(fileURLWithPath: folder.file("graded")))
        let inTheWay = try run(folder, "export", "pdf", "exam", "--out", "graded")
        #expect(inTheWay.status == 2)
        #expect(inTheWay.error == "error: 'graded' is in the way: a file with that name already exists. Choose another name or move it away.\n")
        let noBlocks = try run(folder, "omr", "exam")
        #expect(noBlocks.error == "error: The project has no bubble blocks to read: import a rubric with a bubbles: section first (ezgrader question import).\n")
        try Data("not a database, but not empty either".utf8).write(to: URL(fileURLWithPath: folder.file("exam.ezgrader/project.sqlite")))
        let damaged = try run(folder, "status", "exam")
        #expect(damaged.error == "error: 'exam.ezgrader' is not an ezgrader project: its project.sqlite is not a database (damaged, or "
            + "another file saved under that name). Restore the folder from a backup; nothing was changed.\n")
        for result in [inTheWay, noBlocks, damaged] {
            #expect(!result.error.contains("NSCocoaErrorDomain") && !result.error.contains("SQLite error") && !result.error.contains("PRAGMA"))
        }
    }

    /// Issue 11: --password opens the scans that need it; open scans and scans with only an owner
    /// password (which a wrong password would not open) are opened without it.
    @Test func oneSetMixesProtectedOpenAndOwnerOnlyScans() throws {
        let folder = TemporaryFolder()
        let plain = try TestClass.scanned(["Anna", "b", "c"], pages: 1, in: folder)
        try qpdf("--encrypt", "secret", "secret", "256", "--", plain[1], folder.file("Ben.pdf"))
        try qpdf("--encrypt", "", "owner", "256", "--", plain[2], folder.file("Cy.pdf"))
        let scans = ["Anna.pdf", "Ben.pdf", "Cy.pdf"]
        for arguments in [["info"] + scans, ["merge"] + scans + ["-o", "class.pdf"], ["new", "exam"] + scans] {
            let result = try runCommand(ezgrader, arguments + ["--password", "secret"], in: folder.path)
            #expect(result.status == 0, "\(arguments[0]): \(result.error)")
        }
        #expect(try run(folder, "export", "pdf", "exam", "--out", "graded").status == 0)
        let wrong = try run(folder, "info", "Ben.pdf", "Cy.pdf", "--password", "nope")
        #expect(wrong.error == "error: The password given does not open 'Ben.pdf': check it, or give that file's own password.\n")
    }

    /// Issue 11: a page in inches (/UserUnit 72) was refused; it is graded in points like any other.
    @Test func aPageMeasuredInInchesIsGradedInPoints() throws {
        let folder = TemporaryFolder()
        try HostilePDF.userUnitPage(to: folder.file("Inches.pdf"))
        #expect(try run(folder, "new", "exam", "Inches.pdf").status == 0)
        #expect(try run(folder, "question", "add", "exam", "--page", "1", "--at", "540,700", "--max", "2").status == 0,
                "a place near the corner of the Letter page, in points")
        #expect(try run(folder, "question", "add", "exam", "--page", "1", "--at", "560,700", "--max", "2", "--size", "60,20").status == 1,
                "a box reaching off the page is refused, measured in points")
        #expect(try run(folder, "export", "pdf", "exam", "--out", "graded").status == 0)
        let page = try PDFDocument(path: folder.file("graded/Inches.pdf")).page(at: 0)
        #expect(page.size == PageSize(width: 612, height: 792))
        let bitmap = try page.renderRGB(dpi: 72)
        let isOrange = { (color: RGBColor) in color.red > 180 && color.green > 70 && color.green < 160 && color.blue < 80 }
        #expect(isOrange(bitmap[540, 711]) && isOrange(bitmap[603, 711]), "the box's left and right edges: \(bitmap[540, 711]), \(bitmap[603, 711])")
        let white = RGBColor(red: 255, green: 255, blue: 255)
        #expect(bitmap[536, 711] == white && bitmap[607, 711] == white, "and nothing beyond them")
    }
}
