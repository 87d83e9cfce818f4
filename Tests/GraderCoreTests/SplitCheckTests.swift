import GraderCore
import Testing

/// The rules of a fixed-count split, on match scores laid out by hand: stacks of copies of four
/// pages. Page 1 is a cover (0.8 against its own slot, 0.1 and not taken against others); pages
/// 2–4 may share a layout (0.5 against their own slot, 0.45 against each other's, both taken).
@Suite struct SplitCheckTests {
    /// The match of a page showing page `shown` (0-based) against a slot holding page `slotPage`.
    private func match(_ shown: Int, _ slot: Int, slotPage: Int, sameLayout: Bool) -> SplitCheck.Match {
        if shown == slotPage { return .init(position: slot, score: sameLayout && shown > 0 ? 0.5 : 0.8, accepted: true) }
        return sameLayout && shown > 0 && slotPage > 0 ? .init(position: slot, score: 0.45, accepted: true)
            : .init(position: slot, score: 0.1, accepted: false)
    }

    /// The verdict on a stack whose pages show `shown` pages, split every 4; slot k of the
    /// reference copy holds page `(k + phase) % 4` (phase 1: the references are the second copy's
    /// pages after a page dropped from the first).
    private func verdict(_ shown: [Int], sameLayout: Bool = false, phase: Int = 0) -> SplitCheck.Verdict {
        SplitCheck.verdict(count: shown.count, every: 4) { index in
            SplitCheck.positions(around: index % 4, every: 4).map { match(shown[index], $0, slotPage: ($0 + phase) % 4, sameLayout: sameLayout) }
        }
    }

    private func stack(_ copies: Int) -> [Int] { Array(repeating: [0, 1, 2, 3], count: copies).flatMap { $0 } }
    private func name(_ index: Int) -> String { "s.pdf page \(index + 1)" }

    /// The one fault of a refused verdict, explained.
    private func fault(_ verdict: SplitCheck.Verdict) -> String? {
        guard case .refused(let faults) = verdict, faults.count == 1 else { return nil }
        return faults[0].explanation(every: 4, name: name)
    }

    @Test func aCleanStackIsAcceptedEvenWhenPagesShareALayout() {
        #expect(verdict(stack(5)) == .accepted(unsure: []))
        #expect(verdict(stack(5), sameLayout: true) == .accepted(unsure: []))
    }

