#!/bin/sh
# The real-text corpus of `make bench`: the Node.js API documentation in Markdown, as Debian's
# nodejs-doc package ships it (usr/share/doc/nodejs/api/*.md and *.md.gz; Node.js contributors,
# MIT/Expat licence, see copyright beside the files). Fetched without installing anything:
# `apt-get download` into a temporary folder, `dpkg-deb -x`, gunzip.
#
#   sh Benchmarks/fetch_corpus.sh [CACHE]      (CACHE defaults to .build/corpus)
#
# Leaves CACHE/nodejs-doc/*.md (one file per module, the files the benchmark parses one by one),
# CACHE/nodejs-doc/PROVENANCE (package, version, file count, bytes, sha256), CACHE/nodejs-doc/copyright,
# and CACHE/nodejs-doc.md, every file concatenated in name order (C locale): the file whose sha256
# identifies the corpus, and the input of the process-to-process comparison. A corpus already in
# CACHE is reused; delete CACHE/nodejs-doc to fetch it again.
set -eu

EXPECTED_VERSION="18.20.4+dfsg-1~deb12u3"   # the version README's numbers were measured on (bookworm)
cache="${1:-.build/corpus}"
folder="$cache/nodejs-doc"
all="$cache/nodejs-doc.md"
export LC_ALL=C

if [ ! -f "$folder/PROVENANCE" ] || [ ! -f "$all" ]; then
    echo "fetching the real-text corpus (Debian package nodejs-doc) into $folder"
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    # apt fetches as its own user when it can write here (root otherwise, with a warning).
    if [ "$(id -u)" = 0 ] && id _apt >/dev/null 2>&1; then chown _apt "$work"; fi
    if ! (cd "$work" && apt-get download -q nodejs-doc >/dev/null); then
        echo "apt-get download nodejs-doc failed; updating the package lists and trying again"
        sudo=""
        [ "$(id -u)" = 0 ] || sudo=sudo
        $sudo apt-get update -qq
        (cd "$work" && apt-get download -q nodejs-doc >/dev/null)
    fi
    deb=$(ls "$work"/nodejs-doc_*.deb)
    version=$(dpkg-deb -f "$deb" Version)
    dpkg-deb -x "$deb" "$work/root"
    api="$work/root/usr/share/doc/nodejs/api"
    rm -rf "$folder" "$all"
    mkdir -p "$folder"
    # Debian compresses most of the files; a few small ones stay as they are.
    for file in "$api"/*.md.gz; do gunzip -c "$file" >"$folder/$(basename "$file" .gz)"; done
    for file in "$api"/*.md; do [ -f "$file" ] && cp "$file" "$folder/"; done
    cp "$work/root/usr/share/doc/nodejs-doc/copyright" "$folder/copyright"
    cat "$folder"/*.md >"$all"
    {
        echo "package: nodejs-doc $version (Debian; $(basename "$deb"))"
        echo "files: $(ls "$folder"/*.md | wc -l) (usr/share/doc/nodejs/api/*.md, gunzipped)"
        echo "bytes: $(wc -c <"$all" | tr -d ' ')"
        echo "sha256: $(sha256sum "$all" | cut -d' ' -f1) (of the files concatenated in name order)"
        echo "licence: MIT (Expat), Node.js contributors; see copyright"
    } >"$folder/PROVENANCE"
fi

# Every run checks the cached files against the record and says which corpus it measures.
version=$(sed -n 's/^package: nodejs-doc \([^ ]*\) .*/\1/p' "$folder/PROVENANCE")
recorded=$(sed -n 's/^sha256: \([0-9a-f]*\).*/\1/p' "$folder/PROVENANCE")
actual=$(cat "$folder"/*.md | sha256sum | cut -d' ' -f1)
if [ "$actual" != "$recorded" ] || [ "$(sha256sum "$all" | cut -d' ' -f1)" != "$recorded" ]; then
    echo "the corpus in $folder changed since it was fetched (sha256 $actual, recorded $recorded);" \
        "delete $folder and run this script again" >&2
    exit 1
fi
echo "real-text corpus: nodejs-doc $version, $(ls "$folder"/*.md | wc -l) files," \
    "$(wc -c <"$all" | tr -d ' ') bytes, sha256 $actual"
if [ "$version" != "$EXPECTED_VERSION" ]; then
    echo "note: nodejs-doc $version is not $EXPECTED_VERSION, the version README's numbers were" \
        "measured on; real-text figures are not comparable with those"
fi
