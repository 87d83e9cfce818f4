import Foundation
@_spi(Rules) import GraderCore
import Testing

/// What a lasso takes, as properties over many random loops and strokes (seeded, so a failure repeats).
@Suite struct LassoHitTestTests {
    static let page = PageSize(width: 612, height: 792)

    /// A star-shaped loop of `count` points around `centre` (radii 60…120 points): it holds the disc of radius 60.
    private func loop(around centre: PagePoint, count: Int, _ random: inout SeededGenerator) -> [PagePoint] {
        (0..<count).map { index in
            let angle = 2 * Double.pi * Double(index) / Double(count), radius = Double.random(in: 60...120, using: &random)
            return PagePoint(x: centre.x + radius * cos(angle), y: centre.y + radius * sin(angle))
        }
    }

    /// A stroke of `count` points within `radius` of `centre`.
    private func stroke(near centre: PagePoint, radius: Double, count: Int, _ random: inout SeededGenerator) -> InkStroke {
        InkStroke(points: (0..<count).map { _ in
            let angle = Double.random(in: 0..<2 * Double.pi, using: &random), distance = Double.random(in: 0...radius, using: &random)
            return RelativePoint(x: (centre.x + distance * cos(angle)) / Self.page.width, y: (centre.y + distance * sin(angle)) / Self.page.height)
        })
    }

    private func shifted(_ stroke: InkStroke, by offset: PagePoint) -> InkStroke {
        var moved = stroke
        moved.points = stroke.points.map { RelativePoint(x: $0.x + offset.x / Self.page.width, y: $0.y + offset.y / Self.page.height) }
        return moved
    }

    @Test func aStrokeInsideTheLoopIsTakenAndOneOutsideItIsNot() {
        var random = SeededGenerator(seed: 30)
        for _ in 0..<300 {
            let centre = PagePoint(x: Double.random(in: 150...450, using: &random), y: Double.random(in: 150...600, using: &random))
            let lasso = loop(around: centre, count: Int.random(in: 3...40, using: &random), &random)
            // Every side of the loop stays at least 60 cos(π / n) points from its centre.
            let inner = 60 * cos(Double.pi / Double(lasso.count)) - 1
            let inside = stroke(near: centre, radius: inner, count: Int.random(in: 1...30, using: &random), &random)
            #expect(LassoHitTest.takes(inside, loop: lasso, on: Self.page))
            let away = PagePoint(x: centre.x + (Bool.random(using: &random) ? 1 : -1) * 130, y: centre.y)
            let outside = stroke(near: away, radius: 9, count: Int.random(in: 1...30, using: &random), &random)
            #expect(!LassoHitTest.takes(outside, loop: lasso, on: Self.page))
        }
    }

    @Test func theAnswerDoesNotDependOnTheLoopsDirectionStartOrPlace() {
        var random = SeededGenerator(seed: 31)
        for _ in 0..<300 {
            let centre = PagePoint(x: 300, y: 400)
            let lasso = loop(around: centre, count: Int.random(in: 3...30, using: &random), &random)
            // Strokes near the loop's edge: some taken, some not.
            let ink = stroke(near: centre, radius: 130, count: Int.random(in: 1...15, using: &random), &random)
            let taken = LassoHitTest.takes(ink, loop: lasso, on: Self.page)
            let start = Int.random(in: 0..<lasso.count, using: &random)
            #expect(LassoHitTest.takes(ink, loop: Array(lasso.reversed()), on: Self.page) == taken, "drawn the other way round")
            #expect(LassoHitTest.takes(ink, loop: Array(lasso[start...] + lasso[..<start]), on: Self.page) == taken, "started elsewhere")
            let offset = PagePoint(x: Double.random(in: -100...100, using: &random), y: Double.random(in: -100...100, using: &random))
            let movedLoop = lasso.map { PagePoint(x: $0.x + offset.x, y: $0.y + offset.y) }
            #expect(LassoHitTest.takes(shifted(ink, by: offset), loop: movedLoop, on: Self.page) == taken, "both moved together")
        }
    }

    @Test func aStrokeIsTakenWhenMostOfItsPointsAreInside() {
        let square = [PagePoint(x: 100, y: 100), PagePoint(x: 200, y: 100), PagePoint(x: 200, y: 200), PagePoint(x: 100, y: 200)]
        func line(_ xs: [Double]) -> InkStroke { InkStroke(points: xs.map { RelativePoint(x: $0 / Self.page.width, y: 150 / Self.page.height) }) }
        #expect(LassoHitTest.takes(line([120, 150, 180, 250]), loop: square, on: Self.page), "three of four inside: its tail clipped")
        #expect(!LassoHitTest.takes(line([50, 150, 250, 300]), loop: square, on: Self.page), "one of four inside: only crossed")
        #expect(!LassoHitTest.takes(line([150]), loop: Array(square.prefix(2)), on: Self.page), "two points make no loop")
        let note = TextNote(text: "Why?", position: RelativePoint(x: 150 / Self.page.width, y: 120 / Self.page.height))
        #expect(LassoHitTest.takes(corner: note.position, loop: square, on: Self.page))
        #expect(!LassoHitTest.takes(corner: note.position, loop: square.map { PagePoint(x: $0.x + 200, y: $0.y) }, on: Self.page))
    }
}
