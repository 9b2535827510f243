#!/usr/bin/env python3
"""Responsive images, Runway beside Hugo: a site of N photographs of 12 megapixels (4000 x 3000
JPEGs), each in a page bundle of its own, with copies at widths 480, 960 and 1600 in WebP at
quality 80 (and, for Runway alone, WebP and AVIF: Hugo 0.111 writes no AVIF).

Runway: `[images] widths = [480, 960, 1600]`, its Markdown `![…](photo.jpg)`.
Hugo: a single template that calls `.Resize "Wx webp q80"` for each width on the bundle's photo.

Each build is measured cold (output and image cache removed) and warm (nothing changed), with
`/usr/bin/time -f "%e %M"`: wall seconds and peak resident memory. The photographs are made once
with the `vips` command (libvips-tools) under the work folder: a blurred noise texture, a
different window of it for each photograph, so that no two have the same bytes.

    python3 Benchmarks/image_bench.py .build/release/runway [--count 100] [--work /dev/shm/runway-image-bench]
"""
import argparse
import os
import shutil
import subprocess
import sys

WIDTHS = [480, 960, 1600]


def run(command, cwd=None):
    subprocess.run(command, cwd=cwd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def photographs(folder, count):
    """`count` distinct 4000 x 3000 JPEGs (quality 90) in `folder`, made once."""
    os.makedirs(folder, exist_ok=True)
    base = os.path.join(folder, "base.v")
    if not os.path.exists(base):
        bands = []
        for band, sigma in enumerate([2.0, 5.0, 11.0]):
            noise, blurred = os.path.join(folder, f"n{band}.v"), os.path.join(folder, f"b{band}.v")
            run(["vips", "gaussnoise", noise, "4400", "3300", "--sigma", "70", "--mean", "128"])
            run(["vips", "gaussblur", noise, blurred, str(sigma)])
            bands.append(blurred)
        joined = os.path.join(folder, "joined.v")
        run(["vips", "bandjoin", " ".join(bands), joined])
        run(["vips", "cast", joined, base, "uchar"])
    paths = []
    for index in range(count):
        path = os.path.join(folder, f"photo{index:03}.jpg")
        if not os.path.exists(path):
            x, y = (index * 37) % 400, (index * 23) % 300
            run(["vips", "crop", base, path + "[Q=90]", str(x), str(y), "4000", "3000"])
        paths.append(path)
    return paths


def site(root, photos, hugo):
    shutil.rmtree(root, ignore_errors=True)
    for index, photo in enumerate(photos):
        bundle = os.path.join(root, "content", "photos", f"p{index:03}")
        os.makedirs(bundle)
        os.link(photo, os.path.join(bundle, "photo.jpg"))
        with open(os.path.join(bundle, "index.md"), "w") as page:
            page.write(f"---\ntitle: Photograph {index}\n---\nA photograph.\n\n![Photograph {index}](photo.jpg)\n")
    if hugo:
        os.makedirs(os.path.join(root, "layouts", "_default"))
        with open(os.path.join(root, "config.toml"), "w") as config:
            config.write('baseURL = "https://example.org/"\ntitle = "Photos"\ndisableKinds = ["taxonomy", "term", "RSS", "sitemap"]\n')
        widths = " ".join(str(width) for width in WIDTHS)
        single = ('{{ with .Resources.GetMatch "photo.jpg" }}<picture><source type="image/webp" srcset="'
                  '{{ $img := . }}{{ range $i, $w := slice ' + widths + ' }}{{ if $i }}, {{ end }}'
                  '{{ if lt $w $img.Width }}{{ with $img.Resize (printf "%dx webp q80" $w) }}{{ .RelPermalink }} {{ .Width }}w{{ end }}{{ end }}{{ end }}'
                  '"><img src="{{ .RelPermalink }}" width="{{ .Width }}" height="{{ .Height }}" loading="lazy"></picture>{{ end }}\n')
        for name, text in [("single.html", single), ("list.html", "{{ range .Pages }}{{ .Title }}{{ end }}\n")]:
            with open(os.path.join(root, "layouts", "_default", name), "w") as layout:
                layout.write(text)
        with open(os.path.join(root, "layouts", "index.html"), "w") as layout:
            layout.write("{{ .Title }}\n")
    else:
        os.makedirs(os.path.join(root, "templates"))
        with open(os.path.join(root, "templates", "page.html"), "w") as template:
            template.write("{{{page.content}}}\n")


def timed(command, cwd):
    result = subprocess.run(["/usr/bin/time", "-f", "%e %M"] + command, cwd=cwd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        sys.exit(f"{' '.join(command)} failed:\n{result.stderr}")
    seconds, kilobytes = result.stderr.strip().splitlines()[-1].split()
    return float(seconds), int(kilobytes) // 1024


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("runway")
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--work", default="/dev/shm/runway-image-bench")
    parser.add_argument("--warm", type=int, default=3, help="warm builds, best of")
    parser.add_argument("--avif-count", type=int, default=10,
                        help="photographs of the WebP-and-AVIF build (AVIF takes several times WebP's time)")
    arguments = parser.parse_args()
    runway = os.path.abspath(arguments.runway)
    photos = photographs(os.path.join(arguments.work, "photographs"), arguments.count)
    rows = []
    avif = min(arguments.avif_count, arguments.count)
    for label, formats, shown in [("WebP", '["webp"]', photos), (f"WebP and AVIF, {avif} photographs", '["webp", "avif"]', photos[:avif])]:
        root = os.path.join(arguments.work, "runway")
        site(root, shown, hugo=False)
        with open(os.path.join(root, "runway.toml"), "w") as config:
            config.write(f'title = "Photos"\nbaseURL = "https://example.org/"\n\n[images]\nwidths = {WIDTHS}\nformats = {formats}\nquality = 80\n')
        cold = timed([runway, "build"], root)
        warm = min(timed([runway, "build"], root) for _ in range(arguments.warm))
        copies = sum(1 for _, _, files in os.walk(os.path.join(root, "_site")) for name in files if name.endswith((".webp", ".avif")))
        rows.append((f"Runway, {label}", cold, warm, copies))
    root = os.path.join(arguments.work, "hugo")
    site(root, photos, hugo=True)
    cold = timed(["hugo", "--quiet"], root)
    warm = min(timed(["hugo", "--quiet"], root) for _ in range(arguments.warm))
    copies = sum(1 for _, _, files in os.walk(os.path.join(root, "public")) for name in files if name.endswith(".webp"))
    rows.append(("Hugo 0.111, WebP", cold, warm, copies))
    print(f"\n{arguments.count} photographs of 12 megapixels, widths {WIDTHS}, quality 80, {os.cpu_count()} cores, in {arguments.work}\n")
    print("| build | cold | cold peak memory | warm (nothing changed) | warm peak memory | copies |")
    print("|---|---|---|---|---|---|")
    for label, (cold_s, cold_mb), (warm_s, warm_mb), copies in rows:
        print(f"| {label} | {cold_s:.1f} s | {cold_mb} MB | {warm_s:.2f} s | {warm_mb} MB | {copies} |")


if __name__ == "__main__":
    main()
