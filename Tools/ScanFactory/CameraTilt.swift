import Foundation
import GraderCore

/// A camera tilted about the page's horizontal centre line: the top of the page leans away, so it
/// is seen smaller than the bottom. A homography in closed form, both ways, in page points.
struct CameraTilt: Hashable, Sendable {
    /// The centre of the page, which stays put.
    var centre: PagePoint
    /// Distance from the camera to the page centre, in points.
    var distance: Double
    /// The tilt in radians; 0 maps every point to itself.
    var angle: Double

    /// A camera `degrees` off square, 1.5 page heights from a `width`×`height` page.
    init(degrees: Double, pageWidth width: Double, pageHeight height: Double) {
        centre = PagePoint(x: width / 2, y: height / 2)
        distance = 1.5 * height
        angle = degrees * .pi / 180
    }

    /// Where a point of the flat page appears in the photo.
    func apply(_ point: PagePoint) -> PagePoint {
        let x = point.x - centre.x, y = point.y - centre.y
        let depth = distance - y * sin(angle)
        return PagePoint(x: centre.x + x * distance / depth, y: centre.y + y * cos(angle) * distance / depth)
    }

    /// The point of the flat page that appears at `point` of the photo.
    func invert(_ point: PagePoint) -> PagePoint {
        let x = point.x - centre.x, y = point.y - centre.y
        let flatY = y * distance / (cos(angle) * distance + y * sin(angle))
        let depth = distance - flatY * sin(angle)
        return PagePoint(x: centre.x + x * depth / distance, y: centre.y + flatY)
    }
}
