# Runway — every target installs what it needs on a fresh Debian machine.

SWIFT ?= swift
# Pagefind ([search] enabled = true) from PyPI: the extended build, which segments Chinese, Japanese and Thai words.
PAGEFIND := pagefind-bin-extended==1.5.2
# hugo and jekyll: runway import's tests compare the URLs of an imported site with what they publish.
APT_PACKAGES := libcmark-gfm-dev libcmark-gfm-extensions-dev cmark-gfm pkg-config python3 python3-pip curl chromium chromium-driver time python3-jsonschema python3-pygments python3-emoji katex libvips-dev libjemalloc2 libmimalloc-dev hugo jekyll
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: deps build install test doc-coverage run docs docs-api bench bench-site bench-serve site screenshots fuzz clean

## deps: install the Debian packages Runway builds and tests with, and Pagefind from PyPI (only those missing).
deps:
	@missing=""; for package in $(APT_PACKAGES); do \
		dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi
	@python3 -c "import pagefind_bin_extended" 2>/dev/null || { echo "Installing $(PAGEFIND) from PyPI"; \
		pip="python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore $(PAGEFIND)"; \
		$$pip 2>/dev/null || $$pip --user 2>/dev/null || $$pip --user --break-system-packages; }

## build: the runway command, optimized.
build: deps
	$(SWIFT) build -c release --product runway

## install: runway into $(PREFIX)/bin (default /usr/local; DESTDIR for a staging root), and its themes and
## site template into $(PREFIX)/share/runway/, where the binary finds them.
PREFIX ?= /usr/local
install: build
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/runway"
	install -m 755 .build/release/runway "$(DESTDIR)$(PREFIX)/bin/runway"
	rm -rf "$(DESTDIR)$(PREFIX)/share/runway/themes" "$(DESTDIR)$(PREFIX)/share/runway/site-template"
	cp -R themes "$(DESTDIR)$(PREFIX)/share/runway/themes"
	mkdir -p "$(DESTDIR)$(PREFIX)/share/runway/site-template"
	tar -C site-template --exclude=./_site --exclude=./.runway-cache --exclude=./_theme-preview -cf - . \
		| tar -C "$(DESTDIR)$(PREFIX)/share/runway/site-template" -xf -

## test: the whole test suite, then the libraries' documentation coverage: a public declaration without a ///
## comment fails it.
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(MAKE) doc-coverage

## doc-coverage: how many public declarations have a /// comment, per module (scripts/doc-coverage.py).
doc-coverage:
	@graphs=$$($(SWIFT) package dump-symbol-graph --minimum-access-level public 2>&1 | sed -n 's/^Files written to //p'); \
	test -n "$$graphs" || { echo "no symbol graphs"; exit 1; }; \
	python3 scripts/doc-coverage.py "$$graphs"

## site: build site-template/ with its theme (default) into site-template/_site/.
site: build
	.build/release/runway build site-template

## docs: Runway's documentation (docs/, a Runway site with the default theme) into docs/_site/, every warning an
## error (a broken link between its pages fails it); `runway serve docs` to read it with live reload.
docs: build
	.build/release/runway build docs --strict

## docs-api: the libraries' API documentation (DocC catalogs in Sources/*/*.docc) into .build/docs-api/, one
## archive for all four, a warning (an unresolved symbol link) an error.
DOCC_TARGETS := RunwayText MarkdownParsing HTMLRendering Formatting
docs-api: deps
	$(SWIFT) package --allow-writing-to-directory .build/docs-api generate-documentation \
		$(foreach target,$(DOCC_TARGETS),--target $(target)) --enable-experimental-combined-documentation \
		--output-path .build/docs-api --warnings-as-errors --transform-for-static-hosting

## run: build site-template/ and serve it on http://$(HOST):$(PORT) with live reload (runway serve).
run: build
	.build/release/runway serve site-template --host $(HOST) --port $(PORT)

