import Foundation
import GraderKit
import Hummingbird

/// Downloads: the grade tables as CSV and one student's graded PDF (refused while grading is anonymous).
extension GradingAPI {
    func addDownloadRoutes(to router: Router<WebContext>) {
        router.get("/api/downloads/table") { request, context in
            let name = request.uri.queryParameters["layout"].map(String.init) ?? "questions"
            guard let layout = GradeTable.Layout(rawValue: name) else {
                throw APIError.badRequest("'\(name)' is not a table layout: use \(GradeTable.Layout.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            let csv = try project(context).downloadTable(layout)
            return Self.attachment(Array(csv.utf8), type: "text/csv; charset=utf-8", name: "scores-\(layout.rawValue).csv")
        }

        router.get("/api/downloads/graded/{student}") { _, context in
            let (name, pdf) = try project(context).downloadGradedPDF(of: StudentKey(try context.number("student")))
            return Self.attachment(Array(pdf), type: "application/pdf", name: name)
        }
    }

    /// `bytes` as a file the browser saves under `name` (non-ASCII kept in the RFC 5987 form).
    private static func attachment(_ bytes: [UInt8], type: String, name: String) -> Response {
        var response = Reply.bytes(bytes, type: type)
        let plain = String(name.unicodeScalars.map { $0.isASCII && $0 != "\"" && $0 != "\\" && $0.value >= 0x20 ? Character($0) : "_" })
        let encoded = name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? plain
        response.headers[.contentDisposition] = "attachment; filename=\"\(plain)\"; filename*=UTF-8''\(encoded)"
        return response
    }
}
