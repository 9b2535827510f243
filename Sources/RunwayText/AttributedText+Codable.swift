// The stable JSON form, which `runway runs --json` prints and `docs/runs.schema.json` describes:
// {"runs": [{"text": "…", "sourceRange": "1:1-1:5", "attributes": {…}}], "version": 2}
// Inside "attributes": presentationIntent (components innermost first), inlinePresentationIntent
// (Foundation's raw value), inlineIntent (inline elements with identities), link, imageURL, and each
// custom attribute under its own name.

extension AttributedText: Codable {
    private enum CodingKeys: String, CodingKey { case runs, version }

    /// The version of the JSON form, written as `"version"`: it changes when the form does, so a
    /// tool can tell. A document without one is read as this version (hand-written JSON); one of a
    /// later version is refused. Version 2 added a block quote's `callout` and the `syntax`
    /// attribute of highlighted code; a version 1 document is read as it is.
    public static let jsonFormVersion = 2

    /// One run in the JSON form: its text, where it came from, and its attributes. Encoding the runs
    /// one at a time with ``encodedRun(_:)`` gives the elements of the `runs` array, for writing a
    /// long text's JSON as a stream.
    public struct EncodedRun: Codable, Hashable, Sendable {
        /// The run's text.
        public var text: String
        /// Where the run came from, `line:column-line:column`.
        public var sourceRange: SourceRange?
        /// The run's attributes.
        public var attributes: AttributeContainer

        /// A run in the JSON form.
        public init(text: String, sourceRange: SourceRange?, attributes: AttributeContainer) {
            self.text = text
            self.sourceRange = sourceRange
            self.attributes = attributes
        }
    }

    /// A run of this text in the JSON form.
    public func encodedRun(_ run: Run) -> EncodedRun {
        EncodedRun(text: String(self[run]), sourceRange: run.sourceRange, attributes: run.attributes)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let version = try container.decodeIfPresent(Int.self, forKey: .version), !(1...Self.jsonFormVersion).contains(version) {
            throw DecodingError.dataCorruptedError(forKey: .version, in: container,
                                                   debugDescription: "version \(version) of the runs' JSON form; this Runway reads version \(Self.jsonFormVersion)")
        }
        let forms = try container.decode([EncodedRun].self, forKey: .runs)
        var builder = Builder()
        for form in forms { builder.append(form.text, attributes: form.attributes, sourceRange: form.sourceRange) }
        self = builder.build()
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(runs.map(encodedRun), forKey: .runs)
        try container.encode(Self.jsonFormVersion, forKey: .version)
    }
}

/// The names the JSON form gives Runway's own attributes; custom attributes may not use them.
public let reservedAttributeNames: Set<String> = [
    PresentationIntentKey.name, InlinePresentationIntentKey.name, InlineIntentKey.name,
    LinkKey.name, ImageURLKey.name, SyntaxKey.name, MathKey.name,
]

/// The custom attributes Runway sets itself (`syntax` on highlighted code, `math` on formulas):
/// content cannot set them, and a scope never drops them.
public let runwaySetAttributeNames: Set<String> = [SyntaxKey.name, MathKey.name]

extension AttributeContainer: Codable {
    private struct Name: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        self.init()
        let c = try decoder.container(keyedBy: Name.self)
        for key in c.allKeys {
            switch key.stringValue {
            case PresentationIntentKey.name: presentationIntent = try c.decode(PresentationIntent.self, forKey: key)
            case InlineIntentKey.name: inlineIntent = try c.decode(InlineIntent.self, forKey: key)
            case InlinePresentationIntentKey.name, LinkKey.name, ImageURLKey.name: continue
            default: customAttributes[key.stringValue] = try c.decode(AttributeValue.self, forKey: key)
            }
        }
        // Hand-written JSON may give only the flat view; the structure wins when both are present.
        if inlineIntent == nil {
            if let raw = try c.decodeIfPresent(Int.self, forKey: Name(InlinePresentationIntentKey.name)) {
                self[InlinePresentationIntentKey.self] = InlinePresentationIntent(rawValue: raw)
            }
            if let link = try c.decodeIfPresent(String.self, forKey: Name(LinkKey.name)) { self.link = link }
            if let image = try c.decodeIfPresent(String.self, forKey: Name(ImageURLKey.name)) { self.imageURL = image }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Name.self)
        try c.encodeIfPresent(presentationIntent, forKey: Name(PresentationIntentKey.name))
        if let intent = inlineIntent, intent.depth > 0 {
            let flat = intent.inlinePresentationIntent
            if !flat.isEmpty { try c.encode(flat.rawValue, forKey: Name(InlinePresentationIntentKey.name)) }
            try c.encode(intent, forKey: Name(InlineIntentKey.name))
            try c.encodeIfPresent(intent.link, forKey: Name(LinkKey.name))
            try c.encodeIfPresent(intent.imageURL, forKey: Name(ImageURLKey.name))
        }
        for (name, value) in customAttributes { try c.encode(value, forKey: Name(name)) }
    }
}
