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
            let all = names.filter { $0.lowercased().hasSuffix(".pdf") && !isSubfolder(path, $0) }.sorted(by: inNameOrder)
            let hidden = all.filter { $0.hasPrefix(".") }
            guard hidden.isEmpty else { throw .hiddenPDFs(folder: path, names: hidden) }
            let pdfs = all
            guard !pdfs.isEmpty else {
                // Sub-folders are not searched (an export folder inside the scans' folder would come
                // in twice), but the refusal names those that hold scans.
                let holding = names.filter { isSubfolder(path, $0) && !$0.hasPrefix(".") }.sorted(by: inNameOrder)
                    .map { (path as NSString).appendingPathComponent($0) }.filter(holdsPDFs)
                throw holding.isEmpty ? .noPDFsInFolder(path: path) : .pdfsInSubfolders(path: path, subfolders: holding)
            }
            files += pdfs.map { (path as NSString).appendingPathComponent($0) }
        }
        return files
    }

    private static func inNameOrder(_ a: String, _ b: String) -> Bool { a.compare(b, options: [.caseInsensitive, .numeric]) == .orderedAscending }

    private static func isSubfolder(_ parent: String, _ name: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: (parent as NSString).appendingPathComponent(name), isDirectory: &isFolder) && isFolder.boolValue
    }

    /// True when `folder` or any folder below it holds a `.pdf` file.
    private static func holdsPDFs(_ folder: String) -> Bool {
        guard let walk = FileManager.default.enumerator(atPath: folder) else { return false }
        return walk.contains { ($0 as? String)?.lowercased().hasSuffix(".pdf") == true }
    }

    /// The student name a file name implies: the name without its `.pdf` extension.
    static func studentName(forFile path: String) -> String {
        let name = (path as NSString).lastPathComponent
        return name.lowercased().hasSuffix(".pdf") ? String(name.dropLast(4)) : name
    }
}
