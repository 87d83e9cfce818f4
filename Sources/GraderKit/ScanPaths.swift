import Foundation

/// Turns what the user typed (files and folders) into the list of scan files: a folder stands
/// for the `.pdf` files directly inside it, in name order.
enum ScanPaths {
    static func expand(_ paths: [String]) throws(ClassLoadError) -> [String] {
        var files: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
                files.append(path)
                continue
            }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            let pdfs = names.filter { $0.lowercased().hasSuffix(".pdf") && !$0.hasPrefix(".") }
                .sorted { $0.compare($1, options: [.caseInsensitive, .numeric]) == .orderedAscending }
            guard !pdfs.isEmpty else { throw .noPDFsInFolder(path: path) }
            files += pdfs.map { (path as NSString).appendingPathComponent($0) }
        }
        return files
    }

    /// The student name a file name implies: the name without its `.pdf` extension.
    static func studentName(forFile path: String) -> String {
        let name = (path as NSString).lastPathComponent
        return name.lowercased().hasSuffix(".pdf") ? String(name.dropLast(4)) : name
    }
}
