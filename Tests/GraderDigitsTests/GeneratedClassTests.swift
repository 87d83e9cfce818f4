import GraderAlignment
import GraderCore
import GraderDigits
import ScanFactory
import Testing

/// A class of 200 copies whose students wrote their 8-digit number by pen, each in their own hand
/// (stroke width, slant, size, digit styles the reader never saw in training), some boxes
/// scribbled over, some skipped, a few numbers not on the roster: read and matched as a whole.
@Suite struct GeneratedClassTests {
    static let field = IDBoxField(id: "student-number", page: 1, left: 300, top: 96, boxWidth: 20, boxHeight: 26, pitch: 23, count: 8)

    /// 230 roster ids "20" + 6 digits, all different.
    static func rosterIDs() -> [String] {
        var rng = SeededGenerator(seed: 33), ids: [String] = []
        while ids.count < 230 {
            let id = "20" + String((0..<6).map { _ in Character(String(Int.random(in: 0...9, using: &rng))) })
            if !ids.contains(id) { ids.append(id) }
        }
        return ids
    }

    /// An id at least three digits away from every roster id.
    static func offRoster(_ roster: [String], rng: inout SeededGenerator) -> String {
        while true {
            let id = "20" + String((0..<6).map { _ in Character(String(Int.random(in: 0...9, using: &rng))) })
            if roster.allSatisfy({ zip($0, id).filter { $0 != $1 }.count >= 3 }) { return id }
        }
    }

    @Test func matchesAClassOf200WithoutAWrongMatch() throws {
        let roster = Self.rosterIDs()
        var rng = SeededGenerator(seed: 2026)
        let onRoster = Array(roster.shuffled(using: &rng).prefix(194))
        let written = onRoster + (0..<6).map { _ in Self.offRoster(roster, rng: &rng) }
        let reader = try DigitReader()
        var copies: [[DigitBoxImage]] = []
        for (index, id) in written.enumerated() {
            var boxes = id.map { IDFieldScan.Box.digit($0.wholeNumberValue!) }
            if index % 9 == 4 { boxes[2 + index % 5] = .crossedOut(Int.random(in: 0...9, using: &rng)) }
            if index % 13 == 6 { boxes[3 + index % 4] = .empty }
            let scan = try IDFieldScan.render(Self.field, boxes: boxes, writer: .pen(PenHand(seed: UInt64(index))), seed: UInt64(index) &+ 77)
            copies.append((0..<8).map { DigitBoxImage(cropping: Self.field.box($0), from: scan.image, transform: scan.transform) })
        }
        let readings = reader.read(copies: copies)
        let outcomes = RosterAssignment().assign(readings, rosterIDs: roster)

        var digitsRight = 0, digits = 0
        for (id, reading) in zip(written, readings) {
            for (digit, box) in zip(id, reading) { digits += 1; if box.best == digit { digitsRight += 1 } }
        }
        var automatic = 0, wrong: [String] = [], review = 0, topThree = 0
        for (index, outcome) in outcomes.enumerated() {
            let truth = roster.firstIndex(of: written[index])
            if outcome.automatic {
                if outcome.roster == truth { automatic += 1 } else { wrong.append("copy \(index) (\(written[index])) read \(outcome.read) matched to \(outcome.roster.map { roster[$0] } ?? "-")") }
            } else if truth != nil {
                review += 1
                if outcome.candidates.contains(where: { $0.roster == truth }) { topThree += 1 }
            }
        }
        print("digits read right: \(digitsRight) of \(digits); matched automatically: \(automatic) of \(onRoster.count) on the roster; review: \(review), right student in the top three: \(topThree)")
        #expect(wrong.isEmpty, "wrong matches: \(wrong)")
        for index in onRoster.count..<written.count { #expect(!outcomes[index].automatic, "copy \(index) is not on the roster") }
        #expect(Double(automatic) >= 0.98 * Double(onRoster.count), "only \(automatic) of \(onRoster.count) matched automatically")
        #expect(Double(topThree) >= 0.95 * Double(review), "the right student is in the top three of \(topThree) of \(review) copies left for review")
    }
}
