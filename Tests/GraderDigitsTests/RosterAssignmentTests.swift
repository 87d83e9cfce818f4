import GraderCore
import Testing

@Suite struct RosterAssignmentTests {
    /// Boxes read firmly as `text` ("_" an empty box).
    private func boxes(_ text: String) -> [DigitDistribution] {
        text.map { character in
            var p = [Double](repeating: 0.001, count: 11)
            p[character.wholeNumberValue ?? 10] = 0.99
            return DigitDistribution(p)!
        }
    }

    @Test func twoCopiesReadingOneIDAreBothLeftForReview() {
        let outcomes = RosterAssignment().assign([boxes("1234"), boxes("1234"), boxes("5678")], rosterIDs: ["1234", "5678", "9012"])
        #expect(outcomes.map(\.automatic) == [false, false, true])
        #expect(outcomes[2].roster == 1)
        #expect(outcomes[0].candidates.first?.roster == 0 && outcomes[1].candidates.first?.roster == 0)
    }

    @Test func aShorterIDEndsInEmptyBoxesAndALongerOneNeverMatches() {
        let outcomes = RosterAssignment().assign([boxes("123_"), boxes("9876")], rosterIDs: ["123", "98765", nil])
        #expect(outcomes[0].roster == 0 && outcomes[0].automatic)
        #expect(outcomes[1].roster == nil && !outcomes[1].automatic && !outcomes[1].candidates.contains { $0.roster == 1 })
        #expect(outcomes.map(\.read) == ["123_", "9876"])
    }

    @Test func aSkippedBoxNeitherSpeaksForNorAgainstAnID() {
        let outcomes = RosterAssignment().assign([boxes("20_61048")], rosterIDs: ["20261048", "20761048"])
        #expect(outcomes[0].roster == nil || !outcomes[0].automatic)
        #expect(Set(outcomes[0].candidates.map(\.roster)) == [0, 1])
        #expect(abs(outcomes[0].candidates[0].probability - outcomes[0].candidates[1].probability) < 1e-9)
    }
}
