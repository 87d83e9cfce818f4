import Foundation
import GraderCore
import GraderOMR
import ScanFactory
import Testing

@Suite("debug", .serialized)
struct SchoolSheetDebugTests {
    @Test func debugID() throws {
        let sheet = try SchoolSheetFixture(ProcessInfo.processInfo.environment["EZG_SHEET"] == "200" ? .twoHundredQuestions : .schoolForm)
        let placement = SchoolSheetReadingTests.scanPlacements[Int(ProcessInfo.processInfo.environment["EZG_PLACE"] ?? "0")!]
        let (readings, truth) = try sheet.readCopy(capture: ProcessInfo.processInfo.environment["EZG_PHOTO"] != nil ? .photo(placement) : .scan(placement), seed: 22)
        for reading in readings {
            guard let r = reading.registration else { print("DBG \(reading.block.id) \(reading.problem ?? "")"); continue }
            let shapes = reading.block.template!.shapes
            let expected = shapes.prefix(3).map { truth.captured($0.centre) }
            print("DBG \(reading.block.id) matched \(r.ringsMatched)/\(r.ringsExpected) rms \(r.rmsResidual) first found \(r.centres.prefix(3)) truth \(expected)")
        }
    }
}
