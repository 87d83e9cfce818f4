import GraderCore
@testable import GraderGroups
import Testing

/// The class's consensus takes, at each pixel, a rank of the copies' greys by selection instead of
/// sorting them: it must be the value sorting gives, ties and repeated greys included.
@Suite struct ConsensusSelectionTests {
    @Test func selectionGivesTheValueAtThatRankOfTheSortedValues() {
        var random = SeededGenerator(seed: 36)
        for trial in 0..<2000 {
            let count = Int.random(in: 1...40, using: &random)
            // Few distinct greys (paper, print, ink) as often as many.
            let levels = Bool.random(using: &random) ? 3 : 256
            let values = (0..<count).map { _ in Float(Int.random(in: 0..<levels, using: &random) * (levels == 3 ? 100 : 1)) }
            let k = Int.random(in: 0..<count, using: &random)
            var copy = values
            let selected = copy.withUnsafeMutableBufferPointer { PrintedReference.select(k, in: $0) }
            #expect(selected == values.sorted()[k], "trial \(trial): \(values), rank \(k)")
        }
    }
}
