internal import CQRencode
import GraderCore

/// Makes QR symbols with libqrencode (`QRcode_encodeString`), error correction level M (15 % of
/// the symbol may be lost to a smudge or a staple), the smallest version that holds the text.
public enum QREncoder {
    /// Why a symbol could not be made.
    public struct Failure: Error, Equatable, Sendable {
        /// The text that was to be encoded.
        public let text: String
    }

    /// The modules of a symbol holding `text` (8-bit mode, case kept).
    public static func matrix(for text: String) throws(Failure) -> QRMatrix {
        guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else { throw Failure(text: text) }
        defer { QRcode_free(code) }
        let size = Int(code.pointee.width)
        // Bit 0 of each byte is the module's colour (1 = dark); the other bits describe its role.
        let dark = (0..<size * size).map { code.pointee.data[$0] & 1 == 1 }
        guard let matrix = QRMatrix(size: size, dark: dark) else { throw Failure(text: text) }
        return matrix
    }
}
