// The JSON form of block components: {"kind": "listItem", "identity": 2, "ordinal": 1}.

extension PresentationIntent.Component: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, identity, level, id, isTight, ordinal, checkbox, languageHint, columns, rowIndex, columnIndex, label, callout, options
        case referenceCount
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        identity = try c.decode(Int.self, forKey: .identity)
        let name = try c.decode(String.self, forKey: .kind)
        let tight = try c.decodeIfPresent(Bool.self, forKey: .isTight) ?? false
        switch name {
        case "paragraph": kind = .paragraph
        case "header": kind = .header(level: try c.decode(Int.self, forKey: .level), id: try c.decodeIfPresent(String.self, forKey: .id))
        case "orderedList": kind = .orderedList(isTight: tight)
        case "unorderedList": kind = .unorderedList(isTight: tight)
        case "listItem":
            kind = .listItem(ordinal: try c.decode(Int.self, forKey: .ordinal),
                             checkbox: try c.decodeIfPresent(PresentationIntent.Checkbox.self, forKey: .checkbox))
        case "codeBlock":
            kind = .codeBlock(languageHint: try c.decodeIfPresent(String.self, forKey: .languageHint),
                              options: try c.decodeIfPresent(CodeBlockOptions.self, forKey: .options))
        case "blockQuote": kind = .blockQuote(callout: try c.decodeIfPresent(PresentationIntent.Callout.self, forKey: .callout))
        case "thematicBreak": kind = .thematicBreak
        case "table": kind = .table(columns: try c.decode([PresentationIntent.TableColumn].self, forKey: .columns))
        case "tableHeaderRow": kind = .tableHeaderRow
        case "tableRow": kind = .tableRow(rowIndex: try c.decode(Int.self, forKey: .rowIndex))
        case "tableCell": kind = .tableCell(columnIndex: try c.decode(Int.self, forKey: .columnIndex))
        case "footnoteDefinition":
            kind = .footnoteDefinition(label: try c.decode(String.self, forKey: .label),
                                       referenceCount: try c.decodeIfPresent(Int.self, forKey: .referenceCount) ?? 1)
        default:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: c, debugDescription: "unknown block kind \(name)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind.name, forKey: .kind)
        try c.encode(identity, forKey: .identity)
        switch kind {
        case .header(let level, let id):
            try c.encode(level, forKey: .level)
            try c.encodeIfPresent(id, forKey: .id)
        case .orderedList(let tight), .unorderedList(let tight): try c.encode(tight, forKey: .isTight)
        case .listItem(let ordinal, let checkbox):
            try c.encode(ordinal, forKey: .ordinal)
            try c.encodeIfPresent(checkbox, forKey: .checkbox)
        case .codeBlock(let hint, let options):
            try c.encodeIfPresent(hint, forKey: .languageHint)
            try c.encodeIfPresent(options, forKey: .options)
        case .table(let columns): try c.encode(columns, forKey: .columns)
        case .tableRow(let row): try c.encode(row, forKey: .rowIndex)
        case .tableCell(let column): try c.encode(column, forKey: .columnIndex)
        case .footnoteDefinition(let label, let count):
            try c.encode(label, forKey: .label)
            try c.encode(count, forKey: .referenceCount)
        case .blockQuote(let callout): try c.encodeIfPresent(callout, forKey: .callout)
        case .paragraph, .thematicBreak, .tableHeaderRow: break
        }
    }
}

extension PresentationIntent.TableColumn: Codable {
    private enum CodingKeys: String, CodingKey { case alignment }

    public init(from decoder: any Decoder) throws {
        alignment = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(Alignment.self, forKey: .alignment)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(alignment, forKey: .alignment)
    }
}

extension PresentationIntent: Codable {
    /// Encoded as the list of components, innermost first.
    public init(from decoder: any Decoder) throws {
        components = try decoder.singleValueContainer().decode([Component].self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(components)
    }
}
