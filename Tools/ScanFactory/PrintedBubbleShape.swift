/// The outline of printed bubbles.
public enum PrintedBubbleShape: Sendable, Hashable {
    /// A circle (width = height).
    case circle
    /// An oval, wider than tall on most school forms.
    case ellipse
    /// A box with rounded corners.
    case roundedRectangle
}
