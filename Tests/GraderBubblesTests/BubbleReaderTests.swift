import Foundation
import GraderAlignment
import GraderBubbles
import GraderCore
import ScanFactory
import TestSupport
import Testing

/// Serialized: poppler's process-wide set-up is not safe to race, even across documents.
@Suite("Reading bubble sheets rendered through poppler", .serialized)
struct BubbleReaderTests {
    /// Twenty clean answers with two blanks: A B C D E A B … .
    static let cleanMarks: [BubbleMark] = (0..<20).map { row in row == 6 || row == 13 ? .blank : .filled(row % 5) }

    @Test func knownAnswersReadExactly() throws {
        let sheet = try SheetReading(marks: Self.cleanMarks, placement: BubbleSheetPlacement(offsetX: 3, offsetY: -2, rotationDegrees: -0.8, scale: 1.01))
        let expected: [BubbleReading] = Self.cleanMarks.map {
            if case .filled(let c) = $0 { return .answered([letter(c)]) }
            return .blank
        }
        #expect(sheet.answers.readings == expected)
        #expect(sheet.answers.registration?.ringsMatched ?? 0 >= 90)
        #expect(sheet.answers.rows.map(\.questionNumber) == (1...20).map { Optional($0) })
    }

    @Test func doubleMarksReadAsMultiple() throws {
        var marks = Self.cleanMarks
        marks[2] = .double(0, 3)
        marks[17] = .double(4, 1)
        let sheet = try SheetReading(marks: marks, seed: 11)
        #expect(sheet.answers.readings[2] == .multiple(["A", "D"]))
        #expect(sheet.answers.readings[17] == .multiple(["B", "E"]))
        #expect(sheet.answers.readings[0] == .answered(["A"]))
        #expect(sheet.answers.readings[6] == .blank)
    }

    @Test func awkwardMarksNeverReadAsAnotherAnswer() throws {
        let marks: [BubbleMark] = [
            .light(1), .light(3), .partial(0), .partial(4), .tick(2), .tick(0), .cross(3), .cross(1),
            .erasedAndChanged(erased: 0, chosen: 2), .erasedAndChanged(erased: 4, chosen: 1),
            .erasedAndChanged(erased: 1, chosen: 3), .filled(4), .blank, .light(2), .tick(4), .cross(0),
            .erasedAndChanged(erased: 2, chosen: 0), .partial(2), .filled(1), .blank,
        ]
        for seed: UInt64 in [3, 4] {
            let sheet = try SheetReading(marks: marks, seed: seed)
            for (row, mark) in marks.enumerated() {
                let reading = sheet.answers.readings[row]
                switch mark {
                case .light(let c), .partial(let c), .tick(let c), .cross(let c):
                    // Uncertain, or at most the one letter the student marked.
                    #expect(!reading.isConfident || reading == .answered([letter(c)]), "row \(row): \(mark) read \(reading)")
                case .erasedAndChanged(_, let chosen):
                    #expect(!reading.isConfident || reading == .answered([letter(chosen)]), "row \(row): \(mark) read \(reading)")
                case .filled(let c):
                    #expect(reading == .answered([letter(c)]))
                default:
                    #expect(reading == .blank)
                }
            }
            // A tick only partly covers its bubble: flagged for a person, naming the bubble.
            guard case .uncertain(let reason) = sheet.answers.readings[4] else {
                Issue.record("a tick read as \(sheet.answers.readings[4])")
                continue
            }
            #expect(reason.contains("C"))
        }
    }

