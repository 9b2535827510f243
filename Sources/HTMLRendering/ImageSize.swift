/// The size of an image in pixels. A renderer given a way to find it (`HTMLRenderer.imageSize`)
/// writes it on the image's `<img>`, so that a browser keeps its place before it loads.
public struct ImageSize: Hashable, Sendable {
    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int

    /// A size of `width` × `height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}
