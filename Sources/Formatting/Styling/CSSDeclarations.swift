/// CSS property–value pairs for a light appearance and the overrides for a dark one.
public struct CSSDeclarations: Hashable, Sendable {
    /// The declarations in force in light (and in dark, unless `dark` says otherwise).
    public var light: [Declaration] = []
    /// The declarations that differ in dark.
    public var dark: [Declaration] = []

    /// A CSS property and its value.
    public struct Declaration: Hashable, Sendable {
        /// The property: `color`.
        public var property: String
        /// Its value: `#1D1D1F`.
        public var value: String

        /// The declaration `property: value`.
        public init(_ property: String, _ value: String) {
            self.property = property
            self.value = value
        }
    }

    /// No declaration.
    public init() {}

    /// Declarations from property and value pairs, light and dark.
    public init(_ light: [(String, String)], dark: [(String, String)] = []) {
        self.light = light.map { Declaration($0.0, $0.1) }
        self.dark = dark.map { Declaration($0.0, $0.1) }
    }

    /// Adds `other`, whose properties win.
    public mutating func merge(_ other: CSSDeclarations) {
        light = Self.merged(light, other.light)
        dark = Self.merged(dark, other.dark)
    }

    private static func merged(_ base: [Declaration], _ new: [Declaration]) -> [Declaration] {
        var new = new
        // An underline and a strikethrough on one target are both drawn: CSS has one
        // `text-decoration-line` for both lines (and one style and colour, the later one's).
        if let line = new.firstIndex(where: { $0.property == "text-decoration-line" && $0.value != "none" }),
           let earlier = base.first(where: { $0.property == "text-decoration-line" && $0.value != "none" }),
           !earlier.value.split(separator: " ").contains(Substring(new[line].value)) {
            new[line].value = earlier.value + " " + new[line].value
        }
        let replaced = Set(new.map(\.property))
        return base.filter { !replaced.contains($0.property) } + new
    }
}

/// A styling value a theme or a constraint cannot use.
public struct StyleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, in words.
    public var message: String
    /// A problem with a styling value.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
