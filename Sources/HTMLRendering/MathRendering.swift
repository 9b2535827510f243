public import RunwayText
import Formatting

/// One formula of a text, for whatever writes its MathML: its TeX as written, how it is set, and
/// where it is in its Markdown.
public struct MathFormula: Hashable, Sendable {
    /// The formula's text, as written between its dollars.
    public var tex: String
    /// Inline or display.
    public var kind: MathKind
    /// Where the formula starts in its Markdown, when the text knows.
    public var position: SourcePosition?

    /// The formula `tex`, set as `kind`, at `position`.
    public init(tex: String, kind: MathKind, position: SourcePosition? = nil) {
        self.tex = tex
        self.kind = kind
        self.position = position
    }
}

extension RenderWalk {
    /// A formula (a run with the `math` attribute): its MathML in a span of its kind's class
    /// (`rw-math--display`, which themes style); its TeX as code in that class when it has none
    /// (no converter, or the converter refused it). In an image's alternative text, its TeX.
    mutating func writeMath(_ text: UnsafeBufferPointer<UInt8>, kind: MathKind, position: SourcePosition?) {
        if imageIndex != nil { return writeText(text) }
        if !openHooks.isEmpty { collectHookText(text) }
        if openHeading != nil { openHeading!.text.append(contentsOf: text) }
        let className = CSSNaming.className(attribute: MathKey.name, value: kind.attributeValue) ?? ""
        if let mathML = math?(MathFormula(tex: String(decoding: text, as: UTF8.self), kind: kind, position: position)) {
            output.write("<span class=\"\(className)\">")
            output.write(mathML)
            output.write("</span>")
        } else {
            output.write("<code class=\"\(className)\">")
            output.writeEscaped(text)
            output.write("</code>")
        }
    }
}
