import ArgumentParser
import GraderCore

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
        let seed = self.seed ?? (order == "shuffled" ? UInt64.random(in: 1...999_999) : 0)
        try reportingErrors {
            let project = try options.open()
            let (page, position) = try project.store.setOrder(GradingOrder(name: order, seed: seed)!)
            let book = try project.store.gradeBook()
            let total = book.students.count * book.pagesPerStudent
            let place = page.map { CombinedLayout.label(book.students[$0.student.index].student.name, page: $0.page) } ?? "the start"
            if options.json {
                try printJSON(["order": order, "seed": "\(seed)", "page": place, "position": "\(position + 1)"])
            } else {
                print("Order is now \(order)\(order == "shuffled" ? " (seed \(seed))" : ""). You are still at \(place): page \(position + 1) of \(total) in this order.")
            }
        }
    }
}