## bench: throughput and peak memory of parse, render and end to end next to cmark-gfm's own, on a generated
## corpus and on real text (the Node.js API docs from Debian's nodejs-doc, fetched into .build/corpus/ by
## Benchmarks/fetch_corpus.sh); then runway against the cmark-gfm command, process to process, on the real
## text and on pathological inputs (Benchmarks/pathological.py).
bench: deps
	sh Benchmarks/fetch_corpus.sh .build/corpus
	$(SWIFT) build -c release --product RunwayBenchmarks
	$(SWIFT) build -c release --product runway
	.build/release/RunwayBenchmarks --corpus .build/corpus/nodejs-doc
	python3 Benchmarks/pathological.py .build/release/runway --corpus .build/corpus/nodejs-doc.md

## bench-site: a generated 10,000-page site and a site of real text (the bench corpus cut at its headings), each
## built by Runway (cold, no change, one page changed) and by Hugo (Debian's hugo, installed here), on disk and in
## memory (/dev/shm); then 100 photographs of 12 megapixels with responsive copies, beside Hugo's image processing.
bench-site: deps
	@command -v hugo >/dev/null || { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq hugo >/dev/null; }
	sh Benchmarks/fetch_corpus.sh .build/corpus
	$(SWIFT) build -c release --product runway
	$(SWIFT) build -c release --product RunwayBenchmarks
	.build/release/RunwayBenchmarks --corpus .build/corpus/nodejs-doc site 10000
	@command -v vips >/dev/null || { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq libvips-tools >/dev/null; }
	python3 Benchmarks/image_bench.py .build/release/runway --count 100

## bench-serve: runway serve under wrk (and hugo server when installed) and its save-to-reload latency.
bench-serve: deps
	@command -v wrk >/dev/null || { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq wrk >/dev/null; }
	$(SWIFT) build -c release --product RunwayBenchmarks
	$(SWIFT) build -c release --product runway
	.build/release/RunwayBenchmarks generate 10000
	python3 Benchmarks/serve_bench.py .build/release/runway /tmp/runway-bench-site /tmp/runway-bench-site-hugo

## screenshots: every built-in theme's preview, light and dark, and the site template's home, post, list and tag pages and its post of code and callouts, and its search box, related pages and social tags
## (light and dark, 1200 and 375 px wide), as PNGs in screenshots/ (for a designer to look at).
screenshots: build
	sh scripts/screenshots.sh .build/release/runway screenshots

clean:
	rm -rf .build .build-fuzz site-template/_site docs/_site

## fuzz: libFuzzer over one target for SECONDS seconds (default 60): TARGET=markdown (default; parse + render)
## toml (TOMLSource, runway.toml and theme.toml reading), frontmatter (a content file's front matter),
## state (the build cache, output manifest and journal in .runway-cache/) or template (a set of templates
## loaded, checked and rendered within small bounds). Targets are listed in
## Fuzz/RunwayFuzz/Targets.swift, seeds in Fuzz/seeds/TARGET/; crashers land in Fuzz/crashers/ as TARGET-crash-….
SECONDS ?= 60
TARGET ?= markdown
# libFuzzer with AddressSanitizer over the Swift code and the C and C++ code (debug, so assertions
# such as toml++'s are live), linked with lld (gold fails on the sanitizer runtimes). Swift's own
# backtracer is off, so that a crash is libFuzzer's report (with it, ASan trips over its memory
# reader); leaks in dependencies are suppressed (Fuzz/leak-suppressions.txt).
FUZZ_FLAGS = -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xcc -fsanitize=fuzzer-no-link,address \
	-Xswiftc -use-ld=lld
fuzz: deps
	@test -d Fuzz/seeds/$(TARGET) || { echo "no seeds for fuzz target '$(TARGET)' (Fuzz/seeds/$(TARGET)/)"; exit 2; }
	$(SWIFT) build --scratch-path .build-fuzz --product RunwayFuzz $(FUZZ_FLAGS)
	@mkdir -p Fuzz/corpus/$(TARGET) Fuzz/crashers
	RUNWAY_FUZZ_TARGET=$(TARGET) SWIFT_BACKTRACE=enable=no LSAN_OPTIONS=suppressions=Fuzz/leak-suppressions.txt \
		.build-fuzz/debug/RunwayFuzz Fuzz/corpus/$(TARGET) Fuzz/seeds/$(TARGET) \
		-max_total_time=$(SECONDS) -max_len=4096 -timeout=60 \
		-artifact_prefix=Fuzz/crashers/$(TARGET)- -print_final_stats=1
