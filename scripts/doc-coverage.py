#!/usr/bin/env python3
"""Documentation coverage of the libraries' public API, from the symbol graphs that
`swift package dump-symbol-graph --minimum-access-level public` writes.

usage: doc-coverage.py SYMBOLGRAPH_FOLDER [--baseline FILE] [--write-baseline FILE]

Prints, per module, how many public declarations written in Sources/ have a `///` comment, and
exits 1 naming each that has none. With --baseline (a list of declarations allowed to have none
yet, for a library on its way), only those not in the file fail, and so does one in the file that
has a comment now (take it out: the list only shrinks). A member
that implements a protocol's requirement (`==`, `encode(to:)`, a key's `value(in:)`…) shows the
requirement's documentation (the symbol graph gives it a `sourceOrigin`) and is not counted.
"""
import collections
import glob
import json
import os
import sys

MODULES = ["RunwayText", "MarkdownParsing", "HTMLRendering", "Formatting", "SyntaxHighlighting", "SiteOutput", "SiteContent",
           "Templating", "SiteSearch", "SiteWatching", "SiteBuilding", "SiteImport", "ThemeTools", "SiteServing", "RunwayCLI"]


def declarations(folder):
    """(module, name, documented) for every public declaration written in Sources/."""
    seen = set()
    for path in sorted(glob.glob(os.path.join(folder, "*.symbols.json"))):
        graph = json.load(open(path, encoding="utf-8"))
        module = graph["module"]["name"]
        if module not in MODULES:
            continue
        inherited = {relation["source"] for relation in graph.get("relationships", []) if "sourceOrigin" in relation}
        for symbol in graph["symbols"]:
            location = symbol.get("location", {}).get("uri", "")
            if symbol["accessLevel"] not in ("public", "open") or "/Sources/" not in location:
                continue
            if symbol["identifier"]["precise"] in seen:
                continue
            seen.add(symbol["identifier"]["precise"])
            if symbol["identifier"]["precise"] in inherited:
                continue
            yield module, ".".join(symbol["pathComponents"]), bool(symbol.get("docComment"))


def main():
    folder = sys.argv[1]
    options = dict(zip(sys.argv[2::2], sys.argv[3::2]))
    total, documented = collections.Counter(), collections.Counter()
    missing = collections.Counter()
    for module, name, has_doc in declarations(folder):
        total[module] += 1
        if has_doc:
            documented[module] += 1
        else:
            missing[f"{module} {name}"] += 1
    for module in MODULES:
        if total[module]:
            print(f"{module:16} {documented[module]:4} of {total[module]:4} documented")
    print(f"{'all':16} {sum(documented.values()):4} of {sum(total.values()):4} "
          f"({100 * sum(documented.values()) / max(1, sum(total.values())):.0f}%)")
    if "--write-baseline" in options:
        with open(options["--write-baseline"], "w", encoding="utf-8") as handle:
            handle.write("# Public declarations without a /// comment yet (scripts/doc-coverage.py): this list only shrinks.\n")
            for entry in sorted(missing.elements()):
                handle.write(entry + "\n")
    allowed = collections.Counter()
    if "--baseline" in options:
        with open(options["--baseline"], encoding="utf-8") as handle:
            allowed = collections.Counter(line.strip() for line in handle if line.strip() and not line.startswith("#"))
    new = missing - allowed
    done = allowed - missing
    for entry in sorted(new.elements()):
        print(f"undocumented: {entry} (write a /// comment)")
    for entry in sorted(done.elements()):
        print(f"documented now: {entry} (take it out of {options['--baseline']})")
    if new or done:
        sys.exit(1)


if __name__ == "__main__":
    main()
