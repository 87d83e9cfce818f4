import Foundation

extension PageAssembler {
    /// One output of a split: its pages (indexes into the shared sources) and where it goes.
    public struct SplitOutput: Sendable, Equatable {
        /// The pages, in order (with their turns; overlays are not laid in a split).
        public let pages: [MergePlan.Page]
        /// Where the PDF is written.
        public let path: String

        /// Creates an output.
        public init(pages: [MergePlan.Page], path: String) {
            self.pages = pages
            self.path = path
        }
    }

    /// Writes every output from `sources` opened once (a bulk scan of a whole class is read once,
    /// not once per copy), each atomically. Pages are copied untouched; memory does not grow with
    /// the number of outputs (each output's objects are freed when it is written).
    public static func split(_ sources: [MergePlan.Source], into outputs: [SplitOutput]) throws(AssemblyError) {
        guard sources.count <= maxOpenSources else { throw .badPlan("\(sources.count) sources in one split; at most \(maxOpenSources)") }
        var opened: [QPDFHandle] = []
        for source in sources { opened.append(try QPDFHandle(reading: source.path, password: source.password)) }
        for output in outputs {
            let handle = try QPDFHandle(emptyFor: output.path)
            try copyPages(output.pages, from: opened, into: handle)
            try writeAtomically(handle, to: output.path)
        }
    }
}
