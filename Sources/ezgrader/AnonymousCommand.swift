import ArgumentParser
import GraderKit

struct AnonymousCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "anonymous",
        abstract: "Grade without seeing names: pseudonyms in every grading view.",
        discussion: """
            While on, the browser view, grade and preview show each student as a stable pseudonym \
            ("Student 7KQ3") and cover each --name-region (x,y,width,height in points, as on \
            preview --grid; on page 1, or on the page written before it: 2:40,60,300,40). Give one \
            for every place that tells who the student is: the name, the student number, the name \
            printed under the code of prepared copies. Exports keep the real names.

            Example:
              ezgrader anonymous exam on --name-region 40,60,300,40 --name-region 420,60,150,40
            """)
    @OptionGroup var options: ProjectOptions
    @Argument(help: "on or off.") var setting: String
    @Option(help: ArgumentHelp("A place that shows who the student is: [page:]x,y,width,height in points (page 1 unless given); repeat for several.",
                               valueName: "[page:]x,y,w,h"))
    var nameRegion: [String] = []

    func validate() throws {
        guard ["on", "off"].contains(setting) else { throw ValidationError("Say on or off, not '\(setting)'.") }
    }

    func run() throws {
        try reportingErrors {
            let regions = try nameRegion.map { text in
                try value(of: "--name-region") { try TypedValue.nameRegion(text) }
            }
            let project = try options.open()
            try project.setAnonymous(setting == "on", nameRegions: regions)
            let pages = Array(Set(regions.map(\.page))).sorted().map(String.init).joined(separator: ", ")
            let covered = regions.count == 1 ? " and cover the name on page \(pages)" : " and cover \(regions.count) name regions (pages \(pages))"
            print(setting == "on" ? "Anonymous grading is on: grading views show pseudonyms\(regions.isEmpty ? "" : covered)."
                                  : "Anonymous grading is off: grading views show names.")
        }
    }
}
