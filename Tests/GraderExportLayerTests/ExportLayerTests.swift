import Testing

/// Every suite of this target runs inside this one, one test at a time: poppler has process-wide
/// set-up that is not safe to race, even across documents.
@Suite(.serialized) enum ExportLayerTests {}
