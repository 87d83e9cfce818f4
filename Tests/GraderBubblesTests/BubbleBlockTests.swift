import Foundation
import GraderCore
import Testing

@Suite("Bubble block geometry")
struct BubbleBlockTests {
    @Test func answerBlockRowsRunDownAndChoicesAcross() {
        let block = BubbleBlock(id: "mc", name: "MC", page: 1, origin: PagePoint(x: 100, y: 200), rowSpacing: 24,
                                columnSpacing: 20, bubbleDiameter: 12, rows: 3)
        #expect(block.choices == ["A", "B", "C", "D", "E"])
        #expect(block.centre(row: 2, choice: 1) == PagePoint(x: 120, y: 248))
        #expect(block.questionNumber(row: 2) == 3)
        #expect(block.problem == nil)
    }

    @Test func studentIDGridHasDigitsDownEachColumn() {
        let grid = BubbleBlock(id: "id", name: "ID", page: 1, origin: PagePoint(x: 300, y: 100), rowSpacing: 20,
                               columnSpacing: 22, bubbleDiameter: 12, rows: 7, kind: .studentID)
        #expect(grid.choices == (0...9).map(String.init))
        #expect(grid.centre(row: 3, choice: 9) == PagePoint(x: 366, y: 280))
        #expect(grid.questionNumber(row: 0) == nil)
        #expect(grid.pointsPerQuestion == .zero)
    }

    @Test func roundTripsThroughJSON() throws {
        let block = BubbleBlock(id: "mc", name: "MC", page: 2, origin: PagePoint(x: 1.5, y: 2.25), rowSpacing: 24,
                                columnSpacing: 20, bubbleDiameter: 12, rows: 3, pointsPerQuestion: Points("2.5")!,
                                firstQuestionNumber: 11)
        let data = try JSONEncoder().encode(block)
        #expect(try JSONDecoder().decode(BubbleBlock.self, from: data) == block)
        let reading = BubbleRowReading(row: 0, questionNumber: 11, reading: .uncertain(reason: "smudge"), fills: [0.1, 0.5])
        #expect(try JSONDecoder().decode(BubbleRowReading.self, from: JSONEncoder().encode(reading)) == reading)
    }

    @Test func touchingRingsAreRefused() {
        let block = BubbleBlock(id: "mc", name: "MC", page: 1, origin: PagePoint(x: 0, y: 0), rowSpacing: 10,
                                columnSpacing: 20, bubbleDiameter: 12, rows: 3)
        #expect(block.problem != nil)
    }
}
