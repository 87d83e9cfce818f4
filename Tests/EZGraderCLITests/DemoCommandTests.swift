import Foundation
import GraderCore
import GraderPDF
import Testing
import TestSupport

/// The README's main command: the demo on the bundled samples.
@Suite struct DemoCommandTests {
    @Test func demoRunsTheWholeWorkflowOnTheSamples() throws {
        let folder = TemporaryFolder()
        let samples = packageRoot.appendingPathComponent("SamplePDFs").path
        let result = try runCommand(builtProduct("ezgrader"), ["demo", "--out", folder.path, "--samples", samples])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasPrefix("1. Created \(folder.path)/sample.ezgrader: 6 students × 4 pages, 8 questions from \(samples)/rubric.yaml.\n"))
        // Pinned: every sheet's blocks placed (Ben Okafor's too: his page does not align, and it
        // is read as scanned), the five light ticks and crosses flagged, nothing else left "?".
        #expect(result.output.contains("6. Bubble quiz \(folder.path)/quiz.ezgrader: read 162 rows — "
            + "142 answered, 11 blank, 2 multiple, 7 uncertain (9 left \"?\" for review, never guessed)"), "\(result.output)")
        #expect(folder.fileNames == ["class-graded.pdf", "graded", "preview-page1.png", "quiz-responses.csv", "quiz-review.png", "quiz.ezgrader",
                                     "sample.ezgrader", "scores-canvas.csv", "scores-questions.csv", "scores-students.csv"])
        let combined = try PDFDocument(path: folder.file("class-graded.pdf"))
        #expect(combined.pageCount == 24)
        #expect(try combined.page(at: 0).label == "Schmidt, Anna — p. 1")
        let csv = try String(contentsOfFile: folder.file("scores-questions.csv"), encoding: .utf8)
        #expect(csv.hasPrefix("Page Number,Question Number,Max Question Points,\"Schmidt, Anna\",\"Okafor, Ben\",\"O'Brien, Pat\""))
        // Running it again starts over instead of failing on the existing project.
        #expect(try runCommand(builtProduct("ezgrader"), ["demo", "--out", folder.path, "--samples", samples]).status == 0)
    }

    /// The first pages a new user sees: every grade box of the sample rubric lies over its printed
    /// score frame, so neither the frame nor its "Score" and "/ 4" show beside the box ("3 / 4 4").
    @Test func theSampleRubricsBoxesCoverThePrintedScoreFrames() throws {
        let folder = TemporaryFolder()
        let samples = packageRoot.appendingPathComponent("SamplePDFs").path
        #expect(try runCommand(builtProduct("ezgrader"), ["demo", "--out", folder.path, "--samples", samples]).status == 0)
        let boxes = try sampleRubricBoxes("\(samples)/rubric.yaml")
        #expect(boxes.count == 8)
        let combined = try PDFDocument(path: folder.file("class-graded.pdf"))
        for index in 0..<combined.pageCount {
            let page = try combined.page(at: index), bitmap = try page.renderRGB(dpi: 100)
            let label = page.label ?? "page \(index + 1)", number = Int(label.split(separator: " ").last ?? "") ?? 0
            for box in boxes where box.page == number {
                guard let corner = bitmap.redBoxCorner(near: box.frame.origin) else {
                    Issue.record("\(label): no grade box near \(box.frame.origin)")
                    continue
                }
                let around = PageRect(origin: PagePoint(x: corner.x - 4, y: corner.y - 4),
                                      width: box.frame.width + 8, height: box.frame.height + 8)
                #expect(bitmap.printedInk(in: around) == 0, "\(label): the printed score frame shows beside the box at \(corner)")
            }
        }
    }

    /// The total on each student's first page covers no print: its red text and white backing lie
    /// over bare paper on the scan (a copier's shift brought Okafor's printed header, "Midterm Exam",
    /// under the total's usual place in the top margin).
    @Test func theTotalOnTheFirstPageCoversNoPrint() throws {
        let folder = TemporaryFolder()
        let samples = packageRoot.appendingPathComponent("SamplePDFs").path
        #expect(try runCommand(builtProduct("ezgrader"), ["demo", "--out", folder.path, "--samples", samples]).status == 0)
        for (file, name) in [("Anna Schmidt", "Schmidt, Anna"), ("Ben Okafor", "Okafor, Ben"), ("O'Brien, Pat", "O'Brien, Pat"),
                             ("Zoë Lefèvre", "Lefèvre, Zoë"), ("李明", "李明"), ("Marcus Johnson", "Johnson, Marcus")] {
            // Page 2 of the graded file: the booklet's first page, after the cover.
            let graded = try PDFDocument(path: folder.file("graded/\(name).pdf")).page(at: 1).renderRGB(dpi: 100)
            let scan = try PDFDocument(path: "\(samples)/scanned/\(file).pdf").page(at: 0).renderRGB(dpi: 100)
            var red: [(x: Int, y: Int)] = []
            for y in 0..<Int(70 * 100 / 72.0) {
                for x in 0..<graded.width {
                    let c = graded[x, y]
                    if c.red > 150 && c.green < 110 && c.blue < 110 { red.append((x, y)) }
                }
            }
            let scale = 72 / 100.0, padding = 3.0
            guard let left = red.map(\.x).min(), let right = red.map(\.x).max(), let top = red.map(\.y).min(), let bottom = red.map(\.y).max() else {
                Issue.record("\(name): no total in the top margin")
                continue
            }
            let total = PageRect(origin: PagePoint(x: Double(left) * scale - padding, y: Double(top) * scale - padding),
                                 width: Double(right - left) * scale + 2 * padding, height: Double(bottom - top) * scale + 2 * padding)
            #expect(scan.printedInk(in: total) == 0, "\(name): the total at \(total.origin) covers print")
        }
    }

    @Test func theDemoRunsFromAnyFolderAndARefusedOneLeavesNothing() throws {
        let elsewhere = TemporaryFolder()
        let result = try runCommand(builtProduct("ezgrader"), ["demo"], in: elsewhere.path)
        #expect(result.status == 0, "the samples are found beside the build: \(result.error)")
        #expect(elsewhere.fileNames == ["ezgrader-demo"])
        let refused = TemporaryFolder()
        let missing = try runCommand(builtProduct("ezgrader"), ["demo", "--samples", "/nowhere"], in: refused.path)
        #expect(missing.status == 1 && missing.error.contains("/nowhere"), "\(missing.error)")
        #expect(refused.fileNames == [], "a refused demo leaves no folder behind")
    }
}

