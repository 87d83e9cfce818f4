// The core's value types (students, questions, scores, positions, orders, errors) are the
// façade's vocabulary: a front end that imports GraderKit sees them without importing the core.
@_exported import GraderCore
