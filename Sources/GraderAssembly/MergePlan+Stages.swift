extension MergePlan {
    /// The plan split so that no write keeps more than `maxSources` files open (qpdf reads a
    /// source's objects until the output is written; a class of 1,100 booklets would exceed the
    /// usual limit of 1,024 open files): one stage per group of consecutive sources, holding
    /// their pages in output order with their overlays, written to `intermediate(i)`; then a
    /// final plan over those files with the labels and outline. Nil when the plan fits as it is.
    /// An overlay must come from the same group as the page it covers.
    func stages(maxSources: Int, intermediate: (Int) -> String) throws(AssemblyError) -> (stages: [MergePlan], final: MergePlan)? {
        guard maxSources > 0, sources.count > maxSources else { return nil }
        let groupCount = (sources.count + maxSources - 1) / maxSources
        var stagePages = Array(repeating: [Page](), count: groupCount)
        var finalPages: [Page] = []
        for page in pages {
            let group = page.source / maxSources
            guard stagePages.indices.contains(group) else { throw .badPlan("no source \(page.source)") }
            let base = group * maxSources
            var overlay: Overlay?
            if let cover = page.overlay {
                guard cover.source / maxSources == group else { throw .badPlan("overlay source \(cover.source) is not in the group of source \(page.source)") }
                overlay = Overlay(source: cover.source - base, pageIndex: cover.pageIndex)
            }
            finalPages.append(Page(source: group, pageIndex: stagePages[group].count))
            stagePages[group].append(Page(source: page.source - base, pageIndex: page.pageIndex, overlay: overlay, rotation: page.rotation))
        }
        let stages = stagePages.indices.map { group in
            MergePlan(sources: Array(sources[(group * maxSources)..<min((group + 1) * maxSources, sources.count)]), pages: stagePages[group])
        }
        let final = MergePlan(sources: stages.indices.map { Source(path: intermediate($0)) }, pages: finalPages,
                              pageLabels: pageLabels, outline: outline)
        return (stages, final)
    }
}
