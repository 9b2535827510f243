// The JSON form of inline components: {"kind": "link", "identity": 3, "destination": "…"}.

extension InlineIntent.Component: Codable {
    private enum CodingKeys: String, CodingKey { case kind, identity, destination, source, title, label, number, occurrence, raw, values }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        identity = try c.decodeIfPresent(Int.self, forKey: .identity) ?? 0
        let name = try c.decode(String.self, forKey: .kind)
        let title = try c.decodeIfPresent(String.self, forKey: .title)
        switch name {
        case "emphasized": kind = .emphasized
        case "stronglyEmphasized": kind = .stronglyEmphasized
        case "strikethrough": kind = .strikethrough
        case "code": kind = .code
        case "softBreak": kind = .softBreak
        case "lineBreak": kind = .lineBreak
        case "inlineHTML": kind = .inlineHTML
        case "blockHTML": kind = .blockHTML
        case "link": kind = .link(destination: try c.decode(String.self, forKey: .destination), title: title)
        case "image": kind = .image(source: try c.decode(String.self, forKey: .source), title: title)
        case "footnoteReference":
            kind = .footnoteReference(label: try c.decode(String.self, forKey: .label),
                                      number: try c.decode(Int.self, forKey: .number),
                                      occurrence: try c.decodeIfPresent(Int.self, forKey: .occurrence) ?? 1)
        case "attributes":
            kind = .attributes(raw: try c.decode(String.self, forKey: .raw),
                               values: try c.decodeIfPresent([String: AttributeValue].self, forKey: .values) ?? [:])
        default:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: c, debugDescription: "unknown inline kind \(name)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind.name, forKey: .kind)
        try c.encode(identity, forKey: .identity)
        switch kind {
        case .link(let destination, let title):
            try c.encode(destination, forKey: .destination)
            try c.encodeIfPresent(title, forKey: .title)
        case .image(let source, let title):
            try c.encode(source, forKey: .source)
            try c.encodeIfPresent(title, forKey: .title)
        case .footnoteReference(let label, let number, let occurrence):
            try c.encode(label, forKey: .label)
            try c.encode(number, forKey: .number)
            try c.encode(occurrence, forKey: .occurrence)
        case .attributes(let raw, let values):
            try c.encode(raw, forKey: .raw)
            try c.encode(values, forKey: .values)
        default: break
        }
    }
}

extension InlineIntent: Codable {
    /// Encoded as the list of components, innermost first.
    public init(from decoder: any Decoder) throws {
        components = try decoder.singleValueContainer().decode([Component].self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(components)
    }
}
