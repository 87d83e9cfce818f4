/// What to assemble: which pages of which source PDFs, in which order, with labels and outline.
public struct MergePlan: Sendable, Equatable {
    /// A source PDF and the password that opens it, if any.
    public struct Source: Sendable, Equatable {
        /// Path of the PDF.
        public let path: String
        /// Its user password, if it has one.
        public let password: String?

        /// Creates a source.
        public init(path: String, password: String? = nil) {
            self.path = path
            self.password = password
        }
    }

    /// A page to copy: index into `sources`, and 0-based page index in that source.
    public struct Page: Sendable, Equatable {
        /// Index into `MergePlan.sources`.
        public let source: Int
        /// 0-based page index within the source.
        public let pageIndex: Int
        /// A page laid over this one (the grade layer), or nil to copy the page alone.
        public var overlay: Overlay?
        /// A clockwise turn (0, 90, 180, 270) added to the page's /Rotate, so a page scanned
        /// upside down or sideways shows upright; its content is not touched.
        public var rotation: Int

        /// Creates a page pick, with a page laid over it when `overlay` is given, turned by `rotation`.
        public init(source: Int, pageIndex: Int, overlay: Overlay? = nil, rotation: Int = 0) {
            self.source = source
            self.pageIndex = pageIndex
            self.overlay = overlay
            self.rotation = rotation
        }
    }

    /// An upright page, of the size the page it covers is displayed at, laid over that page like
    /// `qpdf --overlay`: its top-left corner lands on the displayed top-left corner.
    public struct Overlay: Sendable, Hashable {
        /// Index into `MergePlan.sources`.
        public let source: Int
        /// 0-based page index within the source.
        public let pageIndex: Int

        /// Creates an overlay pick.
        public init(source: Int, pageIndex: Int) {
            self.source = source
            self.pageIndex = pageIndex
        }
    }

    /// An outline entry opening an output page (0-based).
    public struct OutlineEntry: Sendable, Equatable {
        /// Title shown in the viewer.
        public let title: String
        /// 0-based output page it opens.
        public let pageIndex: Int
        /// Entries nested below it.
        public let children: [OutlineEntry]

        /// Creates an entry.
        public init(title: String, pageIndex: Int, children: [OutlineEntry] = []) {
            self.title = title
            self.pageIndex = pageIndex
            self.children = children
        }
    }

    /// The source PDFs.
    public var sources: [Source]
    /// Output pages, in order.
    public var pages: [Page]
    /// One label per output page, or empty for none.
    public var pageLabels: [String]
    /// The output's outline, or empty for none.
    public var outline: [OutlineEntry]

    /// Creates a plan.
    public init(sources: [Source], pages: [Page], pageLabels: [String] = [], outline: [OutlineEntry] = []) {
        self.sources = sources
        self.pages = pages
        self.pageLabels = pageLabels
        self.outline = outline
    }
}
