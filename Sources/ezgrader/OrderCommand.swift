import ArgumentParser
import GraderKit

struct OrderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "order",
        abstract: "Change the grading order; you keep your place.",
        discussion: """
            per-page: page 1 of every student, then page 2 …; per-student: each booklet whole; \
            shuffled: per page with the students in an order fixed by --seed (names and file order \
            cannot bias the grading).

            Example:
              ezgrader order exam.ezgrader shuffled --seed 7
            """)
    @OptionGroup var options: ProjectOptions
    @Argument(help: "per-page, per-student or shuffled.") var order: String
    @Option(help: "Seed of the shuffled order.") var seed: UInt64?

    func validate() throws {
        guard GradingOrder(name: order, seed: nil) != nil else {
            throw ValidationError("The order must be per-page, per-student or shuffled, not '\(order)'.")
        }
    }

    func run() throws {
        guard let chosen = GradingOrder(name: order, seed: seed) else { throw ValidationError("Unknown order '\(order)'.") }
        try reportingErrors {
            let place = try options.open().setOrder(chosen)
            let label = place.label ?? "the start"
            let seedText = chosen.seed.map { " (seed \($0))" } ?? ""
            if options.json {
                try printJSON(["order": order, "seed": "\(chosen.seed ?? 0)", "page": label, "position": "\(place.position + 1)"])
            } else {
                print("Order is now \(order)\(seedText). You are still at \(label): page \(place.position + 1) of \(place.total) in this order; "
                    + "ezgrader grade starts there.")
            }
        }
    }
}
