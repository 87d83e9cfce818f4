internal import CCairo
import Foundation

/// Writes a born-digital booklet: the same exam typed into the PDF as vector text (DejaVu Sans).
enum BornDigitalBookletWriter {
    /// Types `pageCount` pages for `studentName`; see `ScanFactory.writeBornDigitalBooklet`.
    static func write(to url: URL, studentName: String, pageCount: Int) throws {
        let context = "writing born-digital booklet \(url.path)"
        guard pageCount >= 1 else {
            throw ScanFactoryError(context: context, reason: "page count must be at least 1, got \(pageCount)")
        }
        let L = ExamLayout.self
        let variant = stableHash(studentName)
        let printer = PrintedExamPainter(mode: .vector, ruled: false)

        try CairoPDF.write(to: url, width: L.pageWidth, height: L.pageHeight,
                           title: "Exam booklet — \(studentName)") { cr, _ in
            for page in 1...pageCount {
                let spaces = printer.paint(cr, page: page, footer: "Page \(page) of \(pageCount) — \(studentName)")
                paintStudentLine(cr, page: page, studentName: studentName)
                for space in spaces {
                    paintAnswer(cr, ExamContent.typedAnswer(question: space.question, variant: variant), in: space)
                }
                cairo_show_page(cr)
                try CairoPDF.check(cairo_status(cr), "\(context), page \(page)")
            }
        }
    }

    /// Page 1 gets the name typed on the name line; later pages repeat it under the header.
    private static func paintStudentLine(_ cr: OpaquePointer, page: Int, studentName: String) {
        cairo_set_source_rgb(cr, 0, 0, 0.35)
        if page == 1 {
            CairoText.setFont(cr, size: 12)
            CairoText.show(cr, studentName, x: PrintedExamPainter.nameLineStart + 6,
                           y: PrintedExamPainter.nameBaseline - 1)
        } else {
            CairoText.setFont(cr, size: 9, bold: true)
            CairoText.show(cr, "Student: \(studentName)", x: ExamLayout.left, y: ExamLayout.headerBaseline + 18)
        }
    }

    /// Types an answer in a dark blue, wrapped to the answer space.
    private static func paintAnswer(_ cr: OpaquePointer, _ answer: String, in space: PrintedExamPainter.AnswerSpace) {
        let L = ExamLayout.self
        cairo_set_source_rgb(cr, 0, 0, 0.35)
        CairoText.setFont(cr, size: 11)
        var baseline = space.top + 20
        for line in CairoText.wrap(cr, answer, maxWidth: L.right - L.left - 12) where baseline < space.bottom {
            CairoText.show(cr, line, x: L.left + 12, y: baseline)
            baseline += 15
        }
    }
}
