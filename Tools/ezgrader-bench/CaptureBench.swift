import Foundation
import GraderAssembly
import GraderCore
import GraderKit
import ScanFactory

/// `--capture N`: phone capture on the server. A project of the school form (its blank, rubric and
/// keys, one scanned student), then N phone photos of filled sheets (8° perspective, uneven light;
/// the omr tests' generator), each handed to `captureSheet` as the bytes a phone sends, named, read
/// and kept: the wall time of each, photo in to result out, its median and slowest.
enum CaptureBench {
    static func run(photos count: Int, in work: String) throws {
        let folder = (work as NSString).appendingPathComponent("capture")
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder + "/photos", withIntermediateDirectories: true)
        let design = CommercialSheetDesign.schoolForm
        try ScanFactory.writeBlankSheet(design, to: URL(fileURLWithPath: folder + "/blank.pdf"))
        try Data(design.rubric(blankSheet: "blank.pdf").utf8).write(to: URL(fileURLWithPath: folder + "/rubric.yaml"))
        let scan = folder + "/Ada.pdf"
        try ScanFactory.writeFilledSheet(design, marks: ScanFactory.randomSheetMarks(design, difficulty: 0.2, seed: 1), capture: .scan(), seed: 1,
                                         to: URL(fileURLWithPath: scan))
        let project = try GradingProject.create(folder + "/quiz.ezgrader", scans: [scan], rubricPath: folder + "/rubric.yaml", grader: try Grader("bench"))
        for (block, answers) in ["mc1": "ABCDEABCDEABCDEABCDE", "mc2": "EDCBAEDCBAEDCBAEDCBA", "q41": "AC,B,DE,A,BC", "q46": "042"] {
            _ = try project.setAnswerKey(block: block, answers: answers)
        }
        let jpegs = try (0..<count).map { index -> [UInt8] in
            let pdf = folder + "/photos/photo-\(index).pdf"
            let placement = BubbleSheetPlacement(offsetX: 10 * sin(Double(index)), offsetY: 10 * cos(Double(index)), rotationDegrees: 2 * sin(Double(index) * 0.7), scale: 1)
            try ScanFactory.writeFilledSheet(design, marks: ScanFactory.randomSheetMarks(design, difficulty: 0.2, seed: UInt64(100 + index)),
                                             capture: .photo(placement), seed: UInt64(100 + index), to: URL(fileURLWithPath: pdf))
            guard let jpeg = ScanImageReader(path: pdf, password: nil)?.wholePageJPEG(page: 0) else { throw CocoaError(.fileReadCorruptFile) }
            return jpeg.bytes
        }
        print("Phone capture: \(count) photos of the 45-question school form (\(jpegs[0].count / 1024) KB JPEG each), read and kept one at a time.")
        let clock = ContinuousClock()
        var seconds: [Double] = [], flagged = 0, rows = 0
        for (index, jpeg) in jpegs.enumerated() {
            var sheet: CapturedSheet?
            let taken = try clock.measure { sheet = try project.captureSheet(photo: Data(jpeg), student: "Student \(index + 1)") }
            seconds.append(Double(taken.components.seconds) + Double(taken.components.attoseconds) * 1e-18)
            rows += sheet?.questions.count ?? 0
            flagged += sheet?.questions.filter { $0.mark == .flagged }.count ?? 0
        }
        let sorted = seconds.sorted()
        print(String(format: "photo → result: median %.2f s, fastest %.2f s, slowest %.2f s; %d of %d rows flagged.",
                     sorted[sorted.count / 2], sorted[0], sorted[sorted.count - 1], flagged, rows))
    }
}
