import RunwayText
import SiteOutput

// A record's form in the build cache: one JSON array per record, its fields (the front matter's
// inlined) in a fixed order, instead of objects with keys, and without its `source`, which the
// site and its file give. A rebuild after one page changed reads
// every record of the cache; decoding keyed objects took a third of it. The cache's format number
// (`BuildCache.format`) changes with this order.
extension PageRecord {
    /// The key of `Decoder.userInfo` that names the site whose cache is read: a record's `source`
    /// is not stored, but made again from it (`SitePaths.join(site, file)`).
    package static let siteKey = CodingUserInfoKey(rawValue: "runway.site")!

    package convenience init(from decoder: any Decoder) throws {
        var fields = try decoder.unkeyedContainer()
        guard let site = decoder.userInfo[Self.siteKey] as? String else {
            throw DecodingError.dataCorruptedError(in: fields, debugDescription: "no site to read the record's file in")
        }
        let file = try fields.decode(String.self), hash = try fields.decode(ContentHash.self)
        let source = SitePaths.join(site, file)
        let url = try fields.decode(String.self), title = try fields.decode(String.self), language = try fields.decode(String.self)
        let translationKey = try fields.decode(String.self), section = try fields.decode(String.self)
        let values = try fields.decode([SpanValue].self), links = try fields.decode([PageLink].self)
        let anchors = try fields.decode([String].self)
        let summary = PageSummary(html: try fields.decode(String.self), text: try fields.decode(String.self))
        let length = PageLength(words: try fields.decode(Int.self), cjkCharacters: try fields.decode(Int.self))
        let images = try fields.decode([String].self)
        let firstImage: String? = try fields.optional()
        // Said at the file as this build names it: the record may come from a build that named the
        // site another way (`runway build site`, then `runway build` inside it).
        let diagnostics = try fields.decode([Diagnostic].self).map { diagnostic in
            var diagnostic = diagnostic
            if diagnostic.path == file || diagnostic.path.hasSuffix("/" + file) { diagnostic.path = source }
            return diagnostic
        }
        let highlightPending = try fields.decode(Bool.self)
        // The front matter's values in the order of its table of keys, then the rest.
        var metadata = PageMetadata()
        for key in FrontMatterKey.all {
            switch key.field {
            case .text(let property), .date(let property): metadata[keyPath: property] = try fields.optional()
            case .flag(let property): metadata[keyPath: property] = try fields.decode(Bool.self)
            case .number(let property): metadata[keyPath: property] = try fields.decodeNil() ? nil : try fields.decode(Int.self)
            case .words(let property), .texts(let property), .menus(let property): metadata[keyPath: property] = try fields.decode([String].self)
            }
        }
        metadata.params = try fields.decode([String: AttributeValue].self)
        var signature: FileSignature?
        if try !fields.decodeNil() {
            let parts = try fields.decode([Int64].self)
            guard parts.count == 4, parts[0] >= 0, parts[3] >= 0 else {
                throw DecodingError.dataCorruptedError(in: fields, debugDescription: "not a file signature: \(parts)")
            }
            signature = FileSignature(size: parts[0], seconds: parts[1], nanoseconds: parts[2], inode: UInt64(parts[3]))
        }
        let keyPositions = try fields.decode([String: SourcePosition].self)
        let imagesKey = try fields.decode(ContentHash.self)
        let hookNames = try fields.decode([String].self)
        let imageCopies = try fields.decode([String: String].self)
        let templateImages = try fields.decode([TemplateImage].self)
        self.init(file: file, source: source, hash: hash, url: url, title: title, metadata: metadata, language: language,
                  translationKey: translationKey, section: section, values: values, links: links, anchors: anchors,
                  summary: summary, length: length, images: images, firstImage: firstImage, diagnostics: diagnostics, signature: signature,
                  highlightPending: highlightPending, hookNames: hookNames, keyPositions: keyPositions, imagesKey: imagesKey,
                  imageCopies: imageCopies, templateImages: templateImages)
    }

    package func encode(to encoder: any Encoder) throws {
        var fields = encoder.unkeyedContainer()
        try fields.encode(file)
        try fields.encode(hash)
        for text in [url, title, language, translationKey, section] { try fields.encode(text) }
        try fields.encode(values)
        try fields.encode(links)
        try fields.encode(anchors)
        try fields.encode(summary.html)
        try fields.encode(summary.text)
        try fields.encode(length.words)
        try fields.encode(length.cjkCharacters)
        try fields.encode(images)
        try fields.encode(firstImage)
        try fields.encode(diagnostics)
        try fields.encode(highlightPending)
        for key in FrontMatterKey.all {
            switch key.field {
            case .text(let property), .date(let property): try fields.encode(metadata[keyPath: property])
            case .flag(let property): try fields.encode(metadata[keyPath: property])
            case .number(let property):
                if let number = metadata[keyPath: property] { try fields.encode(number) } else { try fields.encodeNil() }
            case .words(let property), .texts(let property), .menus(let property): try fields.encode(metadata[keyPath: property])
            }
        }
        try fields.encode(metadata.params)
        if let signature {
            try fields.encode([signature.size, signature.seconds, signature.nanoseconds, Int64(truncatingIfNeeded: signature.inode)])
        } else {
            try fields.encodeNil()
        }
        try fields.encode(keyPositions)
        try fields.encode(imagesKey)
        try fields.encode(hookNames)
        try fields.encode(imageCopies)
        try fields.encode(templateImages)
    }
}

extension PageRecord.SpanValue {
    package init(from decoder: any Decoder) throws {
        var fields = try decoder.unkeyedContainer()
        self.init(attribute: try fields.decode(String.self), value: try fields.decode(AttributeValue.self))
    }

    package func encode(to encoder: any Encoder) throws {
        var fields = encoder.unkeyedContainer()
        try fields.encode(attribute)
        try fields.encode(value)
    }
}

extension PageRecord.PageLink {
    package init(from decoder: any Decoder) throws {
        var fields = try decoder.unkeyedContainer()
        let destination = try fields.decode(String.self)
        let position: SourcePosition? = try fields.decodeNil() ? nil : SourcePosition(line: try fields.decode(Int.self), column: try fields.decode(Int.self))
        self.init(destination: destination, position: position)
    }

    package func encode(to encoder: any Encoder) throws {
        var fields = encoder.unkeyedContainer()
        try fields.encode(destination)
        if let position {
            try fields.encode(position.line)
            try fields.encode(position.column)
        } else {
            try fields.encodeNil()
        }
    }
}

extension UnkeyedDecodingContainer {
    /// A string or `null`.
    mutating func optional() throws -> String? {
        try decodeNil() ? nil : decode(String.self)
    }
}
