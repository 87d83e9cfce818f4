import Foundation
import GraderBubbles
import GraderCore
import ScanFactory
import Testing

/// Commercial answer sheets (drop-out rings, letters in the bubbles, shaded columns, timing marks,
/// a 200-question sheet, a numeric field, a checkbox) read against their blank: scanned shifted by
/// 20 mm and turned by 3°, and photographed with 8° perspective and uneven light. Never a
/// confidently wrong row; clear marks read on ≥ 98 % of scanned rows (those the capture did not
/// cut off); on photos every block placed and ≥ 90 % of all rows read, awkward marks included.
@Suite("School answer sheets read against their blank", .serialized)
struct SchoolSheetReadingTests {
    /// 20 mm each way and 3°, both ways round, and a copier's reduction.
    static let scanPlacements = [
        BubbleSheetPlacement(offsetX: 56.7, offsetY: -56.7, rotationDegrees: 3, scale: 1),
        BubbleSheetPlacement(offsetX: -56.7, offsetY: 40, rotationDegrees: -3, scale: 0.97),
        BubbleSheetPlacement(offsetX: 30, offsetY: 56.7, rotationDegrees: 1.5, scale: 1.01),
    ]

    @Test func schoolFormScans() throws {
        let sheet = try SchoolSheetFixture(.schoolForm)
        var tally = SheetTally()
        for (index, placement) in Self.scanPlacements.enumerated() {
            let (readings, truth) = try sheet.readCopy(capture: .scan(placement), seed: UInt64(index + 1))
            tally.add(readings, truth: truth, sheet: "scan \(index + 1)")
        }
        print("School form, scans: \(tally)")
        #expect(tally.wrong.isEmpty, "\(tally.wrong)")
        #expect(tally.unplaced.isEmpty, "\(tally.unplaced)")
        #expect(tally.clearShare >= 0.98, "\(tally)")
    }

    @Test func twoHundredQuestionScans() throws {
        let sheet = try SchoolSheetFixture(.twoHundredQuestions)
        var tally = SheetTally()
        for (index, placement) in Self.scanPlacements.prefix(2).enumerated() {
            let (readings, truth) = try sheet.readCopy(capture: .scan(placement), seed: UInt64(index + 11))
            tally.add(readings, truth: truth, sheet: "scan \(index + 1)")
        }
        print("200 questions, scans: \(tally)")
        #expect(tally.wrong.isEmpty, "\(tally.wrong)")
        #expect(tally.unplaced.isEmpty, "\(tally.unplaced)")
        #expect(tally.clearShare >= 0.98, "\(tally)")
    }

    @Test func phonePhotos() throws {
        var tally = SheetTally()
        for design in [CommercialSheetDesign.schoolForm, .twoHundredQuestions] {
            let sheet = try SchoolSheetFixture(design)
            for seed: UInt64 in [21, 22] {
                let placement = BubbleSheetPlacement(offsetX: seed == 21 ? 15 : -20, offsetY: 10, rotationDegrees: seed == 21 ? 2 : -2, scale: 0.95)
                let (readings, truth) = try sheet.readCopy(capture: .photo(placement), seed: seed)
                tally.add(readings, truth: truth, sheet: "\(design.name) photo \(seed)")
            }
        }
        print("Photos: \(tally)")
        #expect(tally.wrong.isEmpty, "\(tally.wrong)")
        #expect(tally.unplaced.isEmpty, "\(tally.unplaced)")
        #expect(tally.rows > 500, "\(tally)")
        #expect(tally.readShare >= 0.9, "\(tally)")
        #expect(tally.clearShare >= 0.98, "\(tally)")
    }
}