    @Test func aDroppedPageIsNamedAtItsCopy() throws {
        // Copy 3's page 2 was not fed: from stack page 10 on, every page is one position early.
        var shown = stack(5)
        shown.remove(at: 9)
        #expect(fault(verdict(shown))
            == "copy 3 page 2 (s.pdf page 10) looks like page 3 (match 0.80 against 0.10 for page 2): copy 3's page 2 was dropped")
        // Copy 4's first page dropped: named at copy 4, not at copy 3.
        var first = stack(5)
        first.remove(at: 12)
        #expect(fault(verdict(first))?.hasSuffix("copy 4's page 1 was dropped") == true)
    }

    @Test func aDroppedPageAmongPagesOfOneLayoutIsNamedAtItsCopy() {
        // Copy 3's page 3 dropped: its page 4 passes for page 3, and copy 4's cover for page 4.
        var shown = stack(5)
        shown.remove(at: 10)
        #expect(fault(verdict(shown, sameLayout: true))
            == "copy 3 page 3 (s.pdf page 11) looks like page 4 (match 0.50 against 0.45 for page 3): copy 3's page 3 was dropped "
                + "(or its page 2 or its page 4: those pages look alike)")
    }

    @Test func aDoubledPageIsNamedAtTheCopyItRepeats() {
        // Copy 2's page 4 fed twice: the extra page stands where copy 3's page 1 should be.
        var shown = stack(5)
        shown.insert(3, at: 8)
        #expect(fault(verdict(shown))
            == "copy 3 page 1 (s.pdf page 9) looks like page 4 (match 0.80 against 0.10 for page 1): copy 2's page 4 was fed twice (s.pdf page 9 is the extra one)")
    }

    @Test func aPageDoubledInTheFirstCopyIsNamedThereWhenTheSecondCopyIsTheReference() {
        // Copy 1's page 1 fed twice; the references are copy 2's pages, which stand one page later
        // in the stack (slot 0 holds page 4): page 1 is slot 1, and the extra page is stack page 2.
        var shown = stack(5)
        shown.insert(0, at: 1)
        #expect(fault(verdict(shown, phase: 3))
            == "copy 1 page 2 (s.pdf page 2) looks like page 1 (match 0.80 against 0.10 for page 2): copy 1's page 1 was fed twice (s.pdf page 2 is the extra one)")
    }

    @Test func aPageMissingAtTheStartOrTheEndIsNotNamed() {
        // Copy 1's page 1 not fed, or the last copy's page 4: the stack reads the same either way.
        #expect(verdict(Array(stack(5).dropFirst()), phase: 1) == .refused(faults: []))
        #expect(verdict(Array(stack(5).dropLast())) == .refused(faults: []))
    }

    @Test func pagesOfOneLayoutThatLookLikeANeighbourAreListedNotRefused() {
        // Same layout: a page that fits a neighbour clearly better (0.7 against 0.5) while its own
        // still matches is a doubt, not a refusal, when the stack comes out even.
        let stack = SplitCheck.verdict(count: 8, every: 4) { index in
            SplitCheck.positions(around: index % 4, every: 4).map { position in
                if index == 5, position == 2 { return .init(position: 2, score: 0.7, accepted: true) }
                return position == index % 4 ? .init(position: position, score: 0.5, accepted: true) : .init(position: position, score: 0.45, accepted: true)
            }
        }
        guard case .accepted(let unsure) = stack else { Issue.record("refused"); return }
        #expect(unsure.map(\.index) == [5] && unsure.map(\.kind) == [.unsure])
        #expect(unsure.first?.explanation(every: 4, name: name) == "copy 2 page 2 (s.pdf page 6) looks like page 3 (match 0.70 against 0.50 for page 2)")
    }

    @Test func onePageTheAlignmentDidNotTakeIsADoubtNotAFault() {
        // Copy 2's page 3 is not taken for page 3 (heavy writing) and fits page 4 somewhat: the
        // pages after it are in step, so the clean stack is accepted with that page listed.
        let stack = SplitCheck.verdict(count: 8, every: 4) { index in
            SplitCheck.positions(around: index % 4, every: 4).map { position in
                if index == 6 { return .init(position: position, score: position == 3 ? 0.35 : 0.2, accepted: position == 3) }
                return .init(position: position, score: position == index % 4 ? 0.8 : 0.1, accepted: position == index % 4)
            }
        }
        guard case .accepted(let unsure) = stack else { Issue.record("refused: \(stack)"); return }
        #expect(unsure.map(\.index) == [6])
    }

    /// Stacks of 5 to 40 copies of 3, 4 or 10 pages whose pages after the cover share a layout
    /// (each page's own slot beats the others by 0–0.1, with noise), one page dropped or fed twice
    /// anywhere after the first copy: the fault is always named at its copy, with what happened,
    /// the true page among those named (the last page of the last copy missing is not named: page
    /// 1 of copy 1 missing reads the same); the same stacks in step are accepted.
    @Test(arguments: [3, 4, 10]) func aFaultAnywhereIsNamedAtItsCopy(pages n: Int) {
        var random = SeededGenerator(seed: 32 + UInt64(n))
        func unit() -> Double { Double(random.below(1_000_000)) / 1_000_000 }
        for trial in 0..<200 {
            let copies = 5 + random.below(36), inStep = Array(repeating: Array(0..<n), count: copies).flatMap { $0 }
            var shown = inStep, truth = (copy: 2 + random.below(copies - 1), page: random.below(n))
            let doubled = trial % 2 == 1
            if doubled { shown.insert(truth.page, at: (truth.copy - 1) * n + truth.page + 1) } else { shown.remove(at: (truth.copy - 1) * n + truth.page) }
            if doubled, truth.page == n - 1, truth.copy == copies { truth.page = n - 2 }   // an extra last page is also the page before it fed twice
            let noise = (0..<copies * n + 1).map { _ in (0..<n).map { _ in unit() } }
            func matches(_ shown: [Int]) -> (Int) -> [SplitCheck.Match] { { index in
                SplitCheck.positions(around: index % n, every: n).map { slot -> SplitCheck.Match in
                    let page = shown[index]
                    if page == 0 || slot == 0 { return .init(position: slot, score: page == slot ? 0.8 : 0.1, accepted: page == slot) }
                    return .init(position: slot, score: (page == slot ? 0.5 : 0.45) + 0.05 * noise[index][slot], accepted: true)
                }
            } }
            #expect(SplitCheck.verdict(count: inStep.count, every: n, matches: matches(inStep)) == .accepted(unsure: []))
            let verdict = SplitCheck.verdict(count: shown.count, every: n, matches: matches(shown))
            let what = "trial \(trial): \(copies) copies of \(n), copy \(truth.copy) page \(truth.page + 1) \(doubled ? "doubled" : "dropped")"
            if !doubled, truth.page == n - 1, truth.copy == copies { #expect(verdict == .refused(faults: []), "\(what)"); continue }
            guard case .refused(let faults) = verdict, faults.count == 1 else { Issue.record("\(what): not refused with one fault"); continue }
            let found = faults[0]
            let listed = [found.fault] + found.alsoPossible
            #expect(found.fault.copy == truth.copy && found.kind == (doubled ? .doubled : .dropped) && listed.contains(.init(copy: truth.copy, page: truth.page)),
                    "\(what): \(found.explanation(every: n, name: name))")
        }
    }

    @Test func eachPageIsComparedWithItsNeighbourPositions() {
        #expect(SplitCheck.positions(around: 0, every: 4) == [0, 3, 1])
        #expect(SplitCheck.positions(around: 1, every: 2) == [1, 0])
        #expect(SplitCheck.positions(around: 0, every: 1) == [0])
    }
}

