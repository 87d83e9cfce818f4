import ArgumentParser
import Foundation
import GraderCore
import ScanFactory

/// Regenerates the bundled sample PDFs: a scanned class with a roster and a born-digital class.
@main
struct SamplesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ezgrader-samples",
        abstract: "Regenerate the bundled sample exam PDFs.",
        discussion: """
            Writes DIR/scanned/ (6 scanned students × 4 pages), DIR/roster.csv for them, and \
            DIR/born-digital/ (3 typed booklets × 4 pages). The output is deterministic.

            Example: ezgrader-samples --out SamplePDFs
            """)

    @Option(name: .long, help: "Folder to write the samples into.")
    var out: String = "SamplePDFs"

    @Option(name: .long, help: "Instead, write this many handwritten digit boxes for scripts/train-digits.py to --digits.")
    var count: Int = 12000

    @Option(name: .long, help: "Write handwritten digit boxes (the training data of the digit reader) to this file, and nothing else.")
    var digits: String?

    @Option(name: .long, help: "Write phone photos of the sample school sheet (JPEG, and each as a one-page PDF) to this folder, and nothing else.")
    var photos: String?

    func run() throws {
        if let digits { return try TrainingDigits.write(count: count, seed: 33, to: digits) }
        if let photos { return try SheetPhotos.write(count: count == 12000 ? 3 : count, to: photos) }
        let root = URL(fileURLWithPath: out, isDirectory: true)
        let scanned = root.appendingPathComponent("scanned", isDirectory: true)
        let bornDigital = root.appendingPathComponent("born-digital", isDirectory: true)
        for folder in [scanned, bornDigital] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }

        var total = 0
        for (index, student) in SampleStudents.scanned.enumerated() {
            let url = scanned.appendingPathComponent(student.file + ".pdf")
            try ScanFactory.writeScannedBooklet(
                to: url, studentName: student.writtenName, studentNumber: index + 1,
                pageCount: SampleStudents.pageCount, style: .sample)
            total += report(url, pages: SampleStudents.pageCount)
        }
        let roster = root.appendingPathComponent("roster.csv")
        try Data(RosterCSV.text(for: SampleStudents.scanned).utf8).write(to: roster, options: .atomic)
        total += report(roster, rows: SampleStudents.scanned.count)

        for name in SampleStudents.bornDigital {
            let url = bornDigital.appendingPathComponent(name + ".pdf")
            try ScanFactory.writeBornDigitalBooklet(to: url, studentName: name, pageCount: SampleStudents.pageCount)
            total += report(url, pages: SampleStudents.pageCount)
        }
        let sheets = try ScanFactory.sampleBubbleSheets(in: root)
        for name in ScanFactory.sampleBubbleSheetStudents {
            total += report(root.appendingPathComponent("bubble-sheets/\(name).pdf"), pages: 1)
        }
        let rubric = root.appendingPathComponent("bubble-rubric.yaml")
        try Data(BubbleRubric.yaml(sheets[0].blocks).utf8).write(to: rubric, options: .atomic)
        try Data((BubbleRubric.key + "\n").utf8).write(to: root.appendingPathComponent("bubble-key.txt"), options: .atomic)
        print("wrote \(rubric.path) and bubble-key.txt")
        total += try schoolSheet(in: root.appendingPathComponent("school-sheet"))
        print("total \(kilobytes(total)) in \(root.path)")
    }

    /// A school's own answer sheet: its blank, four students' scans of it (shifted, turned) and the
    /// rubric giving each field by its first and last bubble; returns the bytes written.
    private func schoolSheet(in folder: URL) throws -> Int {
        let design = CommercialSheetDesign.schoolForm
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("scans"), withIntermediateDirectories: true)
        try ScanFactory.writeBlankSheet(design, to: folder.appendingPathComponent("blank.pdf"))
        var total = report(folder.appendingPathComponent("blank.pdf"), pages: 1)
        for (index, name) in ScanFactory.sampleBubbleSheetStudents.prefix(4).enumerated() {
            let url = folder.appendingPathComponent("scans/\(name).pdf")
            let placement = BubbleSheetPlacement(offsetX: [12, -20, 30, -8][index], offsetY: [-10, 25, 8, -30][index],
                                                 rotationDegrees: [1.5, -2.5, 0.8, -1.2][index], scale: [1, 0.98, 1.01, 0.99][index])
            try ScanFactory.writeFilledSheet(design, marks: ScanFactory.randomSheetMarks(design, difficulty: 0.3, seed: UInt64(index + 1)),
                                             capture: .scan(placement), seed: UInt64(index + 1), to: url)
            total += report(url, pages: 1)
        }
        let rubric = folder.appendingPathComponent("rubric.yaml")
        try Data(design.rubric(blankSheet: "blank.pdf").utf8).write(to: rubric, options: .atomic)
        print("wrote \(rubric.path)")
        return total
    }

    /// Prints one written file and returns its size in bytes.
    private func report(_ url: URL, pages: Int? = nil, rows: Int? = nil) -> Int {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        let what = pages.map { "\($0) pages" } ?? rows.map { "\($0) students" } ?? ""
        print("wrote \(url.path) (\(what), \(kilobytes(size)))")
        return size
    }

    private func kilobytes(_ bytes: Int) -> String {
        bytes >= 1_048_576
            ? String(format: "%.2f MB", Double(bytes) / 1_048_576) : String(format: "%.1f KB", Double(bytes) / 1024)
    }
}
