import GraderCore
import Testing

/// The rules of a fixed-count split, on match scores laid out by hand: stacks of copies of four
/// pages in which each page matches its own position's reference (0.8, or 0.5 for pages of one
/// layout that a neighbour also matches at 0.45).
@Suite struct SplitCheckTests {
    /// The match of a page showing `shown` (0-based position) against `position`.
    private func match(_ shown: Int, _ position: Int, sameLayout: Bool) -> SplitCheck.Match {
        if shown == position { return .init(position: position, score: sameLayout ? 0.5 : 0.8, accepted: true) }
        return sameLayout ? .init(position: position, score: 0.45, accepted: true) : .init(position: position, score: 0.1, accepted: false)
    }

    /// The verdict on a stack whose pages show `shown` positions, split every 4.
    private func verdict(_ shown: [Int], sameLayout: Bool = false) -> SplitCheck.Verdict {
        SplitCheck.verdict(count: shown.count, every: 4) { index in
            SplitCheck.positions(around: index % 4, every: 4).map { match(shown[index], $0, sameLayout: sameLayout) }
        }
    }

    private func name(_ index: Int) -> String { "s.pdf page \(index + 1)" }

    @Test func aCleanStackIsAcceptedEvenWhenPagesShareALayout() {
        let clean = Array(repeating: [0, 1, 2, 3], count: 5).flatMap { $0 }
        #expect(verdict(clean) == .accepted(unsure: []))
        #expect(verdict(clean, sameLayout: true) == .accepted(unsure: []))
    }

    @Test func aDroppedPageIsNamedAtItsCopy() throws {
        // Copy 3's page 2 was not fed: from stack page 10 on, every page is one position early.
        var shown = Array(repeating: [0, 1, 2, 3], count: 5).flatMap { $0 }
        shown.remove(at: 9)
        guard case .refused(let misfit?) = verdict(shown) else { Issue.record("not refused"); return }
        #expect(misfit.index == 9 && misfit.expected == 1 && misfit.looksLike == 2 && misfit.certain)
        #expect(misfit.explanation(every: 4, name: name)
            == "copy 3 page 2 (s.pdf page 10) looks like page 3 (match 0.80 against 0.10 for page 2): copy 3's page 2 was dropped")
        // Copy 4's first page dropped: named at copy 4, not at copy 3.
        var first = Array(repeating: [0, 1, 2, 3], count: 5).flatMap { $0 }
        first.remove(at: 12)
        guard case .refused(let atFour?) = verdict(first) else { Issue.record("not refused"); return }
        #expect(atFour.explanation(every: 4, name: name).hasSuffix("copy 4's page 1 was dropped"))
    }

    @Test func aDroppedPageAmongPagesOfOneLayoutIsNamedWhereTheShiftBegins() {
        // Page 1 is a cover; pages 2–4 share a layout (a neighbour matches 0.48 against 0.5).
        func match(_ shown: Int, _ position: Int) -> SplitCheck.Match {
            if shown == position { return .init(position: position, score: shown == 0 ? 0.8 : 0.5, accepted: true) }
            if shown > 0, position > 0 { return .init(position: position, score: 0.48, accepted: true) }
            return .init(position: position, score: 0.05, accepted: false)
        }
        // Copy 3's page 3 dropped: its page 4 passes for page 3; copy 4's cover then shows where page 4 should be.
        var shown = Array(repeating: [0, 1, 2, 3], count: 5).flatMap { $0 }
        shown.remove(at: 10)
        let verdict = SplitCheck.verdict(count: shown.count, every: 4) { index in
            SplitCheck.positions(around: index % 4, every: 4).map { match(shown[index], $0) }
        }
        guard case .refused(let misfit?) = verdict else { Issue.record("not refused"); return }
        #expect(misfit.explanation(every: 4, name: name)
            == "copy 3 page 3 (s.pdf page 11) looks like page 4 (match 0.50 against 0.48 for page 3): copy 3's page 3 was dropped")
    }

    @Test func aDoubledPageIsNamedAtTheCopyItRepeats() {
        // Copy 2's page 4 fed twice: the extra page stands where copy 3's page 1 should be.
        var shown = Array(repeating: [0, 1, 2, 3], count: 5).flatMap { $0 }
        shown.insert(3, at: 8)
        guard case .refused(let misfit?) = verdict(shown) else { Issue.record("not refused"); return }
        #expect(misfit.index == 8)
        #expect(misfit.explanation(every: 4, name: name)
            == "copy 3 page 1 (s.pdf page 9) looks like page 4 (match 0.80 against 0.10 for page 1): copy 2's page 4 was fed twice (s.pdf page 9 is the extra one)")
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
        #expect(unsure.map(\.index) == [5])
        #expect(unsure.first?.certain == false)
        // A stack that does not come out even is refused, naming the doubt if there is one.
        let short = SplitCheck.verdict(count: 7, every: 4) { index in
            SplitCheck.positions(around: index % 4, every: 4).map { .init(position: $0, score: $0 == index % 4 ? 0.8 : 0.1, accepted: $0 == index % 4) }
        }
        #expect(short == .refused(misfit: nil))
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
        #expect(unsure.map(\.index) == [6] && unsure.map(\.certain) == [true])
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
