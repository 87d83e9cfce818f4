import Foundation
import GraderAlignment
@testable import GraderBubbles
import Testing

/// The projective fit a block is placed with: a camera's map of a flat sheet is recovered from the
/// bubble centres it moves, however long and narrow the block (a column of 50 questions with five
/// choices is a block, not a line), and a single row falls back to a similarity.
@Suite("Homography fits")
struct HomographyTests {
    /// A camera tilted by `degrees` about the page's horizontal centre line, as a phone sees a sheet.
    static func camera(_ degrees: Double) -> ((x: Double, y: Double)) -> (x: Double, y: Double) {
        let angle = degrees * .pi / 180, distance = 1.5 * 792.0, centre = (x: 306.0, y: 396.0)
        return { p in
            let x = p.x - centre.x, y = p.y - centre.y, depth = distance - y * sin(angle)
            return (centre.x + 12 + x * distance / depth, centre.y - 7 + y * cos(angle) * distance / depth)
        }
    }

    /// Bubble centres of a block at (`left`, `top`): `rows` × `choices`, 14 pt across, 13 pt down.
    static func grid(left: Double, top: Double, rows: Int, choices: Int) -> [(x: Double, y: Double)] {
        (0..<rows).flatMap { row in (0..<choices).map { (left + 14 * Double($0), top + 13 * Double(row)) } }
    }

    @Test(arguments: [(5, 50), (4, 50), (3, 30), (7, 10), (10, 7)])
    func narrowBlocksUnderPerspectiveAreFittedExactly(choices: Int, rows: Int) throws {
        for degrees in [-8.0, 4, 8] {
            let camera = Self.camera(degrees)
            let points = Self.grid(left: 40, top: 90, rows: rows, choices: choices)
            let model = try #require(Homography.fit(points.map { ($0, camera($0)) }))
            let worst = points.map { p in hypot(model.apply(p).x - camera(p).x, model.apply(p).y - camera(p).y) }.max() ?? .infinity
            #expect(worst < 0.01, "\(choices) × \(rows) at \(degrees)°: \(worst) pt off")
        }
    }

    @Test func oneRowIsASimilarity() throws {
        let points = Self.grid(left: 40, top: 90, rows: 1, choices: 5)
        let turned = points.map { (x: $0.x * 0.99 - $0.y * 0.05 + 3, y: $0.x * 0.05 + $0.y * 0.99 - 2) }
        let model = try #require(Homography.fit(Array(zip(points, turned)).map { ($0.0, $0.1) }))
        #expect(model.h6 == 0 && model.h7 == 0)
        #expect(abs(model.h0 - model.h4) < 1e-9 && abs(model.h1 + model.h3) < 1e-9)
        #expect(abs(model.apply((100, 500)).y - (100 * 0.05 + 500 * 0.99 - 2)) < 1e-6)
    }
}
