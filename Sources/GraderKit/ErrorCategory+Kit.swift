import GraderAssembly
import GraderCore
import GraderFiles
import GraderPDF
import GraderStore

extension ErrorCategory {
    /// The category of any error a façade call throws: what the error says of itself, else
    /// failures to write (a file, a drawing, the disk) as `writeFailed` and everything else as
    /// `inputRefused`.
    public init(of error: any Error) {
        switch error {
        case let categorized as any CategorizedError:
            self = categorized.category
        case is FileWriteError, PDFError.drawingFailed:
            self = .writeFailed
        case AssemblyError.readFailed:
            self = .inputRefused
        case is AssemblyError:
            self = .writeFailed
        default:
            self = PlainErrorText.isWriteFailure(error) ? .writeFailed : .inputRefused
        }
    }
}
