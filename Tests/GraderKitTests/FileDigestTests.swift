import Foundation
import GraderPDF
import TestSupport
import Testing

/// Scans and booklets are stored with their SHA-256: the digest must be the standard one, for data
/// and for files longer than the pieces they are read in.
@Suite struct FileDigestTests {
    @Test func theDigestOfDataIsTheStandardSHA256() {
        #expect(FileDigest.sha256(of: Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(FileDigest.sha256(of: Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func aFileReadInPiecesHasTheDigestSha256sumGives() throws {
        let folder = TemporaryFolder(), path = folder.file("long.bin")
        // Three pieces of 1 MiB and a few bytes more, not a repeating pattern.
        var state: UInt32 = 2026
        let bytes = (0..<(3 << 20) + 7).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let tool = Process(), pipe = Pipe()
        tool.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        tool.arguments = [path]
        tool.standardOutput = pipe
        try tool.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        tool.waitUntilExit()
        #expect(FileDigest.sha256(ofFile: path) == output.split(separator: " ").first.map(String.init))
        #expect(FileDigest.sha256(ofFile: folder.file("missing.bin")) == nil)
    }
}
