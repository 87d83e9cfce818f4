/// What a stroke was drawn with: the pen (its width follows the pressure) or the highlighter (one
/// wide translucent line under the pen's ink, in the look's colour).
public enum InkKind: String, Sendable, Hashable, CaseIterable {
    /// The pen.
    case pen
    /// The highlighter.
    case highlighter
}
