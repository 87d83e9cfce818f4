/// "1 page", "3 pages".
func count(_ number: Int, _ noun: String) -> String { number == 1 ? "1 \(noun)" : "\(number) \(noun)s" }

/// "1 copy", "3 copies": nouns whose plural is not the noun with an s.
func count(_ number: Int, _ noun: String, _ plural: String) -> String { number == 1 ? "1 \(noun)" : "\(number) \(plural)" }
