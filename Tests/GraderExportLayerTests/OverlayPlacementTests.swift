import GraderCore
import GraderPDF
import Testing
import TestSupport

extension ExportLayerTests {
    /// The grade layer lands where the user asked, in points from the displayed top-left corner,
    /// whatever the page's rotation, crop box or size, and changes nothing else on the page.
    @Suite struct OverlayPlacementTests {
        static let box = PageRect(origin: PagePoint(x: 200, y: 60), width: 90, height: 30)
        static let stroke = [PagePoint(x: 40, y: 150), PagePoint(x: 80, y: 170), PagePoint(x: 120, y: 190), PagePoint(x: 160, y: 210)]
        static let strokeWidth = 4.0
        static let notePoint = PagePoint(x: 230, y: 200)
        static let noteColor = RGBColor(red: 0x10, green: 0x40, blue: 0xD0)
        static let marks: [GradeMark] = [
            .gradeBox(frame: box, text: "3.5 / 4", graded: true),
            .ink(points: stroke, color: .red, width: strokeWidth),
            .note(text: "Check units\nsee p. 2", at: notePoint, fontSize: 12, color: noteColor, maxWidth: 150),
        ]
        /// Where each mark may put ink: the box's frame, the stroke's extent plus half the pen, the note's wrap width.
        static let strokeBounds = PageRect(origin: PagePoint(x: 38, y: 148), width: 124, height: 64)
        static let noteArea = PageRect(origin: notePoint, width: 150, height: 60)

        @Test(arguments: LayerFixtures.geometries)
        func marksLandAtTheDisplayedPositionAndNothingElseChanges(geometry: LayerFixtures.Geometry) throws {
            let folder = TemporaryFolder()
            let run = try LayerFixtures.overlay(Self.marks, on: LayerFixtures.sourcePDF(geometry, in: folder), in: folder)
            let diff = run.diff, pixel = 72 / 100.0
            let expected = geometry.displayedSize
            #expect(abs(run.size.width - expected.width) < 0.01 && abs(run.size.height - expected.height) < 0.01,
                    "measured in points, whatever the page's /UserUnit: \(run.size)")
            #expect(abs(Double(diff.changed.width) - expected.width * 100 / 72) < 1.5, "rendered at its size in points")

            let boxInk = try #require(diff.changedBounds(in: Self.box.grown(by: 10)), "the grade box is drawn")
            #expect(boxInk.matches(Self.box, within: pixel), "the grade box's border is its frame: \(boxInk) vs \(Self.box)")
            #expect(diff.count(.red, in: Self.box) > 150, "border and score are red")
            #expect(diff.count(.red, in: Self.box.grown(by: -6)) > 40, "the score is drawn inside the frame")

            let strokeInk = try #require(diff.changedBounds(in: Self.strokeBounds.grown(by: 10)), "the stroke is drawn")
            #expect(strokeInk.matches(Self.strokeBounds, within: 1.5), "the stroke runs through its points: \(strokeInk)")
            #expect(diff.count(.red, in: Self.strokeBounds) > 200)

            let noteInk = try #require(diff.changedBounds(in: Self.noteArea.grown(by: 10)), "the note is drawn")
            #expect(abs(noteInk.origin.x - Self.notePoint.x) < 3 && noteInk.origin.y - Self.notePoint.y >= 0
                && noteInk.origin.y - Self.notePoint.y < 5, "the note's text starts at its point: \(noteInk)")
            #expect(noteInk.height > 12 * 1.8 && noteInk.height < 12 * 2.6, "the line break gives two lines: \(noteInk)")
            #expect(diff.count(Self.noteColor, in: Self.noteArea) > 60, "the note has its own colour")

