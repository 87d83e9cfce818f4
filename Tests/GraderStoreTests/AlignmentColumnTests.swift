import Foundation
import GraderCore
@testable import GraderStore
import Testing

/// A page's alignment survives the database as it was found: its transform or what was seen on an
/// unmatched page, upside down (by the page's rotation, or — a bulk copy's page, whose rotation is
/// its turn in the bulk scan — by a word of its own), placed by hand or not; and rows written
/// before these words existed read as they did.
@Suite struct AlignmentColumnTests {
    static let problems: [AlignmentProblem?] = [nil, .blank, .otherPrint, .turned(degrees: -12.5), .scaled(0.8)]

    @Test(arguments: [false, true], [false, true])
    func everyAlignmentReadsBackAsWritten(upsideDown: Bool, bulk: Bool) throws {
        var alignments = Self.problems.map { PageAlignment(transform: nil, score: 0.1234, upsideDown: upsideDown, problem: $0) }
        for byHand in [false, true] {
            alignments.append(PageAlignment(transform: SimilarityTransform(rotation: 0.15, scale: 0.97, about: (306, 396), shift: (12, -8)),
                                            score: 0.5, upsideDown: upsideDown, byHand: byHand))
        }
        for alignment in alignments {
            let text = AlignmentColumn.encode(alignment, turnedInText: bulk)
            // A bulk page's rotation says nothing about its booklet page: 0 is passed, whatever it was turned in the scan.
            let read = try #require(AlignmentColumn.decode(text, rotation: bulk ? 0 : (upsideDown ? 180 : 0)), "\(text)")
            #expect(read.problem == alignment.problem && read.byHand == alignment.byHand && read.upsideDown == alignment.upsideDown, "\(text)")
            #expect(read.transform.map { [$0.a, $0.b, $0.tx, $0.ty] } == alignment.transform.map { [$0.a, $0.b, $0.tx, $0.ty] }, "\(text)")
        }
    }

    @Test func rowsWrittenBeforeTheWordsReadAsBefore() throws {
        #expect(AlignmentColumn.decode("- 0.0000", rotation: 180) == PageAlignment(transform: nil, score: 0, upsideDown: true))
        #expect(AlignmentColumn.decode("1.0 0.0 2.5 -3.0 0.8100", rotation: 0)
            == PageAlignment(transform: SimilarityTransform(a: 1, b: 0, tx: 2.5, ty: -3), score: 0.81))
        #expect(AlignmentColumn.decode("no alignment", rotation: 0) == nil)
    }
}
