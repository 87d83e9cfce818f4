import GraderCore
import Testing

@Suite struct BulkSortTests {
    private func code(_ copy: Int, _ page: Int, exam: String = "E1") -> PageCode {
        PageCode(exam: exam, copy: copy, copies: 3, page: page, pages: 2)!
    }

    private func page(_ index: Int, _ reading: ScanPageReading, scan: Int = 0) -> ScannedPage {
        ScannedPage(ref: ScanPageRef(scan: scan, pageIndex: index), reading: reading)
    }

    @Test func codesRoundTripAndOthersAreNotCodes() {
        let c = code(2, 1)
        #expect(c.text == "EZG1:E1:2/3:1/2:")
        #expect(PageCode(text: c.text) == c)
        #expect(PageCode(text: "EZG1:E1:4/3:1/2:") == nil)
        #expect(PageCode(text: "https://example.com") == nil)
        #expect(PageCode(exam: "bad id!", copy: 1, copies: 1, page: 1, pages: 1) == nil)
    }

    @Test func pagesSortIntoCopiesWithEveryProblemKept() {
        let pages = [
            page(0, .code(code(1, 2), rotation: 0)), page(1, .code(code(1, 1), rotation: 180)), page(2, .blank),
            page(3, .code(code(2, 1), rotation: 0)), page(4, .code(code(1, 1), rotation: 0)), page(5, .unreadable),
            page(6, .code(code(1, 1, exam: "OTHER"), rotation: 0)),
        ]
        let sort = BulkSort(exam: "E1", copies: 3, pagesPerCopy: 2, pages: pages)
        #expect(sort.completeCopies == [1])
        #expect(sort.pages(of: 1) == [PagePlacement(ref: ScanPageRef(scan: 0, pageIndex: 1), rotation: 180),
                                     PagePlacement(ref: ScanPageRef(scan: 0, pageIndex: 0), rotation: 0)])
        #expect(sort.missingPages(of: 2) == [2])
        #expect(sort.duplicates.map(\.ref.pageIndex) == [4])
        #expect(sort.foreign.map(\.ref.pageIndex) == [6])
        #expect(sort.unreadable.map(\.pageIndex) == [5])
        #expect(sort.blanks.map(\.pageIndex) == [2])
        #expect(BulkSort.majorityExam(of: pages)?.exam == "E1")

        let report = BulkReport(sort: sort, scanNames: ["b.pdf"], project: "p")
        #expect(report.lines.first == "missing: copy 2 page 2 — scan it and run: ezgrader add-scans p SCAN.pdf (copy 2 is held back until complete)")
        #expect(report.summary == "Exam E1: 1 complete copy of 2 pages, 1 held back (pages missing); 1 of 3 printed copies not scanned.")

        // Placed by hand, the unreadable page completes copy 2.
        let fixed = BulkSort(exam: "E1", copies: 3, pagesPerCopy: 2,
                             pages: pages.filter { $0.ref.pageIndex != 5 } + [page(5, .placed(copy: 2, page: 2, rotation: 0))])
        #expect(fixed.completeCopies == [1, 2])
        #expect(fixed.unreadable.isEmpty)
    }

    /// A page is never dropped as scanned twice without being compared with its twin: the one
    /// with clearly more on it is kept, else the earlier one; both are named.
    @Test func ofTwoPagesWithOneCodeTheOneWithMoreOnItIsKept() {
        func inked(_ index: Int, _ ink: Double) -> ScannedPage {
            ScannedPage(ref: ScanPageRef(scan: 0, pageIndex: index), reading: .code(code(1, 1), rotation: 0), ink: ink)
        }
        // A near-blank page read first (print showing through), the written page after it.
        let faintFirst = BulkSort(exam: "E1", copies: 3, pagesPerCopy: 2, pages: [inked(0, 0.003), inked(1, 0.04)])
        #expect(faintFirst.placed[1]?[1]?.ref.pageIndex == 1)
        #expect(faintFirst.duplicates.map(\.ref.pageIndex) == [0] && faintFirst.duplicates.map(\.kept.pageIndex) == [1])
        #expect(faintFirst.duplicates.map(\.keptForInk) == [true] && faintFirst.duplicates.map(\.code) == [code(1, 1)])
        let report = BulkReport(sort: faintFirst, scanNames: ["b.pdf"], project: "p")
        #expect(report.lines.contains("scanned twice: b.pdf page 2 and b.pdf page 1 are both copy 1 page 1 — kept b.pdf page 2 (more on it); look at both"))
        let problem = report.problems.first { $0.kind == "scannedTwice" }
        #expect(problem?.file == "b.pdf" && problem?.page == 1 && problem?.otherPage == 2 && problem?.copy == 1 && problem?.copyPage == 1)
        // The same page scanned again: the earlier one stays.
        let rescanned = BulkSort(exam: "E1", copies: 3, pagesPerCopy: 2, pages: [inked(0, 0.04), inked(1, 0.042)])
        #expect(rescanned.placed[1]?[1]?.ref.pageIndex == 0)
        #expect(rescanned.duplicates.map(\.keptForInk) == [false])
        // A page placed by hand is never displaced.
        let byHand = BulkSort(exam: "E1", copies: 3, pagesPerCopy: 2,
                              pages: [ScannedPage(ref: ScanPageRef(scan: 0, pageIndex: 0), reading: .placed(copy: 1, page: 1, rotation: 0)),
                                      inked(1, 0.5)])
        #expect(byHand.placed[1]?[1]?.ref.pageIndex == 0)
    }
}

@Suite struct IDGridMatchTests {
    @Test func onlyAFullUniqueReadIsSure() {
        let roster: [String?] = ["S1001", "S1002", nil, "S2002"]
        #expect(IDGridMatch.match(["1", "0", "0", "2"], rosterIDs: roster) == .sure(1))
        #expect(IDGridMatch.match(["1", "0", nil, "2"], rosterIDs: roster) == .review(guess: 1, confidence: 0.75))
        #expect(IDGridMatch.match(["9", "9", "9", "9"], rosterIDs: roster) == .review(guess: nil, confidence: 0))
        #expect(IDGridMatch.match(["1", "0", "0", "2"], rosterIDs: ["1002", "S1002"]) == .review(guess: 0, confidence: 1))
    }
}
