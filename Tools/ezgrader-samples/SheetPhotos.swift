import Foundation
import GraderAssembly
import ScanFactory

/// Phone photos of the sample school sheet (`SamplePDFs/school-sheet`), as the omr tests make them
/// (8° perspective, uneven light), for the phone-capture tests: `photo-N.jpg`, the photo a phone
/// sends, and `photo-N.pdf`, the same JPEG as a one-page scan. Student N bubbles the number 200000N.
enum SheetPhotos {
    static func write(count: Int, seed: UInt64 = 50, to folder: String) throws {
        let design = CommercialSheetDesign.schoolForm
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for index in 1...max(count, 1) {
            var marks = ScanFactory.randomSheetMarks(design, difficulty: 0.2, seed: seed + UInt64(index))
            marks["student-id"] = String(format: "2%06d", index).map { .filled(Int(String($0))!) }
            let pdf = (folder as NSString).appendingPathComponent("photo-\(index).pdf")
            let placement = BubbleSheetPlacement(offsetX: Double(index % 3) * 4 - 4, offsetY: Double(index % 2) * 6 - 3,
                                                 rotationDegrees: Double(index % 3) - 1, scale: 1)
            try ScanFactory.writeFilledSheet(design, marks: marks, capture: .photo(placement), seed: seed + UInt64(index), to: URL(fileURLWithPath: pdf))
            guard let jpeg = ScanImageReader(path: pdf, password: nil)?.wholePageJPEG(page: 0) else {
                throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: pdf])
            }
            try Data(jpeg.bytes).write(to: URL(fileURLWithPath: (folder as NSString).appendingPathComponent("photo-\(index).jpg")), options: .atomic)
            print("wrote \(pdf) and photo-\(index).jpg (\(jpeg.width)×\(jpeg.height), student number 2\(String(format: "%06d", index)))")
        }
    }
}