/// Where the total goes on page 1: never over a grade box near the top margin or a printed code.
@Suite struct TotalPlacementTests {
    private let letter = PageSize(width: 612, height: 792)

    @Test func theTotalKeepsItsPlaceUnlessSomethingIsThere() {
        let corner = TotalPlacement.corner(width: 150, height: 19, on: letter, avoiding: [])
        #expect(corner == PagePoint(x: 612 - 24 + 3 - 150, y: 15))
        let box = PageRect(origin: PagePoint(x: 500, y: 20), width: 60, height: 30)
        let moved = TotalPlacement.corner(width: 150, height: 19, on: letter, avoiding: [box])
        #expect(!PageRect(origin: moved, width: 150, height: 19).overlaps(box))
        #expect(moved.y == 15 && moved.x + 150 <= 500)
    }

    @Test func theTotalNeverCoversTheDefaultCodeOrABoxBesideIt() {
        let code = PageCodePlacement.keepClear(on: letter)
        let box = PageRect(origin: PagePoint(x: 300, y: 10), width: 200, height: 40)
        let corner = TotalPlacement.corner(width: 150, height: 19, on: letter, avoiding: [code, box])
        let total = PageRect(origin: corner, width: 150, height: 19)
        #expect(!total.overlaps(code) && !total.overlaps(box) && total.fits(on: letter))
    }

    @Test func theDefaultCodeIsTenMillimetresFromEveryEdge() {
        let corner = PageCodePlacement.defaultCorner(on: letter, side: 48, quiet: 4)
        #expect(corner.y - 4 >= 28.35 && 612 - (corner.x + 48 + 4) >= 28.35)
    }
}

/// The grade layer hands the total what it must keep clear of on page 1.
@Suite struct TotalKeepsClearTests {
    @Test func theTotalAvoidsATopBoxAndTheCodeOfABulkClass() {
        let letter = PageSize(width: 612, height: 792)
        let entry = GradeBook.Entry(key: StudentKey(1), student: Student(name: "Ann"), scanPath: "scans/copy-0001.pdf", pageSizes: [letter])
        // A box in the top margin, where the total would go.
        let question = Question(id: QuestionID(1), page: 1, position: RelativePoint(x: 480.0 / 612, y: 16.0 / 792), maxPoints: Points(quarters: 16),
                                label: "Q1")
        for printedCodes in [false, true] {
            let book = GradeBook(students: [entry], pagesPerStudent: 1, questions: [question], scores: [:], annotations: [],
                                 printedCodes: printedCodes)
            let marks = GradeLayer.marks(book, student: StudentID(0), page: 1).marks
            let box = marks.compactMap { mark -> PageRect? in if case .gradeBox(let frame, _, _) = mark { frame } else { nil } }
            let totals = marks.compactMap { mark -> [PageRect]? in if case .total(_, let avoiding) = mark { avoiding } else { nil } }
            let avoiding = totals.first ?? []
            #expect(avoiding == box + (printedCodes ? [PageCodePlacement.keepClear(on: letter)] : []))
            let corner = TotalPlacement.corner(width: 150, height: 19, on: letter, avoiding: avoiding)
            #expect(!avoiding.contains { $0.overlaps(PageRect(origin: corner, width: 150, height: 19)) })
        }
    }
}
