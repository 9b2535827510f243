extension AttributedText {
    /// Builds attributed text by appending runs; adjacent text with equal attributes joins one run.
    public struct Builder: Sendable {
        private var bytes: [UInt8] = []
        private var runs: [Run] = []

        /// An empty builder.
        public init() {}

        /// A builder with room for about `utf8Count` bytes of text in about `runCount` runs.
        public init(reservingCapacity utf8Count: Int, runCount: Int) {
            bytes.reserveCapacity(utf8Count)
            runs.reserveCapacity(runCount)
        }

        /// The number of UTF-8 bytes appended so far.
        public var utf8Count: Int { bytes.count }

        /// The number of runs so far.
        public var runCount: Int { runs.count }

        /// Appends text with attributes. Empty text makes an empty run, which marks an element
        /// without text; it never joins its neighbours.
        public mutating func append(
            _ text: some StringProtocol, attributes: AttributeContainer, sourceRange: SourceRange? = nil
        ) {
            var text = String(text)
            text.withUTF8 { (bytes: UnsafeBufferPointer<UInt8>) in
                append(bytes: bytes, attributes: attributes, sourceRange: sourceRange)
            }
        }

        /// Appends UTF-8 bytes with attributes. The bytes must be valid UTF-8.
        public mutating func append(
            bytes text: UnsafeBufferPointer<UInt8>, attributes: AttributeContainer, sourceRange: SourceRange? = nil
        ) {
            let start = bytes.count
            bytes.append(contentsOf: text)
            // The last run is read in place: copying it would retain and release its attributes.
            let last = runs.count - 1
            if !text.isEmpty, last >= 0,
               runs.withUnsafeBufferPointer({ !$0[last].range.isEmpty && $0[last].attributes == attributes }) {
                runs[last].range = runs[last].range.lowerBound..<bytes.count
                if let range = sourceRange {
                    runs[last].sourceRange = runs[last].sourceRange.map { $0.union(range) } ?? range
                }
                return
            }
            runs.append(Run(range: start..<bytes.count, attributes: attributes, sourceRange: sourceRange))
        }

        /// Appends UTF-8 bytes with attributes. The bytes must be valid UTF-8.
        public mutating func append(
            bytes text: some Collection<UInt8>, attributes: AttributeContainer, sourceRange: SourceRange? = nil
        ) {
            let copy = Array(text)
            copy.withUnsafeBufferPointer { append(bytes: $0, attributes: attributes, sourceRange: sourceRange) }
        }

        /// Appends every run of another text.
        public mutating func append(_ other: AttributedText) {
            var string = other.string
            string.withUTF8 { utf8 in
                for run in other.runs {
                    append(bytes: UnsafeBufferPointer(rebasing: utf8[run.range]), attributes: run.attributes,
                           sourceRange: run.sourceRange)
                }
            }
        }

        /// The text built so far. Bytes that are not valid UTF-8 (cmark-gfm can cut a character in
        /// two on odd input) become U+FFFD within their own run, so every run's range stays exact.
        public func build() -> AttributedText {
            if let string = String(validating: bytes, as: UTF8.self) {
                return AttributedText(string: string, runs: runs)
            }
            var repaired: [UInt8] = []
            repaired.reserveCapacity(bytes.count + 16)
            let fixed = runs.map { run in
                let start = repaired.count
                repaired.append(contentsOf: String(decoding: bytes[run.range], as: UTF8.self).utf8)
                return Run(range: start..<repaired.count, attributes: run.attributes, sourceRange: run.sourceRange)
            }
            return AttributedText(string: String(decoding: repaired, as: UTF8.self), runs: fixed)
        }
    }
}
