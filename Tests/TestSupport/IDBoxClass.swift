import Foundation
import GraderCore
import GraderKit
import ScanFactory

/// A class whose page 1 has the student number written by pen in eight printed boxes: one scan per
/// student in `in/`, a roster (`roster.csv`: Student 0, Student 1 … with `roster` ids) and a rubric
/// with the boxes (`rubric.yaml`), in one folder.
public enum IDBoxClass {
    /// Where the boxes are printed.
    public static let field = IDBoxField(id: "number", page: 1, left: 300, top: 96, boxWidth: 20, boxHeight: 26, pitch: 23, count: 8)
    /// The rubric with the boxes.
    public static let rubric = "id_boxes:\n  - id: number\n    page: 1\n    at: 300,96\n    size: 20,26\n    pitch: 23\n    count: 8\n"
    /// The roster's ids, Student 0 first.
    public static let roster = ["20261048", "20263391", "20265507", "20267723", "20268814", "20260962", "20264479", "20269135", "20262256"]

    /// Writes `in/paper1.pdf`… with `written` (one number a student, in a hand of its own), the
    /// roster and `rubric` into `folder`.
    public static func write(in folder: TemporaryFolder, written: [String], rubric: String = Self.rubric) throws {
        try FileManager.default.createDirectory(atPath: folder.file("in"), withIntermediateDirectories: true)
        for (index, id) in written.enumerated() {
            try IDFieldScan.writePage(to: URL(fileURLWithPath: folder.file("in/paper\(index + 1).pdf")), field,
                                      boxes: id.map { $0.wholeNumberValue.map { .digit($0) } ?? .empty },
                                      writer: .pen(PenHand(seed: UInt64(index) + 500)), seed: UInt64(index) + 900)
        }
        let csv = "file,name,id\n" + roster.enumerated().map { "x\($0.offset).pdf,Student \($0.offset),\($0.element)" }.joined(separator: "\n")
        try csv.write(toFile: folder.file("roster.csv"), atomically: true, encoding: .utf8)
        try rubric.write(toFile: folder.file("rubric.yaml"), atomically: true, encoding: .utf8)
    }

    /// The project `class.ezgrader` made from what `write` wrote, by the tester.
    public static func project(in folder: TemporaryFolder, written: [String], rubric: String = Self.rubric) throws -> GradingProject {
        try write(in: folder, written: written, rubric: rubric)
        return try GradingProject.create(folder.file("class.ezgrader"), scans: [folder.file("in")], rubricPath: folder.file("rubric.yaml"),
                                         grader: try .tester())
    }
}
