// The core's value types (students, questions, scores, positions, orders, errors) are the
// façade's vocabulary, and GraderFiles' checked writes and plain error texts its way out: a
// front end that imports GraderKit sees them without importing either.
@_exported import GraderCore
@_exported import GraderFiles
