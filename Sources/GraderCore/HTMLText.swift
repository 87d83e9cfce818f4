/// Escaping text for HTML and SVG.
public enum HTMLText {
    /// `text` with &, <, >, " and ' replaced by entities, safe inside elements and attributes.
    public static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
