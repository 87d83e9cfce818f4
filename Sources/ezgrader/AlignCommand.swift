import ArgumentParser
import GraderKit

struct AlignCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "align",
        abstract: "Line up a student's page with the reference page by hand (a page that did not align).",
        discussion: """
            Moves everything placed on the page through its alignment — grade boxes, answer \
            regions, stamps — by dx,dy points (right and down positive) and turns it by degrees \
            clockwise about the page's centre, from where it sits now (on a page that did not \
            match: where the page size puts it). Check the result with ezgrader preview --grid; \
            undo takes it back.

            Example:
              ezgrader align exam.ezgrader --student "Anna Schmidt" --page 2 --by 12,-8
              ezgrader align exam.ezgrader --student "Anna Schmidt" --page 2 --by 12,-8,1.5
            """)
    @OptionGroup var options: ProjectOptions
    @Option(help: "Student name or roster id.") var student: String
    @Option(help: "Page number.") var page: Int
    @Option(help: ArgumentHelp("How far to move the page's boxes: points right, points down, and optionally degrees clockwise.",
                               valueName: "dx,dy[,degrees]")) var by: String

    /// Where the reference page now sits on the student's page (`--json`).
    struct Placed: Encodable { let student: String, page: Int, degrees: Double, scale: Double, x: Double, y: Double }

    func run() throws {
        try reportingErrors {
            let move = try value(of: "--by") { try HandAlignment(parsing: by) }
            let project = try options.open()
            let key = try project.student(named: student)
            let aligned = try project.alignPage(student: key, page: page, by: move)
            guard let transform = aligned.transform else { return }
            let placed = Placed(student: student, page: page, degrees: (transform.rotation * 180 / .pi * 1000).rounded() / 1000,
                                scale: (transform.scale * 10000).rounded() / 10000, x: (transform.tx * 100).rounded() / 100,
                                y: (transform.ty * 100).rounded() / 100)
            if options.json { return try printJSON(placed) }
            print("Aligned \(student)'s page \(page) by hand: " + String(format: "the reference page now sits turned %.2f° at %.1f %%, its top-left corner at %.1f,%.1f. ",
                                                                            placed.degrees, placed.scale * 100, placed.x, placed.y)
                + "Check it with ezgrader preview --grid; ezgrader undo takes it back.")
        }
    }
}
