extension AttributedText {
    /// A range of text with one set of attributes.
    public struct Run: Hashable, Sendable {
        /// The run's UTF-8 offsets in the text's `string`.
        public var range: Range<Int>
        /// The run's attributes.
        public var attributes: AttributeContainer
        /// Where the run came from in its source, when it was parsed.
        public var sourceRange: SourceRange?

        /// A run over the UTF-8 offsets `range`, with its attributes and where it came from.
        public init(range: Range<Int>, attributes: AttributeContainer, sourceRange: SourceRange? = nil) {
            self.range = range
            self.attributes = attributes
            self.sourceRange = sourceRange
        }
    }
}

extension AttributedText {
    /// Calls `body` with each inline component of the runs, in run order and innermost first within
    /// a run, skipping the parts of a run's stack already seen in an earlier run. Runs share their
    /// enclosing stacks, so this takes time linear in the number of elements, not in runs × depth.
    /// A component can still come twice when two runs hold equal stacks that are not shared.
    ///
    /// `climbing` prunes the walk: a run's stack is climbed while it is true of what is left of
    /// it, so it must be false of every stack enclosed by one it is false of, as
    /// ``InlineIntent/containsLink`` and ``InlineIntent/containsAttributeSpan`` are. A caller
    /// that wants only links then costs one check per run of a text without them.
    public func forEachNewInlineComponent(climbing: (InlineIntent) -> Bool = { _ in true },
                                          _ body: (InlineIntent.Component, Run) -> Void) {
        var seen = Set<InlineIntent>()
        // Through the buffer: a run is copied (its attributes retained) only for `body`.
        runs.withUnsafeBufferPointer { runs in
            for index in runs.indices {
                var stack = runs[index].attributes.inlineIntent
                while let current = stack, climbing(current), let component = current.innermost, seen.insert(current).inserted {
                    body(component, runs[index])
                    stack = current.enclosing
                }
            }
        }
    }
}

extension AttributedText {
    /// The same text with each run's attributes replaced by `transform(attributes)`. The string is
    /// shared, not copied; a run whose new attributes equal its neighbour's joins it, as
    /// ``Builder`` joins runs, so adjacent runs still differ.
    public func mappingAttributes(_ transform: (AttributeContainer) -> AttributeContainer) -> AttributedText {
        var mapped: [Run] = []
        mapped.reserveCapacity(runs.count)
        // Through the buffer: a run's attributes are handed to `transform` without a copy.
        runs.withUnsafeBufferPointer { runs in
            for index in runs.indices {
                let attributes = transform(runs[index].attributes)
                let range = runs[index].range
                let last = mapped.count - 1
                if !range.isEmpty, last >= 0, !mapped[last].range.isEmpty, mapped[last].attributes == attributes {
                    mapped[last].range = mapped[last].range.lowerBound..<range.upperBound
                    if let source = runs[index].sourceRange {
                        mapped[last].sourceRange = mapped[last].sourceRange.map { $0.union(source) } ?? source
                    }
                } else {
                    mapped.append(Run(range: range, attributes: attributes, sourceRange: runs[index].sourceRange))
                }
            }
        }
        return AttributedText(string: string, runs: mapped)
    }
}
