import Foundation
package import SiteOutput

/// A page bundle: a folder of content whose page is an `index.md` (or `index.fr.md`…). Its other
/// files (images, downloads) are published beside the page, at its URL, as Hugo's leaf bundles are.
/// A folder inside it that has an `index.md` of its own is another bundle.
package enum PageBundle {
    /// The bundle folder (`content/posts/trip`) of the content file `file`
    /// (`content/posts/trip/index.md`), when it is a bundle's page.
    /// Content files' paths are relative and clean (`content/a/b.md`), read in Swift: a build asks
    /// this of every page.
    package static func folder(of file: String) -> String? {
        guard MarkdownFile.isMarkdown(file), let slash = file.lastIndex(of: "/") else { return nil }
        let name = MarkdownFile.stem(String(file[file.index(after: slash)...]))
        guard name == "index" || (name.hasPrefix("index.") && name.split(separator: ".").count == 2),
              file.hasPrefix("content/"), file.split(separator: "/").count > 2 else { return nil }
        return String(file[..<slash])
    }

    /// The folder whose files are published beside the page of the content file `file`: a leaf
    /// bundle's (``folder(of:)``), or a branch bundle's, the folder of an `_index.md` (a section's,
    /// or `content/` for the home page's), with the kind it is.
    package static func resourceFolder(of file: String) -> (folder: String, kind: ContentBundles.Kind)? {
        if let folder = folder(of: file) { return (folder, .leaf) }
        guard MarkdownFile.isMarkdown(file), file.hasPrefix("content/"), MarkdownFile.baseName(file) == "_index",
              let slash = file.lastIndex(of: "/") else { return nil }
        return (String(file[..<slash]), .branch)
    }

    /// The files of the bundle in `folder` (relative to `site`) that are published beside its page,
    /// relative to the folder (`photo.jpg`, `files/data.csv`): all but Markdown, and but what
    /// belongs to a bundle inside it; in a branch bundle, but what is in a folder of pages too
    /// (``ContentBundles``). Links that lead out of `content/` are left out (the listing of
    /// content warns about them).
    package static func resources(in folder: String, kind: ContentBundles.Kind = .leaf, site: String) -> [String] {
        let root = SitePaths.join(site, folder), content = SitePaths.join(site, "content")
        let listing = SitePaths.list(under: root, inside: content, linksWithin: content)
        let bundles = ContentBundles(files: listing.files, root: kind)
        return listing.files.filter { file in
            // A branch's hidden files (`.DS_Store`, `.gitkeep` in content/) are no one's content.
            !MarkdownFile.isMarkdown(file) && bundles.owner(of: file) == ""
                && (kind == .leaf || !file.split(separator: "/").contains(where: { $0.hasPrefix(".") }))
        }.sorted()
    }
}
