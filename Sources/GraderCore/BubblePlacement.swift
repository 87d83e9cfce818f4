/// Where the machine found a bubble block on one student's scan, kept with the readings so the
/// review preview can draw it and the responses table can show how well it fitted.
public struct BubblePlacement: Hashable, Sendable {
    /// Root-mean-square distance of the found bubbles from the block's fitted layout, in points;
    /// nil when the block could not be placed.
    public var residual: Double?
    /// Why the block could not be read, when it could not.
    public var problem: String?
    /// Where each bubble was placed on the page as shown, row-major; empty when not placed.
    public var centres: [PagePoint]

    /// Creates a placement.
    public init(residual: Double?, problem: String?, centres: [PagePoint]) {
        self.residual = residual
        self.problem = problem
        self.centres = centres
    }
}
