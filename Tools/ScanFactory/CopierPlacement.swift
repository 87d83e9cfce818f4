import Foundation

/// Where a copier put one page of a truth-known scan: the printed exam page (laid out on US Letter)
/// shifted, turned and reduced on a sheet of some paper size, maybe fed upside down — or a page
/// that is not the exam's at all. Tests compare what registration finds with `apply`.
public struct CopierPlacement: Sendable, Equatable {
    /// What is printed on the page.
    public enum Content: Sendable, Equatable {
        /// The exam's page (with the student's handwriting).
        case exam
        /// Another page of the exam than the one expected here: `examPage(3)` prints page 3.
        case examPage(Int)
        /// A page of another document: other text, other frames.
        case foreign
        /// Nothing printed: paper grain only.
        case blank
    }

    /// How much of the exam is printed.
    public enum Printing: Sendable, Equatable {
        /// Everything: title, prompts, ruled answer lines, score boxes.
        case full
        /// Little print: the header, each question's title and score box, the footer (no prompts, no ruling).
        case sparse
    }

    /// How much the student wrote.
    public enum Writing: Sendable, Equatable {
        /// Answers in the answer spaces.
        case answers
        /// Answers, then handwriting over most of the page (margins, prompts and print included).
        case crowded
    }

    /// Shift of the content in points (right, down).
    public var dx: Double, dy: Double
    /// Rotation of the content in degrees, about the Letter page's centre (clockwise on the page).
    public var rotationDegrees: Double
    /// Scale of the content (0.95 = reduced to 95 %).
    public var scale: Double
    /// The scanned page's size in points.
    public var paperWidth: Double, paperHeight: Double
    /// The sheet went through upside down: the page image is turned by 180°.
    public var upsideDown: Bool
    /// What is printed.
    public var content: Content
    /// How much of the exam's page is printed (the master's pages must be printed alike).
    public var printing: Printing
    /// How much handwriting is on the page.
    public var writing: Writing

    /// US Letter, A4 and US Legal, in points.
    public static let letter = (width: 612.0, height: 792.0), a4 = (width: 595.28, height: 841.89), legal = (width: 612.0, height: 1008.0)

    /// A placement; the default is a perfect Letter scan of the exam.
    public init(dx: Double = 0, dy: Double = 0, rotationDegrees: Double = 0, scale: Double = 1,
                paper: (width: Double, height: Double) = CopierPlacement.letter, upsideDown: Bool = false, content: Content = .exam,
                printing: Printing = .full, writing: Writing = .answers) {
        (self.dx, self.dy, self.rotationDegrees, self.scale) = (dx, dy, rotationDegrees, scale)
        (paperWidth, paperHeight, self.upsideDown, self.content) = (paper.width, paper.height, upsideDown, content)
        (self.printing, self.writing) = (printing, writing)
    }

    /// Where a point printed at `p` on the exam page lands on the scanned page shown upright.
    public func apply(_ p: (x: Double, y: Double)) -> (x: Double, y: Double) {
        let (cx, cy) = (ExamLayout.pageWidth / 2, ExamLayout.pageHeight / 2)
        let angle = rotationDegrees * .pi / 180
        let (x, y) = ((p.x - cx) * scale, (p.y - cy) * scale)
        return (x * cos(angle) - y * sin(angle) + cx + dx, x * sin(angle) + y * cos(angle) + cy + dy)
    }
}

