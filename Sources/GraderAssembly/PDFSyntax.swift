/// Bytes of PDF objects written without qpdf (`PDFFileWriter`): names, text strings, references.
enum PDFSyntax {
    /// A name (`/Type`) in PDF syntax: bytes outside printable ASCII, delimiters and `#` written
    /// as `#xx`. `name` starts with its slash, as qpdf gives dictionary keys.
    static func name(_ name: String) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(ascii: "/")]
        let delimiters = Array("#()<>[]{}/%".utf8)
        for byte in name.utf8.dropFirst() {
            if byte < 0x21 || byte > 0x7E || delimiters.contains(byte) {
                bytes += Array("#".utf8) + hex(byte)
            } else {
                bytes.append(byte)
            }
        }
        return bytes
    }

    /// A text string (outline titles, page labels): UTF-16BE with its byte order mark, in hex,
    /// which every viewer reads whatever the script.
    static func text(_ string: String) -> [UInt8] {
        var bytes = Array("<FEFF".utf8)
        for unit in string.utf16 {
            bytes += hex(UInt8(unit >> 8)) + hex(UInt8(unit & 0xFF))
        }
        return bytes + Array(">".utf8)
    }

    /// An indirect reference to object `number` (generation 0).
    static func reference(_ number: Int) -> [UInt8] { Array("\(number) 0 R".utf8) }

    private static func hex(_ byte: UInt8) -> [UInt8] {
        let digits = Array("0123456789ABCDEF".utf8)
        return [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
    }
}
