import ArgumentParser
import Foundation

@main
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ezgrader-bench",
        abstract: "Time ezgrader against qpdf and pdfunite on a generated scanned class.",
        discussion: """
            Generates (and caches) a deterministic class of scanned booklets, then runs each \
            operation and the reference tools on the same files, alternating, and prints the median \
            time, peak memory and output size, with ratios to qpdf.

            Example (release build, the issue's class size):
              swift build -c release && .build/release/ezgrader-bench --students 160 --pages 8
              .build/release/ezgrader-bench --alignment --baseline /path/to/ezgrader-without-alignment
              .build/debug/ezgrader-bench --memory
            """)

    @Option(help: "Students in the generated class.") var students = 160
    @Option(help: "Pages per student.") var pages = 8
    @Option(help: "Runs of each command; the median is reported.") var runs = 3
    @Option(help: "Folder for the generated class and outputs.") var work = ".build-bench"
    @Option(help: "The ezgrader binary to measure (default: beside this one).") var ezgrader: String?
    @Option(help: "Students in the project benchmark (question add, status, CSV export).") var projectStudents = 1000
    @Option(help: "Questions in the project benchmark.") var projectQuestions = 50
    @Flag(help: "Only the project benchmarks (no scanned class).") var projectOnly = false
    @Flag(help: "Only the ezgrader serve benchmark (page images, score round trips, memory).") var serveOnly = false
    @Flag(help: "Only page alignment: per page, a class on both cores, and new against --baseline.") var alignment = false
    @Option(help: "Students in the alignment benchmark's class.") var alignmentStudents = 200
    @Option(help: "An ezgrader binary without page alignment, to time new against.") var baseline: String?
    @Flag(help: "Only the bulk-scan benchmark (new --bulk against qpdf splitting by page ranges).") var bulkOnly = false
    @Option(help: "Copies in the bulk-scan benchmark (also run at half the size).") var bulkCopies = 200
    @Flag(help: "Only peak memory: new, export pdf and export csv at 160 and 1,000 students, and new of long typed booklets.") var memory = false
    @Option(help: "With --memory: pages of each long born-digital booklet.") var bookletPages = 352
    @Option(help: "Writer processes in the several-graders benchmark.") var writers = 8
    @Option(help: "With --serve-only: graders grading at once through the server, each with their own session and question.") var graders: Int?
    @Option(help: "With --graders: cards shown in all.") var views = 10_000
    @Option(help: "With --graders: milliseconds each grader spends on a card, on average.") var thinkMs = 1000
    @Option(help: "With --graders: students in the class (their scans are the generated booklets in turn).") var teamStudents = 1000
    @Option(help: "Scores each writer gives.") var scoresPerWriter = 200
    @Option(help: "Reader processes looping status --json meanwhile.") var readers = 2
    @Option(help: "Only phone capture: this many photographed bubble sheets, each read and kept through the façade (photo → result).") var capture: Int?
    @Option(help: "Only answer groups: a class of this many scanned quizzes, each question's suggested groups built through the façade.") var groups: Int?
    @Option(help: .hidden) var writer: String?
    @Option(help: .hidden) var writerIndex = 0
    @Option(help: .hidden) var latencies = ""

    func run() throws {
        if let writer {
            return try ConcurrencyBench.write(folder: writer, writer: writerIndex, scores: scoresPerWriter, latenciesTo: latencies)
        }
        let binary = ezgrader ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("ezgrader").path
        try FileManager.default.createDirectory(atPath: "\(work)/out", withIntermediateDirectories: true)
        if let capture { return try CaptureBench.run(photos: capture, in: work) }
        if let groups { return try GroupsBench.run(students: groups, runs: runs, in: work) }
        if serveOnly { return try serveBench(binary: binary) }
        if alignment {
            return try AlignmentBench.run(binary: binary, baseline: baseline, students: alignmentStudents, importStudents: students,
                                          pages: pages, runs: runs, in: work)
        }
        if memory {
            return try MemoryBench.run(binary: binary, classSizes: [students, 1000], pages: pages, bookletPages: bookletPages,
                                       bookletStudents: 3, in: work)
        }
        if bulkOnly { return try BulkBench.run(binary: binary, copies: bulkCopies, pages: pages, runs: runs, in: work) }
        try ProjectBench.run(binary: binary, sizes: [(6, 8), (projectStudents, projectQuestions)], runs: runs, in: work)
        let bench = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
        try ConcurrencyBench.run(binary: binary, bench: bench, writers: writers, scoresPerWriter: scoresPerWriter, readers: readers, in: work)
        if projectOnly { return }
        let files = try ClassGenerator.scannedClass(students: students, pages: pages, in: work)
        let inputBytes = try files.reduce(0) { $0 + (try fileSize($1)) }
        let out = "\(work)/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        print("Class: \(students) students × \(pages) pages = \(students * pages) scanned pages, "
            + "\(megabytes(inputBytes)) MB of input. Median of \(runs) runs each.\n")

        let perPagePicks = (1...pages).flatMap { page in files.flatMap { [$0, "\(page)"] } }
        let groups: [(title: String, cases: [BenchCase])] = [
            ("merge, per-page order (page 1 of every student, then page 2 …)", [
                BenchCase(tool: "qpdf --empty --pages", command: ["/usr/bin/qpdf", "--empty", "--pages"] + perPagePicks + ["--", "\(out)/qpdf-per-page.pdf"]),
                BenchCase(tool: "ezgrader merge", command: [binary, "merge"] + files + ["--order", "per-page", "-o", "\(out)/ezgrader-per-page.pdf"]),
            ]),
            ("merge, per-student order", [
                BenchCase(tool: "qpdf --empty --pages", command: ["/usr/bin/qpdf", "--empty", "--pages"] + files + ["--", "\(out)/qpdf-per-student.pdf"]),
                BenchCase(tool: "pdfunite", command: ["/usr/bin/pdfunite"] + files + ["\(out)/pdfunite-per-student.pdf"]),
                BenchCase(tool: "ezgrader merge", command: [binary, "merge"] + files + ["--order", "per-student", "-o", "\(out)/ezgrader-per-student.pdf"]),
            ]),
        ]
        for group in groups {
            let results = try BenchCase.runAlternating(group.cases, runs: runs)
            Report.print(title: group.title, results: results, inputBytes: inputBytes)
        }
        try ExportBench.run(binary: binary, files: files, pages: pages, runs: runs, in: work, inputBytes: inputBytes)
        try serveBench(binary: binary)
        try BulkBench.run(binary: binary, copies: bulkCopies, pages: pages, runs: runs, in: work)
    }

    /// The server on a synthetic large project and on 20 scanned booklets of 4 pages.
    private func serveBench(binary: String) throws {
        if let graders {
            let scans = try ClassGenerator.scannedClass(students: 20, pages: 4, in: work)
            return try TeamServeBench.run(binary: binary, graders: graders, views: views, thinkMilliseconds: thinkMs, students: teamStudents, scans: scans, in: work)
        }
        let large = try ProjectBench.make(students: projectStudents, questions: projectQuestions, in: work)
        let scans = try ClassGenerator.scannedClass(students: 20, pages: 4, in: work)
        try ServeBench.run(binary: binary, largeProject: large, scannedFiles: scans, writers: writers, scoresPerWriter: scoresPerWriter, in: work)
    }
}

/// Size of a file in bytes.
func fileSize(_ path: String) throws -> Int {
    (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
}

/// Bytes as megabytes with one decimal.
func megabytes(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1_048_576) }
