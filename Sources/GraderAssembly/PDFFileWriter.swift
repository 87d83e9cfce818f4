import Foundation
import GraderFiles

/// Writes a PDF file object by object straight to disk, keeping only each object's offset for the
/// cross-reference table: however many pages pass through, its memory is that of one object.
/// The file is written under a temporary name and renamed into place by `finish` once whole.
final class PDFFileWriter {
    /// The path the finished file gets, for messages.
    let path: String
    private let temporary: String
    private let file: UnsafeMutablePointer<FILE>
    /// Bytes written so far: the offset of the next object.
    private var written = 0
    /// Each object's offset, indexed by its number (0: the free list's head, never written).
    private var offsets: [Int] = [0]
    /// The errno of the first write that failed.
    private var failure: Int32?

    /// Starts `path` (under a temporary name beside it) with the PDF header.
    init(path: String) throws(AssemblyError) {
        self.path = path
        temporary = AtomicFile.temporaryPath(for: path)
        guard let file = fopen(temporary, "wb") else {
            throw .writeFailed(path: path, detail: Self.detail(errno, path))
        }
        self.file = file
        // A comment of high bytes after the header marks the file as binary for transfer programs.
        write("%PDF-1.7\n%\u{E2}\u{E3}\u{CF}\u{D3}\n")
    }

    deinit {
        fclose(file)
        unlink(temporary)
    }

    /// A number for an object written later (every reserved number must be written before `finish`).
    func reserve() -> Int {
        offsets.append(-1)
        return offsets.count - 1
    }

    /// Writes object `number` (reserved before) whose body — a dictionary, array or scalar in PDF
    /// syntax — is `body`, and, for a stream, the stream's bytes after it.
    func object(_ number: Int, _ body: [UInt8], stream: UnsafeRawBufferPointer? = nil) {
        offsets[number] = written
        write("\(number) 0 obj\n")
        write(body)
        if let stream {
            write("\nstream\n")
            write(stream)
            write("\nendstream")
        }
        write("\nendobj\n")
    }

    /// Writes the cross-reference table and the trailer naming `root` as the catalog, closes the
    /// file, checks it and renames it over `path`.
    func finish(root: Int) throws(AssemblyError) {
        if let missing = offsets.indices.dropFirst().first(where: { offsets[$0] < 0 }) {
            throw .badPlan("object \(missing) was reserved but never written")
        }
        let start = written
        var table = "xref\n0 \(offsets.count)\n0000000000 65535 f \n"
        for offset in offsets.dropFirst() { table += String(format: "%010d 00000 n \n", offset) }
        write(table + "trailer\n<< /Size \(offsets.count) /Root \(root) 0 R >>\nstartxref\n\(start)\n%%EOF\n")
        if fflush(file) != 0 { failure = failure ?? errno }
        if let failure { throw .writeFailed(path: path, detail: Self.detail(failure, path)) }
        do throws(FileWriteError) {
            try AtomicFile.commit(temporary, to: path, expecting: .pdf)
        } catch {
            throw .writeFailed(path: path, detail: error.cause)
        }
    }

    /// The text of a failed call's `code`, "the disk is full" when it is.
    private static func detail(_ code: Int32, _ path: String) -> String {
        code == ENOSPC || code == EDQUOT ? FileWriteError.diskFull(path: path).cause : String(cString: strerror(code))
    }

    private func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    private func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { write($0) }
    }

    private func write(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, let base = bytes.baseAddress, bytes.count > 0 else { return }
        if fwrite(base, 1, bytes.count, file) != bytes.count { failure = errno }
        written += bytes.count
    }
}
