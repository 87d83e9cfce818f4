import Foundation
import Testing
import TestSupport

/// The module graph as the README's "Architecture" table draws it: each product module imports
/// only what its row names, Package.swift declares exactly those dependencies, and dependencies
/// run one way (down the table). Adding an import that breaks the layering fails here.
@Suite struct ArchitectureTests {
    /// Imports every module may use: the platform's own.
    static let platform: Set<String> = ["Foundation", "FoundationNetworking", "Dispatch", "Synchronization", "Glibc"]

    @Test func everyImportIsOneTheModulesRowAllows() throws {
        let layers = try ModuleLayers.fromReadme()
        var violations: [String] = []
        for layer in layers.rows {
            for file in try swiftFiles(in: "Sources/\(layer.module)") {
                let text = try String(contentsOf: file, encoding: .utf8)
                for imported in ModuleLayers.imports(in: text) where !Self.platform.contains(imported) && !layer.allowed.contains(imported) {
                    violations.append("\(file.lastPathComponent) in \(layer.module) imports \(imported)")
                }
            }
        }
        #expect(violations == [])
    }

    @Test func packageDependenciesAreTheRowsOfTheTable() throws {
        let layers = try ModuleLayers.fromReadme()
        let manifest = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        for layer in layers.rows {
            #expect(ModuleLayers.dependencies(of: layer.module, in: manifest) == layer.allowed, "\(layer.module)")
        }
    }

    @Test func dependenciesRunDownTheTable() throws {
        let layers = try ModuleLayers.fromReadme()
        let modules = layers.rows.map(\.module)
        for (index, layer) in layers.rows.enumerated() {
            let upward = layer.allowed.filter { modules.contains($0) && modules.firstIndex(of: $0)! >= index }
            #expect(upward.isEmpty, "\(layer.module) may import \(upward.sorted()), which come after it")
        }
    }

    @Test func everyModuleUnderSourcesHasARow() throws {
        let layers = try ModuleLayers.fromReadme()
        let folders = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Sources").path)
            .filter { !$0.hasPrefix("C") && !$0.hasPrefix(".") }
        #expect(Set(folders) == Set(layers.rows.map(\.module)))
    }

    @Test func theFrontEndsImportOnlyTheFacade() throws {
        let layers = try ModuleLayers.fromReadme()
        let graderModules = Set(layers.rows.map(\.module))
        for frontEnd in ["GraderWeb", "ezgrader"] {
            let allowed = layers.rows.first { $0.module == frontEnd }?.allowed ?? []
            #expect(allowed.intersection(graderModules).subtracting(["GraderWeb"]) == ["GraderKit"], "\(frontEnd)")
        }
    }

    /// The rules (GraderCore's `@_spi(Rules)` namespaces) are called behind the façade only: a
    /// front end that named one would not compile, and this keeps it from importing them.
    @Test func onlyTheFacadeAndTheStoreImportTheRules() throws {
        let layers = try ModuleLayers.fromReadme()
        var importers: Set<String> = []
        for layer in layers.rows {
            for file in try swiftFiles(in: "Sources/\(layer.module)")
            where try String(contentsOf: file, encoding: .utf8).contains("@_spi(Rules) import") {
                importers.insert(layer.module)
            }
        }
        #expect(importers.isSubset(of: ["GraderKit", "GraderStore"]), "\(importers.sorted())")
        #expect(importers.contains("GraderKit"))
    }

    private func swiftFiles(in folder: String) throws -> [URL] {
        let root = packageRoot.appendingPathComponent(folder)
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
    }
}
