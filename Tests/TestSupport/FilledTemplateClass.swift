import Foundation
import ScanFactory

/// A class of the school form with no blank: the instructor gives Zoe's filled copy as the bubble
/// template (`blank_sheet_filled: true`); Ben's and Cy's scans are marked row by row as known.
public struct FilledTemplateClass {
    public static let design = CommercialSheetDesign.schoolForm
    /// The folder: `template.pdf` (Zoe's filled copy), `scans/`, `rubric.yaml` (the flag set) and
    /// `unflagged.yaml` (the same rubric without it).
    public let folder = TemporaryFolder()

    /// The answers bubbled in mc1 and mc2 by each student: a letter, or "blank".
    public static let answers: [String: [String: [String]]] = [
        "Ben": ["mc1": (0..<20).map { row in row % 7 == 3 ? "blank" : letter((row * 3) % 5) }, "mc2": (0..<20).map { letter(($0 + 2) % 5) }],
        "Cy": ["mc1": (0..<20).map { letter((19 - $0) % 5) }, "mc2": (0..<20).map { row in row % 6 == 1 ? "blank" : letter((row * 2) % 5) }],
    ]

    private static let letters = ["A", "B", "C", "D", "E"]
    private static func letter(_ index: Int) -> String { letters[index] }

    /// Writes Zoe's copy (random clean marks in every field), the class's scans and both rubrics.
    public init() throws {
        try ScanFactory.writeFilledSheet(Self.design, marks: ScanFactory.randomSheetMarks(Self.design, difficulty: 0, seed: 70),
                                         capture: .scan(), seed: 70, to: URL(fileURLWithPath: folder.file("template.pdf")))
        try FileManager.default.createDirectory(atPath: folder.file("scans"), withIntermediateDirectories: true)
        for (index, (name, blocks)) in Self.answers.sorted(by: { $0.key < $1.key }).enumerated() {
            let marks = blocks.mapValues { rows in rows.map { $0 == "blank" ? BubbleMark.blank : .filled(Self.letters.firstIndex(of: $0) ?? 0) } }
            let placement = BubbleSheetPlacement(offsetX: index == 0 ? 12 : -9, offsetY: index == 0 ? -8 : 10,
                                                 rotationDegrees: index == 0 ? 1 : -0.8, scale: 1)
            try ScanFactory.writeFilledSheet(Self.design, marks: marks, capture: .scan(placement), seed: UInt64(71 + index),
                                             to: URL(fileURLWithPath: folder.file("scans/\(name).pdf")))
        }
        let unflagged = Self.design.rubric(blankSheet: "template.pdf")
        try Data(unflagged.utf8).write(to: URL(fileURLWithPath: folder.file("unflagged.yaml")))
        let flagged = unflagged.replacingOccurrences(of: "blank_sheet: template.pdf\n", with: "blank_sheet: template.pdf\nblank_sheet_filled: true\n")
        try Data(flagged.utf8).write(to: URL(fileURLWithPath: folder.file("rubric.yaml")))
    }

    /// Rows flagged rather than read: Cy left mc2's last row blank where Zoe filled B; her fill is
    /// covered by a neighbour's print on the template, whose letter is not B's (flagged, never wrong).
    public static let flagged = ["Cy mc2 row 20"]

    /// Every row of the responses CSV that is not as bubbled (a row in `flagged` must be uncertain instead).
    public static func differences(in responses: String) -> [String] {
        let lines = responses.components(separatedBy: "\r\n")
        return answers.sorted { $0.key < $1.key }.flatMap { student, blocks in
            blocks.sorted { $0.key < $1.key }.flatMap { block, expected in
                let read = lines.filter { $0.hasPrefix("\(student),,\(block),") }.map { $0.components(separatedBy: ",")[4] }
                guard read.count == expected.count else { return ["\(student) \(block): \(read.count) rows of \(expected.count)"] }
                return zip(read, expected).enumerated().compactMap { row, pair -> String? in
                    let name = "\(student) \(block) row \(row + 1)"
                    let right = flagged.contains(name) ? pair.0.hasPrefix("uncertain: ") : pair.0 == pair.1
                    return right ? nil : "\(name): \(pair.1) read \(pair.0)"
                }
            }
        }
    }

    /// The line of `unflagged.yaml` that declares `block` (`- id: …`).
    public func line(ofBlock block: String) throws -> Int {
        let lines = try String(contentsOfFile: folder.file("unflagged.yaml"), encoding: .utf8).components(separatedBy: "\n")
        return (lines.firstIndex { $0.hasSuffix("- id: \(block)") } ?? -1) + 1
    }
}
