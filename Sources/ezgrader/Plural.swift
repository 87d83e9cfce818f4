/// "1 page", "3 pages".
func count(_ number: Int, _ noun: String) -> String { number == 1 ? "1 \(noun)" : "\(number) \(noun)s" }
