import Foundation
import TestSupport

/// The README's "Architecture" table read back: each module and what it may import.
struct ModuleLayers {
    /// One row: the module and the modules it may import.
    struct Row {
        let module: String
        let allowed: Set<String>
    }

    let rows: [Row]

    /// Reads the table under "## Architecture" in README.md. "every module above" stands for
    /// every module of the rows before.
    static func fromReadme() throws -> ModuleLayers {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = readme.components(separatedBy: "## Architecture").dropFirst().first ?? ""
        var rows: [Row] = []
        for line in section.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 3 else { continue }
            var allowed = Set(names(in: cells[2]))
            if cells[2].contains("every module above") { allowed.formUnion(rows.map(\.module)) }
            rows.append(Row(module: names(in: cells[0])[0], allowed: allowed))
        }
        return ModuleLayers(rows: rows)
    }

    /// The `names` in backticks of a table cell.
    private static func names(in cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// The modules a Swift file imports, whatever the attributes (`@testable`, `@_exported`,
    /// `@_spi(…)`, `internal`) or the kind (`import struct Module.Type`).
    static func imports(in source: String) -> [String] {
        source.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ").filter { !$0.hasPrefix("@") && $0 != "internal" && $0 != "public" && $0 != "package" }
            guard words.first == "import", words.count >= 2 else { return nil }
            let name = words.count == 3 ? words[2] : words[1]
            return String(name.split(separator: ".")[0])
        }
    }

    /// The dependencies Package.swift declares for `target`: its target names and product names.
    static func dependencies(of target: String, in manifest: String) -> Set<String> {
        // The target's declaration, not the product of the same name.
        let declarations = manifest.components(separatedBy: "name: \"\(target)\"").dropFirst().enumerated().filter { index, _ in
            let before = manifest.components(separatedBy: "name: \"\(target)\"")[index].trimmingCharacters(in: .whitespacesAndNewlines)
            return before.hasSuffix(".target(") || before.hasSuffix(".executableTarget(")
        }
        guard let rest = declarations.first?.element[...] else { return [] }
        let end = rest.range(of: "\n        .")?.lowerBound ?? rest.endIndex
        let declaration = rest[..<end]
        guard let list = declaration.range(of: "dependencies: [") else { return [] }
        var depth = 1, index = list.upperBound
        while depth > 0, index < declaration.endIndex {
            if declaration[index] == "[" { depth += 1 } else if declaration[index] == "]" { depth -= 1 }
            index = declaration.index(after: index)
        }
        // `.product(name: "GRDB", package: "GRDB.swift")`: the product's name counts, not its package's.
        let dependencies = String(declaration[list.upperBound..<index])
            .replacingOccurrences(of: #"package: "[^"]*""#, with: "", options: .regularExpression)
        return Set(dependencies.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) })
    }
}
