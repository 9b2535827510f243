/// CSS property–value pairs for a light appearance and the overrides for a dark one.
public struct CSSDeclarations: Hashable, Sendable {
    public var light: [Declaration] = []
    public var dark: [Declaration] = []

    public struct Declaration: Hashable, Sendable {
        public var property: String
        public var value: String

        public init(_ property: String, _ value: String) {
            self.property = property
            self.value = value
        }
    }

    public init() {}

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
        let replaced = Set(new.map(\.property))
        return base.filter { !replaced.contains($0.property) } + new
    }
}

/// A styling value a theme or a constraint cannot use.
public struct StyleError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
