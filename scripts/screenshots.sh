#!/bin/sh
# make screenshots: the preview of every built-in theme, in light and dark, photographed by
# headless Chromium into screenshots/ (THEME-light.png, THEME-dark.png, and the previews themselves).
set -eu
RUNWAY=${1:-.build/release/runway}
OUT=${2:-screenshots}
mkdir -p "$OUT"
for theme in default menlo times important plain; do
	rm -rf "$OUT/preview-$theme"
	"$RUNWAY" theme preview "$theme" --output "$OUT/preview-$theme" >/dev/null
	port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
	python3 -m http.server "$port" --bind 127.0.0.1 --directory "$OUT/preview-$theme" >/dev/null 2>&1 &
	server=$!
	sleep 1
	for scheme in light dark; do
		path=$([ "$scheme" = light ] && echo "" || echo "dark/")
		chromium --headless=new --no-sandbox --disable-gpu --hide-scrollbars --window-size=1200,2400 \
			--screenshot="$OUT/$theme-$scheme.png" "http://127.0.0.1:$port/$path" >/dev/null 2>&1
		echo "$OUT/$theme-$scheme.png"
	done
	kill "$server"
done

# The site template as the default theme shows it: home, a post, a list, a tag page and a post with
# highlighted code and callouts, in light
# and dark (Chromium's dark mode is the reader's preferred scheme), wide and 375 px wide.
site=$(mktemp -d)
cp -R site-template/. "$site"
rm -rf "$site/_site" "$site/.runway-cache"
"$RUNWAY" build "$site" >/dev/null
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$site/_site" >/dev/null 2>&1 &
server=$!
sleep 1
for page in home: post:guide/writing/ list:guide/ tag:tags/gfm/ code:posts/gfm/; do
	name=${page%%:*}
	path=${page#*:}
	for scheme in light dark; do
		dark=$([ "$scheme" = dark ] && echo "--force-dark-mode" || echo "")
		for width in 1200 375; do
			chromium --headless=new --no-sandbox --disable-gpu --hide-scrollbars $dark --window-size=$width,1600 \
				--screenshot="$OUT/site-$name-$scheme-$width.png" "http://127.0.0.1:$port/$path" >/dev/null 2>&1
			echo "$OUT/site-$name-$scheme-$width.png"
		done
	done
done
kill "$server"
rm -rf "$site"

# The default theme's search box, related pages and social tags (scripts/search-screenshots.py):
# the site template with search on and two more posts that share its GFM post's tags.
site=$(mktemp -d)
cp -R site-template/. "$site"
rm -rf "$site/_site" "$site/.runway-cache"
printf '\n[search]\nenabled = true\n' >> "$site/runway.toml"
printf -- '---\ntitle: Tables in Markdown\ndate: 2026-11-05\ntags: [markdown, gfm]\nimage: /posts/a-walk/trail.png\nsummary: How GFM tables align their columns.\n---\n# Tables in Markdown\n\nA table row is a line of cells between pipes; the delimiter row sets each column alignment.\n' > "$site/content/posts/tables.md"
printf -- '---\ntitle: Writing in Markdown\ndate: 2026-11-06\ntags: [markdown]\n---\n# Writing in Markdown\n\nParagraphs, emphasis and tables: the basics of writing a page.\n' > "$site/content/posts/writing.md"
"$RUNWAY" build "$site" >/dev/null
python3 scripts/search-screenshots.py "$site/_site" "$OUT"
rm -rf "$site"