            #expect(diff.changesOutside([Self.box, Self.strokeBounds, Self.noteArea].map { $0.grown(by: pixel) }) == 0,
                    "the page outside the marks is unchanged")
        }

        @Test func gradeBoxAndItsBackingCoverTheScanUnderIt() throws {
            let folder = TemporaryFolder()
            let source = try LayerFixtures.sourcePDF(LayerFixtures.geometries[0], in: folder)
            // The source's 20 pt black square at (72, 72) stands in for a printed score frame: the box
            // covers most of it, and the square's edge, 1.5 pt outside the box, goes under its backing.
            let frame = PageRect(origin: PagePoint(x: 74, y: 74), width: 64, height: 22)
            let run = try LayerFixtures.overlay([.gradeBox(frame: frame, text: "2 / 4", graded: true)], on: source, in: folder)
            for point in [PagePoint(x: 78, y: 78), PagePoint(x: 72.5, y: 80)] {
                #expect(run.diff.base[point] == RGBColor(red: 0, green: 0, blue: 0))
                #expect(run.diff.changed[point] == RGBColor(red: 255, green: 255, blue: 255), "white at \(point)")
            }
        }

        @Test func noteStaysLegibleOverHandwriting() throws {
            let folder = TemporaryFolder()
            let source = try LayerFixtures.sourcePDF(LayerFixtures.geometries[0], in: folder)
            let run = try LayerFixtures.overlay([.note(text: "Good", at: PagePoint(x: 72, y: 74), fontSize: 10, color: .red, maxWidth: 150)],
                                                on: source, in: folder)
            // Under the note's line, inside the black square: the backing lightens what is not a letter.
            let pixels = (0..<10).flatMap { dx in (0..<8).map { dy in PagePoint(x: 73 + Double(dx) * 1.5, y: 76 + Double(dy)) } }
            let dark = { (bitmap: PageBitmap) in pixels.filter { bitmap[$0].green < 100 }.count }
            #expect(dark(run.diff.base) == pixels.count)
            #expect(dark(run.diff.changed) < pixels.count / 3, "\(dark(run.diff.changed)) of \(pixels.count) still dark")
        }

        @Test func ungradedBoxIsOrange() throws {
            let folder = TemporaryFolder()
            let source = try LayerFixtures.sourcePDF(LayerFixtures.geometries[0], in: folder)
            let run = try LayerFixtures.overlay([.gradeBox(frame: Self.box, text: "? / 4", graded: false)], on: source, in: folder)
            let orange = RGBColor(red: 0xE0, green: 0x70, blue: 0x00)
            #expect(run.diff.count(orange, in: Self.box) > 150)
            #expect(run.diff.count(.red, in: Self.box) == 0)
        }

        @Test func totalSitsInTheTopRightMargin() throws {
            let folder = TemporaryFolder()
            let source = try LayerFixtures.sourcePDF(LayerFixtures.geometries[0], in: folder)
            let run = try LayerFixtures.overlay([.total(text: "Total 17.5 / 24")], on: source, in: folder)
            let margin = PageRect(origin: PagePoint(x: 300, y: 0), width: 312, height: 50)
            let ink = try #require(run.diff.changedBounds(in: margin))
            #expect(abs(ink.origin.x + ink.width - (612 - 24)) < 2, "right-aligned 24 pt from the right edge: \(ink)")
            #expect(ink.origin.y > 16 && ink.origin.y < 22, "about 18 pt from the top: \(ink)")
            #expect(run.diff.count(.red, in: margin) > 100)
        }

        @Test func singlePointStrokeIsADot() throws {
            let folder = TemporaryFolder()
            let source = try LayerFixtures.sourcePDF(LayerFixtures.geometries[0], in: folder)
            let dot = PagePoint(x: 300, y: 400)
            let run = try LayerFixtures.overlay([.ink(points: [dot], color: .red, width: 6)], on: source, in: folder)
            let ink = try #require(run.diff.changedBounds(in: PageRect(origin: PagePoint(x: 280, y: 380), width: 40, height: 40)))
            #expect(ink.matches(PageRect(origin: PagePoint(x: 297, y: 397), width: 6, height: 6), within: 1), "\(ink)")
            #expect(run.diff.changed[dot] == .red)
        }
    }
}
