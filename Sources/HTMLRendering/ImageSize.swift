/// The size of an image in pixels. A renderer given a way to find it (`HTMLRenderer.imageSize`)
/// writes it on the image's `<img>`, so that a browser keeps its place before it loads.
public struct ImageSize: Hashable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}
