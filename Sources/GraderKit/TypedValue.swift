@_spi(Rules) import GraderCore

/// The one place a front end turns what a user typed (a command-line option, a form field) into
/// a typed value the façade's changes take, each checked by the core's rule for it. A refusal is
/// a `GradingError` naming the value; a score is not here: `setScore(typed:…)` checks it against
/// the question's maximum inside its change.
public enum TypedValue {
    /// A question's maximum: a positive number of quarter points ("4", "2.5").
    public static func maximum(_ text: String) throws(GradingError) -> Points { try GradingRules.maximum(text) }

    /// A question's label, trimmed (nil when none or blank); not of the form p<page>q<n>.
    public static func label(_ text: String?) throws(GradingError) -> String? { try GradingRules.label(text) }

    /// A box size "w,h" in points, each side at least the smallest a box may have.
    public static func boxSize(_ text: String) throws(GradingError) -> BoxSize { try GradingRules.boxSize(text) }

    /// A shift "dx,dy" in points (right and down positive).
    public static func offset(_ text: String) throws(GradingError) -> (dx: Double, dy: Double) { try GradingRules.offset(text) }

    /// A point "x,y" in points from the page's top-left corner.
    public static func point(_ text: String) throws(GradingError) -> PagePoint { try GradingRules.point(text) }

    /// A page preview's resolution in dots per inch ("150"), within the range a page can be rendered at.
    public static func resolution(_ text: String) throws(GradingError) -> Double { try GradingRules.resolution(text) }

    /// A name region "[page:]x,y,width,height" in points (page 1 unless given).
    public static func nameRegion(_ text: String) throws(GradingError) -> NameRegion { try GradingRules.nameRegion(text) }

    /// A rectangle "x,y,width,height" in points with a positive size.
    public static func region(_ text: String) throws(GradingError) -> PageRect { try GradingRules.region(text) }

    /// A note's font size in points ("11"), within the sizes a note may have.
    public static func noteSize(_ text: String) throws(GradingError) -> Double { try GradingRules.noteSize(text) }

    /// A pen width in points ("1.5"), within the widths a stroke may have.
    public static func inkWidth(_ text: String) throws(GradingError) -> Double { try GradingRules.inkWidth(text) }

    /// Points of a rubric item or an adjustment ("-1", "2.5", "+0.5").
    public static func itemPoints(_ text: String) throws(GradingError) -> Points { try GradingRules.itemPoints(text) }

    /// The name of `names` a user most likely meant by `typed` (a typo), nil when none is close.
    public static func nearestName(to typed: String, among names: [String]) -> String? { NearestName.nearest(to: typed, among: names) }
}
