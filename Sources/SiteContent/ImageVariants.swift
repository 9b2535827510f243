import Foundation
package import HTMLRendering
package import ImageProcessing
import SiteOutput
import Synchronization

/// `[images]`: the smaller copies of the site's images, made by libvips (``ImageProcessing``) in a
/// cache of their own (`.runway-cache/images/`), each named by its original's content hash and its
/// parameters, so that a build where no image changed makes none, and two pages showing one image
/// make it once. Pages are read in parallel, and each asks for its images as it is rendered: the
/// copies are made in parallel too, and a page learns whether its image could be decoded before
/// its HTML is written.
package final class ImageVariants: Sendable {
    /// The widths, formats and quality asked for.
    package let settings: ImageSettings
    /// The cache's folder.
    package let folder: String
    /// What each image gave, by its file, signature and box: made once per process.
    private let outcomes = Mutex<[String: Once<Result>]>([:])
    /// Each image file's header and content hash, or why it gets no copies, by its file and
    /// signature: read once per process, however many boxes its pages ask for.
    private let originals = Mutex<[String: Once<Original>]>([:])

    /// One image's copies, or why it has none.
    package enum Result: Sendable {
        case copies(Copies)
        /// Not an image that gets copies (an animation, a GIF, a vector): published as it is, silently.
        case kept
        /// An image that cannot be read or decoded, or not what its name says: published as it is,
        /// with this warning.
        case refused(String)
    }

    /// An image's copies, all in the cache.
    package struct Copies: Sendable {
        /// The original's size as it is shown (turned as its EXIF orientation says).
        package var size: ImageSize
        /// Its content's hash, in its copies' names.
        package var hash: String
        /// Its copies, by width, then format as the settings order them.
        package var variants: [Variant]
    }

    /// One copy: what it was made as, its size, and its file in the cache.
    package struct Variant: Sendable, Hashable {
        /// What it was made as.
        package var request: ImageVariantRequest
        /// Its size in pixels, as libvips wrote it.
        package var width: Int
        package var height: Int
        /// Its file's name in the cache folder.
        package var cacheName: String

        /// Its name beside its original (`photo.jpg` → `photo-480w-q80.3fa2b1c09d12e4f7.webp`):
        /// a new image is a new name, so the copies can be kept by browsers for ever.
        package func name(besides original: String, hash: String) -> String {
            let stem = (original as NSString).deletingPathExtension
            return stem + "-" + request.label + "." + hash + "." + request.format.fileExtension
        }
    }

    /// A value made once: a second page asking for it waits for the first.
    private final class Once<Value: Sendable>: Sendable {
        private let value = Mutex<Value?>(nil)

        /// The value, made by `make` the first time.
        func get(_ make: () -> Value) -> Value {
            value.withLock { value in
                if let value { return value }
                let made = make()
                value = made
                return made
            }
        }
    }

    /// The value under `key` of `table`, made by `make` once per process.
    private static func once<Value: Sendable>(_ key: String, in table: borrowing Mutex<[String: Once<Value>]>, _ make: () -> Value) -> Value {
        let entry = table.withLock { known in
            if let entry = known[key] { return entry }
            let entry = Once<Value>()
            known[key] = entry
            return entry
        }
        return entry.get(make)
    }

    /// An image file as its copies need it, or the outcome of every box asked of it when it gets none.
    private enum Original: Sendable {
        case image(size: ImageSize, hash: String)
        case none(Result)
    }

    /// Copies as `settings` ask, cached in `folder` (made when the first copy is).
    package init(settings: ImageSettings, folder: String) {
        self.settings = settings
        self.folder = folder
    }

    /// A box a template asks an image's copy in (`fill_600x400`), in each format of the settings.
    package struct Box: Hashable, Sendable, Codable, CustomStringConvertible {
        package var mode: ImageVariantRequest.Mode
        package var width: Int
        /// 0 for `resize`.
        package var height: Int

        package init(mode: ImageVariantRequest.Mode, width: Int, height: Int) {
            self.mode = mode
            self.width = width
            self.height = height
        }

        package var description: String { "\(mode.rawValue) \(width)x\(height)" }

        /// The box an image of `size` is put in, never larger than it: `resize` no wider, `fill`
        /// made smaller with its proportions kept until the image covers it, `fit` no larger than the image.
        func within(_ size: ImageSize) -> Box {
            switch mode {
            case .resize:
                return Box(mode: mode, width: min(width, size.width), height: 0)
            case .fit:
                return Box(mode: mode, width: min(width, size.width), height: min(height, size.height))
            case .fill:
                let scale = min(1, Double(size.width) / Double(width), Double(size.height) / Double(height))
                return Box(mode: mode, width: max(1, Int((Double(width) * scale).rounded())), height: max(1, Int((Double(height) * scale).rounded())))
            }
        }
    }

    /// The copies of the image file at `path` the settings ask for (or, with a box, its copy in
    /// that box in each format), made unless the cache has them.
    package func copies(of path: String, box: Box? = nil) -> Result {
        let file = path + " " + (FileSignature.following(path)?.description ?? "-")
        return Self.once(file + (box.map { " " + $0.description } ?? ""), in: outcomes) {
            switch Self.once(file, in: originals, { original(path) }) {
            case .none(let result): result
            case .image(let size, let hash): make(path, size: size, hash: hash, box: box)
            }
        }
    }

    /// The image file's size as it is shown and its content's hash, or why it gets no copies.
    private func original(_ path: String) -> Original {
        let header: ImageHeader
        do throws(ImageProcessor.Failure) {
            header = try ImageProcessor.header(of: path)
        } catch {
            return .none(.refused("cannot be read (\(error.description))"))
        }
        let suffix = (path as NSString).pathExtension.lowercased()
        guard header.format.extensions.contains(suffix) else {
            return .none(.refused("is \(Self.named(header.format)), not what its name's .\(suffix) says"))
        }
        switch header.format {
        case .gif, .other: return .none(.kept)
        case .jpeg, .png, .webp, .heif: if header.pages > 1 { return .none(.kept) }
        }
        guard header.width * header.height <= ImageProcessor.largestImage else {
            return .none(.refused("is \(header.width) × \(header.height) pixels, more than a build decodes (\(ImageProcessor.largestImage / 1_000_000) megapixels)"))
        }
        guard let bytes = FileContents.read(path) else { return .none(.refused("cannot be read")) }
        let hash = ContentHash(bytes).description
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            return .none(.refused("has no cache folder for its copies (\(folder): \(error.localizedDescription))"))
        }
        return .image(size: ImageSize(width: header.width, height: header.height), hash: String(repeating: "0", count: 16 - hash.count) + hash)
    }

    /// The copies of the image of `size` and `hash` at `path` (in the box, with one), made or
    /// taken from the cache.
    private func make(_ path: String, size: ImageSize, hash: String, box: Box?) -> Result {
        if let box = box?.within(size) {
            let requests = settings.formats.map {
                ImageVariantRequest(mode: box.mode, width: box.width, height: box.height, format: $0, quality: settings.quality)
            }
            switch variants(requests, of: path, hash: hash) {
            case .success(let made): return .copies(Copies(size: size, hash: hash, variants: made))
            case .failure(let failure): return .refused("cannot be decoded (\(failure.description))")
            }
        }
        // The widths below the original's, and the original's own when a wider one is asked for.
        var widths = settings.widths.filter { $0 < size.width }
        if settings.widths.contains(where: { $0 >= size.width }) { widths.append(size.width) }
        var variants: [Variant] = []
        for width in widths {
            let requests = settings.formats.map { ImageVariantRequest(width: width, format: $0, quality: settings.quality) }
            switch self.variants(requests, of: path, hash: hash) {
            case .success(let made): variants += made
            case .failure(let failure): return .refused("cannot be decoded (\(failure.description))")
            }
        }
        return .copies(Copies(size: size, hash: hash, variants: variants))
    }

    /// The variants of one box in each format, from the cache, or made into it: written beside
    /// their place under names of their own, then renamed in, so that no half-written copy is ever
    /// taken from the cache.
    /// (Also for tests: each request's variant, made unless `folder` has it.)
    package func variants(_ requests: [ImageVariantRequest], of path: String, hash: String) -> Swift.Result<[Variant], ImageProcessor.Failure> {
        let names = requests.map { hash + "-" + $0.cacheLabel + "." + $0.format.fileExtension }
        var headers: [ImageHeader?] = names.map { try? ImageProcessor.header(of: folder + "/" + $0) }
        let missing = headers.indices.filter { headers[$0] == nil }
        if !missing.isEmpty {
            let partial = ".partial-\(UUID().uuidString)-"
            let destinations = missing.map { folder + "/" + partial + names[$0] }
            do throws(ImageProcessor.Failure) {
                let made = try ImageProcessor.write(missing.map { requests[$0] }, of: path, to: destinations)
                for (index, header) in zip(missing, made) {
                    headers[index] = header
                    rename(folder + "/" + partial + names[index], folder + "/" + names[index])
                }
            } catch {
                for destination in destinations { unlink(destination) }
                return .failure(error)
            }
        }
        return .success(requests.indices.map { index in
            Variant(request: requests[index], width: headers[index]!.width, height: headers[index]!.height, cacheName: names[index])
        })
    }

    /// `a PNG`, `an image libvips reads with tiffload`.
    private static func named(_ format: ImageHeader.SourceFormat) -> String {
        if case .other = format { return format.description }
        return (format == .heif ? "an " : "a ") + format.description + " image"
    }
}
