extension AttributedText {
    /// A range of text with one set of attributes.
    public struct Run: Hashable, Sendable {
        /// The run's UTF-8 offsets in the text's `string`.
        public var range: Range<Int>
        /// The run's attributes.
        public var attributes: AttributeContainer
        /// Where the run came from in its source, when it was parsed.
        public var sourceRange: SourceRange?

        public init(range: Range<Int>, attributes: AttributeContainer, sourceRange: SourceRange? = nil) {
            self.range = range
            self.attributes = attributes
            self.sourceRange = sourceRange
        }
    }
}
