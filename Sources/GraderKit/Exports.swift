// The core's value types (students, questions, scores, positions, orders, errors) are the
// façade's vocabulary, and GraderFiles' checked writes and plain error texts its way out: a
// front end that imports GraderKit sees them without importing either. The core's rules
// (`GradingRules`, `RubricRules`, `StudentLookup`, …) are `@_spi(Rules)`: only the façade and the
// store import them, so a front end that calls a rule does not compile; it parses what a user
// typed through `TypedValue` and changes the project through `GradingProject`.
@_exported import GraderCore
@_exported import GraderFiles