    @Test func shiftedRotatedAndScaledSheetStillReads() throws {
        let placement = BubbleSheetPlacement(offsetX: 8, offsetY: 8, rotationDegrees: 2, scale: 0.98)
        let sheet = try SheetReading(marks: Self.cleanMarks, idDigits: "0012345", placement: placement, seed: 5)
        #expect(sheet.answers.readings == Self.cleanMarks.map {
            if case .filled(let c) = $0 { return .answered([letter(c)]) }
            return .blank
        })
        #expect(sheet.studentID.digits == "0012345")
        let found = try #require(sheet.answers.registration)
        #expect(abs(found.rotationDegrees - 2) < 0.2)
        #expect(abs(found.scale - 0.98) < 0.01)
        let origin = sheet.layout.answers.origin, moved = placement.apply(origin)
        #expect(abs(found.offset.x - (moved.x - origin.x)) < 1 && abs(found.offset.y - (moved.y - origin.y)) < 1)
    }

    @Test func pageWithoutRingsIsAllUncertain() throws {
        let folder = TemporaryFolder()
        let path = folder.file("plain.pdf")
        try ScanFactory.writeVectorPDF(to: URL(fileURLWithPath: path), label: "no bubbles", pageSizes: [(612, 792)])
        let image = try SheetReading.render(path: path, bubbleDiameter: 12)
        for block in [BubbleSheetLayout.answerBlock, BubbleSheetLayout.studentIDBlock] {
            let reading = BubbleReader.read(block, in: image)
            #expect(reading.registration == nil)
            #expect(reading.readings == Array(repeating: .uncertain(reason: "could not register the block"), count: block.rows))
        }
        let white = GrayImage(width: 714, height: 924, filledWith: 240, pixelsPerPoint: 7.0 / 6)
        #expect(BubbleReader.read(BubbleSheetLayout.answerBlock, in: white).readings.allSatisfy {
            $0 == .uncertain(reason: BubbleReader.unregisteredReason)
        })
    }

    @Test func studentIDGridReadsItsDigits() throws {
        let sheet = try SheetReading(marks: Self.cleanMarks, idDigits: "9081726", seed: 9)
        #expect(sheet.studentID.readings == "9081726".map { .answered([String($0)]) })
        #expect(sheet.studentID.digits == "9081726")
        #expect(sheet.studentID.rows.allSatisfy { $0.questionNumber == nil })

        let unfilled = try SheetReading(marks: Self.cleanMarks, idDigits: nil, seed: 9)
        #expect(unfilled.studentID.readings == Array(repeating: .blank, count: 7))
        #expect(unfilled.studentID.digits == nil)
    }

    @Test func blankSheetReadsBlankNotUncertain() throws {
        let sheet = try SheetReading(marks: [], seed: 12)
        #expect(sheet.answers.readings == Array(repeating: .blank, count: 20))
    }

    @Test func writesOneReadableSheetPerSampleStudent() throws {
        let folder = TemporaryFolder()
        let layouts = try ScanFactory.sampleBubbleSheets(in: URL(fileURLWithPath: folder.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("bubble-sheets")).sorted()
            == ScanFactory.sampleBubbleSheetStudents.map { $0 + ".pdf" }.sorted())
        let image = try SheetReading.render(path: folder.file("bubble-sheets/Anna Schmidt.pdf"), bubbleDiameter: 12)
        #expect(BubbleReader.read(layouts[0].studentID, in: image).digits == "1001001")
        let answers = BubbleReader.read(layouts[0].answers, in: image)
        for (row, truth) in zip(answers.rows, layouts[0].answerTruth) {
            #expect(truth.judge(row.reading) != .wrong, "row \(row.row): drew \(truth.mark), read \(row.reading)")
            if case .exactly(let right) = truth.expected { #expect(row.reading == right) }
        }
    }
}

/// The bundled sample sheets as committed (SamplePDFs/bubble-sheets), read without a page alignment.
extension BubbleReaderTests {
    /// Ben Okafor's digits, handwritten in boxes one row above his ID grid, are ring-sized: the grid
    /// moved up a row must not fit as well as its own place (his sheet was refused as ambiguous).
    @Test func bensSheetIsReadWithHisStudentNumber() throws {
        let path = packageRoot.appendingPathComponent("SamplePDFs/bubble-sheets/Ben Okafor.pdf").path
        let image = try SheetReading.render(path: path, bubbleDiameter: 12)
        let id = BubbleReader.read(BubbleSheetLayout.studentIDBlock, in: image)
        #expect(id.problem == nil, "\(id.problem ?? "")")
        #expect(id.digits == "1001002")
        let answers = BubbleReader.read(BubbleSheetLayout.answerBlock, in: image)
        #expect(answers.problem == nil, "\(answers.problem ?? "")")
        #expect(answers.readings.filter { if case .answered = $0 { true } else { false } }.count == 16, "\(answers.readings)")
    }
}
