/// Editors' backup, swap, autosave and probe files: a build neither reads nor publishes them,
/// and a watcher does not rebuild for them. A backup of a page (`index.md~`) holds its source,
/// drafts and all; `#index.md#` is Emacs's autosave of it.
package enum ScratchFiles {
    /// Whether a file named `name` (no folder) is an editor's: `name~` (a backup), `.name.swp`,
    /// `.swo` or `.swx` (Vim's swap, hidden or not), `#name#` (Emacs's autosave), `.#name` (Emacs's lock),
    /// `4913` (Vim's probe of a folder) or `.goutputstream-…` (GNOME's temporary copy).
    package static func isScratch(_ name: String) -> Bool {
        name.hasSuffix("~") || name.hasPrefix(".#") || name == "4913" || name.hasPrefix(".goutputstream")
            || name.hasSuffix(".swp") || name.hasSuffix(".swo") || name.hasSuffix(".swx")
            || (name.count > 1 && name.hasPrefix("#") && name.hasSuffix("#"))
    }
}
