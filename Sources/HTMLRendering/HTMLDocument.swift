/// A standalone HTML page around a rendered fragment.
public struct HTMLDocument: Sendable {
    public var title: String
    public var language: String
    /// CSS to embed in the page's head, if any.
    public var stylesheet: String?
    /// The body's HTML fragment.
    public var body: String

    public init(title: String, language: String = "en", stylesheet: String? = nil, body: String) {
        self.title = title
        self.language = language
        self.stylesheet = stylesheet
        self.body = body
    }

    /// The whole page.
    public var html: String {
        var output = HTMLOutput(capacity: body.utf8.count + 512)
        output.write("<!DOCTYPE html>\n<html lang=\"")
        output.writeEscaped(language)
        output.write("\">\n<head>\n<meta charset=\"utf-8\">\n")
        output.write("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
        output.writeEscaped(title)
        output.write("</title>\n")
        if let stylesheet {
            output.write("<style>\n")
            // A stylesheet cannot end the style element early.
            output.write(stylesheet.replacing("</", with: "<\\/"))
            output.write("</style>\n")
        }
        output.write("</head>\n<body>\n<main>\n")
        output.write(body)
        output.write("</main>\n</body>\n</html>\n")
        return output.string
    }
}
