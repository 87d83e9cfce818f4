import Foundation

/// Small hand-written PDFs that break the rules readers rely on, for tests of refusals.
public enum HostilePDF {
    /// A one-page PDF whose /Pages node lists itself among its kids and claims 2 pages:
    /// poppler counts 2 pages but cannot reach the second; qpdf refuses the loop.
    public static func loopingPageTree(to path: String) throws {
        try write([
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R 2 0 R] /Count 2 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>",
        ], to: path)
    }

    /// A one-page PDF whose trailer's /Encrypt is a number: poppler ignores it and reads the page,
    /// qpdf refuses the file, so no export could ever copy it.
    public static func unreadableByQPDF(to path: String) throws {
        try write([
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>",
        ], trailer: "/Encrypt 5", to: path)
    }

    /// A one-page PDF measured in inches: /UserUnit 72 on a 8.5 × 11 media box (a Letter page to a
    /// viewer that honours it; 8.5 × 11 points to poppler, which ignores it).
    public static func userUnitPage(to path: String) throws {
        try write([
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 8.5 11] /UserUnit 72 >>",
        ], to: path)
    }

    /// Writes `objects` (numbered from 1, object 1 the catalog) as a PDF with a correct
    /// cross-reference table.
    public static func write(_ objects: [String], trailer: String = "", to path: String) throws {
        var data = Data("%PDF-1.4\n".utf8)
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(data.count)
            data.append(Data("\(index + 1) 0 obj\n\(object)\nendobj\n".utf8))
        }
        let xref = data.count
        var tail = "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { tail += String(format: "%010d 00000 n \n", offset) }
        tail += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R \(trailer)>>\nstartxref\n\(xref)\n%%EOF\n"
        data.append(Data(tail.utf8))
        try data.write(to: URL(fileURLWithPath: path))
    }
}
