/// A student of the bundled sample class.
struct SampleStudent {
    /// File name of the student's PDF (without ".pdf").
    var file: String
    /// The name as the student writes it on the booklet.
    var writtenName: String
    /// The name as the roster lists it.
    var rosterName: String
    /// Roster id.
    var id: String
    /// Roster e-mail.
    var email: String
}

/// The sample classes: who is in the scanned set and who is in the born-digital set.
enum SampleStudents {
    /// Pages in every sample booklet.
    static let pageCount = 4

    /// The scanned set; student numbers are positions 1…6.
    static let scanned: [SampleStudent] = [
        SampleStudent(file: "Anna Schmidt", writtenName: "Anna Schmidt", rosterName: "Schmidt, Anna",
                      id: "S1001", email: "anna.schmidt@example.edu"),
        SampleStudent(file: "Ben Okafor", writtenName: "Ben Okafor", rosterName: "Okafor, Ben",
                      id: "S1002", email: "ben.okafor@example.edu"),
        SampleStudent(file: "O'Brien, Pat", writtenName: "Pat O'Brien", rosterName: "O'Brien, Pat",
                      id: "S1003", email: "pat.obrien@example.edu"),
        SampleStudent(file: "Zoë Lefèvre", writtenName: "Zoë Lefèvre", rosterName: "Lefèvre, Zoë",
                      id: "S1004", email: "zoe.lefevre@example.edu"),
        SampleStudent(file: "李明", writtenName: "李明", rosterName: "李明",
                      id: "S1005", email: "li.ming@example.edu"),
        SampleStudent(file: "Marcus Johnson", writtenName: "Marcus Johnson", rosterName: "Johnson, Marcus",
                      id: "S1006", email: "marcus.johnson@example.edu"),
    ]

    /// The born-digital set (file name = name).
    static let bornDigital = ["Alice Martin", "Björn Åberg", "Chloé Dubois"]
}
