import ArgumentParser
import GraderKit

struct AnonymousCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "anonymous",
        abstract: "Grade without seeing names: pseudonyms in every grading view.",
        discussion: """
            While on, the browser view, grade and preview show each student as a stable pseudonym \
            ("Student 7KQ3") and cover --name-region on page 1 (x,y,width,height in points, as on \
            preview --grid). Exports keep the real names.

            Example:
              ezgrader anonymous exam on --name-region 40,60,300,40
            """)
    @OptionGroup var options: ProjectOptions
    @Argument(help: "on or off.") var setting: String
    @Option(help: ArgumentHelp("The name's place on page 1: x,y,width,height in points.", valueName: "x,y,w,h"))
    var nameRegion: String?

    func validate() throws {
        guard ["on", "off"].contains(setting) else { throw ValidationError("Say on or off, not '\(setting)'.") }
    }

    func run() throws {
        try reportingErrors {
            let region = try nameRegion.map { text in
                try value(of: "--name-region") { try GradingRules.region(text) }
            }
            let project = try options.open()
            try project.setAnonymous(setting == "on", nameRegion: region)
            print(setting == "on" ? "Anonymous grading is on: grading views show pseudonyms\(region == nil ? "" : " and cover the name on page 1")."
                                  : "Anonymous grading is off: grading views show names.")
        }
    }
}
