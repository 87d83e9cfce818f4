import Foundation

/// The rules for the name of a new project folder (`NAME.ezgrader`).
public enum ProjectName {
    /// The longest project folder name, in bytes: its staging folder `.NAME.ezgrader.<pid>.partial`
    /// (up to 20 bytes more) must still fit the 255 bytes a file system allows in a name.
    public static let maxBytes = 235

    /// Refuses a project folder whose name is blank (`new ""` would make a hidden `.ezgrader`) or
    /// longer than `maxBytes` bytes (file systems count bytes, not characters).
    public static func check(_ folder: String) throws(ProjectError) {
        let name = (folder as NSString).lastPathComponent
        let bare = name.hasSuffix(".ezgrader") ? String(name.dropLast(".ezgrader".count)) : name
        guard !bare.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw .badProjectName(bare, bytes: 0) }
        guard name.utf8.count <= maxBytes else { throw .badProjectName(bare, bytes: name.utf8.count) }
    }
}
