import Foundation
import GraderAlignment
@testable import GraderBubbles
import GraderCore
import Testing

/// Three 10-row blocks printed as one 30-row column: the middle one looks the same a row on or
/// back, so the row test alone refuses it; its placed neighbours settle it, and only when their
/// fits put its edge rows a step from theirs.
@Suite("A block inside a column of abutting blocks")
struct AbuttingBlockTests {
    @Test func theMiddleBlockIsSettledOnlyByNeighboursThatAgree() throws {
        // A student's filled copy is the template (no blank): the print alone, nothing to tell rows by.
        let filled = SchoolCorpus.sheet(seed: 50, print: TemplateFromAnySheetTests.rings, capture: TemplateFromAnySheetTests.finding, ticks: false).image
        let blocks = try TemplateFromAnySheetTests.found(SchoolCorpus.blocks, on: filled, filledSheet: true).get()
        let blank = BlankSheet(filled.resampled(toPixelsPerPoint: TemplateReader.pixelsPerPoint(for: blocks)), blocks: blocks)
        let sheet = SchoolCorpus.sheet(seed: 51, print: TemplateFromAnySheetTests.rings, capture: .scan)
        let scan = sheet.image.flattened().resampled(toPixelsPerPoint: blank.image.pixelsPerPoint)
        let start = Homography(sheet.alignment)
        let (first, middle, last) = try (#require(blank.prepared["q1"]), #require(blank.prepared["q2"]), #require(blank.prepared["q3"]))
        let ends = try [first, last].map { try TemplateRegistrar.fit($0, scan: scan, start: start).get() }

        // Alone, the middle block cannot be told from itself a row away.
        #expect(throws: TemplateRegistrar.Failure.self) { try TemplateRegistrar.fit(middle, scan: scan, start: start).get() }
        // Its neighbours, each placed by its own open edge, settle it where the sheet put it.
        let neighbours = try zip([first, last], ends).map { try #require(AbuttingBlock($0, model: $1.model, for: middle)) }
        #expect(neighbours.map(\.edge.count) == [4, 4], "the row next to each neighbour")
        let settled = try TemplateRegistrar.fit(middle, scan: scan, start: start, neighbours: neighbours).get()
        let centre = middle.template.shapes[0].centre
        let placed = settled.model.apply((centre.x, centre.y)), expected = sheet.alignment.apply((centre.x, centre.y))
        #expect(hypot(placed.x - expected.x, placed.y - expected.y) < 1, "\(placed) where the sheet has \(expected)")
        // Neighbours fitted a row off disagree with the right fit by a whole pitch: refused.
        let rowOff = try zip([first, last], ends).map { prepared, fit in
            let shifted = try #require(Homography.fit(prepared.template.shapes.map { s in
                ((s.centre.x, s.centre.y), fit.model.apply((s.centre.x, s.centre.y + 16)))
            }))
            return try #require(AbuttingBlock(prepared, model: shifted, for: middle))
        }
        #expect(throws: TemplateRegistrar.Failure.self) { try TemplateRegistrar.fit(middle, scan: scan, start: start, neighbours: rowOff).get() }
        // A block with no abutting neighbour has none.
        #expect(AbuttingBlock(first, model: ends[0].model, for: last) == nil)
    }
}