/// A question's box in the sample rubric: its page and its frame (top-left corner and size, points).
private struct RubricBox {
    let page: Int
    let frame: PageRect
}

/// The boxes of a rubric written as the sample's is: `- page:`, then `at: x,y` and perhaps `size: w,h`.
private func sampleRubricBoxes(_ path: String) throws -> [RubricBox] {
    var boxes: [RubricBox] = [], page = 0
    for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
        let words = line.split(separator: " ")
        let numbers = words.last?.split(separator: ",").compactMap { Double($0) } ?? []
        switch words.first {
        case "-" where words.dropFirst().first == "page:": page = Int(words.last ?? "") ?? 0
        case "at:": boxes.append(RubricBox(page: page, frame: PageRect(origin: PagePoint(x: numbers[0], y: numbers[1]), width: BoxSize.standard.width,
                                                                                   height: BoxSize.standard.height)))
        case "size:": boxes[boxes.count - 1] = RubricBox(page: page, frame: PageRect(origin: boxes[boxes.count - 1].frame.origin,
                                                                                    width: numbers[0], height: numbers[1]))
        default: break
        }
    }
    return boxes
}

extension PageBitmap {
    /// How many pixels in `area` (points) are printed ink: dark and grey, unlike the red and
    /// orange the grade layer draws in.
    func printedInk(in area: PageRect) -> Int {
        let scale = dpi / 72
        var count = 0
        for y in max(0, Int(area.origin.y * scale))..<min(height, Int((area.origin.y + area.height) * scale)) {
            for x in max(0, Int(area.origin.x * scale))..<min(width, Int((area.origin.x + area.width) * scale)) {
                let c = self[x, y], darkest = min(c.red, c.green, c.blue), lightest = max(c.red, c.green, c.blue)
                if lightest < 110, lightest - darkest < 40 { count += 1 }
            }
        }
        return count
    }
}
