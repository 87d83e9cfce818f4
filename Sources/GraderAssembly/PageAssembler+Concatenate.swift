extension PageAssembler {
    /// Writes a plan without overlays (a class's combined document) as it goes: the sources are
    /// read one at a time, each once, in the order of the plan's source list, and every page is
    /// written to the file as soon as it is copied; only the page tree, written last, puts the
    /// pages in the plan's order. Memory is that of one source, whatever the class's size, and no
    /// more than one source file is open at once.
    static func concatenate(_ plan: MergePlan, to outputPath: String) throws(AssemblyError) {
        let output = try PDFFileWriter(path: outputPath)
        let catalog = output.reserve(), tree = output.reserve()
        var pageNumbers = [Int](repeating: 0, count: plan.pages.count)
        let picks = Dictionary(grouping: plan.pages.indices) { plan.pages[$0].source }
        for source in picks.keys.sorted() {
            guard plan.sources.indices.contains(source) else { throw .badPlan("no source \(source)") }
            let copier = try SourcePageCopier(source: try QPDFHandle(reading: plan.sources[source].path, password: plan.sources[source].password),
                                              into: output)
            for position in picks[source] ?? [] {
                pageNumbers[position] = try copier.copyPage(plan.pages[position].pageIndex, parent: tree, turn: plan.pages[position].turn)
            }
        }
        let kids = pageNumbers.map { "\($0) 0 R" }.joined(separator: " ")
        output.object(tree, Array("<< /Type /Pages /Count \(pageNumbers.count) /Kids [\(kids)] >>".utf8))
        var entries = "/Type /Catalog /Pages \(tree) 0 R"
        if !plan.pageLabels.isEmpty { entries += " /PageLabels \(PageLabels.write(plan.pageLabels, into: output)) 0 R" }
        if !plan.outline.isEmpty {
            entries += " /Outlines \(try Outline.write(plan.outline, pages: pageNumbers, into: output)) 0 R /PageMode /UseOutlines"
        }
        output.object(catalog, Array("<< \(entries) >>".utf8))
        try output.finish(root: catalog)
    }
}
