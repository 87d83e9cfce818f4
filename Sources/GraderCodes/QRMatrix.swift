/// A QR symbol's modules, square, row by row from the top-left corner (no quiet zone).
public struct QRMatrix: Sendable, Equatable {
    /// Modules per side.
    public let size: Int
    /// `size × size` values, true where the module is dark.
    public let dark: [Bool]

    /// Wraps encoded modules; nil when the count is not `size × size`.
    public init?(size: Int, dark: [Bool]) {
        guard size > 0, dark.count == size * size else { return nil }
        self.size = size
        self.dark = dark
    }

    /// Whether module (`column`, `row`) is dark.
    public subscript(column: Int, row: Int) -> Bool { dark[row * size + column] }
}
