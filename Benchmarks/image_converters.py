#!/usr/bin/env python3
"""Which tool makes Runway's responsive images at build time: speed, memory, bytes and fidelity.

For every source photograph, each tool makes the variants a site serves: widths 480, 960 and 1600
(a width not below the source's is skipped, never upscaled), in WebP and AVIF, quality 80, with
metadata stripped. One process per variant, run one after another (the tools taking turns variant
by variant), the way a build shells out:

- libvips:     vips thumbnail in.jpg out.webp[Q=80,strip] 480 --height 10000000 --size down
               (without --height a portrait is fitted into 480x480, not made 480 wide)
               (AVIF: out.avif[Q=80,strip,compression=av1]; libheif + aom, vips' default
               effort 4, i.e. aom speed 5)
- vips-effort3 (AVIF only): the same with effort=3, i.e. aom speed 6, libheif's own default
               and so what ImageMagick gets (its 6.9.11 coder ignores -define heic:speed)
- ImageMagick: convert in.jpg -auto-orient -strip -resize 480x> -quality 80 out.webp
               (`magick` when it exists; AVIF through its libheif coder with libheif's defaults)
- Pillow:      python3 -c '<Image.thumbnail(LANCZOS) + save(quality=80)>' in.jpg out.webp 480
               (AVIF only when a plugin, pillow_avif or pillow_heif, is importable; Debian
               bookworm's python3-pil 9.4 has none, so the AVIF row then says "unsupported")
- imagemagick-hint (only when named in --tools): as ImageMagick plus `-define jpeg:size=2Wx2H`, the
               shrink-on-load hint that vips and Pillow use by themselves.

Measured per tool and format: wall time, CPU time (the children's user+sys from os.wait4),
peak RSS (largest ru_maxrss of any child), output bytes, and fidelity: the PSNR (dB, over the
RGB channels) of each variant, decoded by vips, against a reference made from the full-size
decoded original with `vips resize --kernel lanczos3` to the same width, saved as lossless PNG.
The "resize PSNR" column is each tool's own resize written losslessly (PNG) against that same
reference: it shows how much of a row's PSNR comes from the resampler, not the encoder (vips'
resampler is the reference's, so expect it highest there). The PSNR work is not timed.

Test photographs: by default 6 photo-like 4000x3000 JPEGs (quality 90) made with the vips CLI in
a temporary folder (colour fields, soft-edged shapes, light gradients, grain and mid-frequency
texture, so the encoders have real work); or every *.jpg/*.jpeg in --images DIR.

    /usr/bin/python3 Benchmarks/image_converters.py [--images DIR] [--count N]
        [--repeat N] [--tools vips,vips-effort3,imagemagick,pillow,imagemagick-hint]
        [--quality 80]
        [--avif-quality 80] [--keep DIR] [--json FILE]

Needs Debian's libvips-tools, imagemagick and python3-pil (`apt-get install libvips-tools
imagemagick python3-pil`); a missing tool is reported and skipped. Python stdlib only: every
tool, Pillow included, runs as a child process. Tables are printed as Markdown on stdout.
"""
import argparse
import json
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

WIDTHS = (480, 960, 1600)
FORMATS = ("webp", "avif")
DEFAULT_TOOLS = ("vips", "vips-effort3", "imagemagick", "pillow")
ALL_TOOLS = DEFAULT_TOOLS + ("imagemagick-hint",)
TOOL_FORMATS = {"vips-effort3": ("avif",)}

PILLOW_SNIPPET = r"""
import sys
from PIL import Image, ImageOps
try:
    import pillow_avif  # noqa: F401  (registers AVIF)
except ImportError:
    try:
        import pillow_heif
        pillow_heif.register_avif_opener()
    except Exception:
        pass
src, out, width, quality, fmt = sys.argv[1:6]
width, quality = int(width), int(quality)
im = Image.open(src)
rotated = im.getexif().get(0x0112, 1) in (5, 6, 7, 8)
im.thumbnail((10 ** 6, width) if rotated else (width, 10 ** 6), Image.LANCZOS)
im = ImageOps.exif_transpose(im)
if im.mode not in ("RGB", "L"):
    im = im.convert("RGB")
im.info = {}
if fmt == "webp":
    im.save(out, "WEBP", quality=quality, method=4)
elif fmt == "avif":
    im.save(out, "AVIF", quality=quality)
else:
    im.save(out, "PNG", compress_level=1)
"""

PILLOW_PROBE = r"""
import json, PIL
from PIL import Image, features
avif = None
try:
    import pillow_avif
    avif = "pillow_avif " + getattr(pillow_avif, "__version__", "?")
except ImportError:
    try:
        import pillow_heif
        pillow_heif.register_avif_opener()
        avif = "pillow_heif " + pillow_heif.__version__
    except Exception:
        pass
Image.init()
print(json.dumps({"version": PIL.__version__, "webp": features.check("webp"),
                  "libwebp": features.version("webp"), "avif": avif,
                  "avif_save": "AVIF" in Image.SAVE}))
"""


def log(*args):
    print(*args, file=sys.stderr, flush=True)


def run(cmd, **kw):
    """Run a helper command (generation, reference, PSNR): not measured."""
    return subprocess.run([str(c) for c in cmd], check=True, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, **kw).stdout


def measured(cmd):
    """Run one child; return (ok, wall s, cpu s, maxrss KiB, stderr)."""
    t0 = time.perf_counter()
    proc = subprocess.Popen([str(c) for c in cmd], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    err = proc.stderr.read()
    _, status, ru = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    proc.stderr.close()
    return (proc.returncode == 0, wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss,
            err.decode(errors="replace").strip())


# ---------------------------------------------------------------- test photographs

def make_photo(path, width, height, seed, work):
    """A photo-like JPEG from the vips CLI: no two seeds alike."""
    r = random.Random(seed)
    f = lambda name: os.path.join(work, name + ".v")
    # a leading space keeps a negative number from being read as an option
    vips = lambda *a: run(["vips", *(f" {x}" if isinstance(x, (int, float)) and x < 0 else x
                                     for x in a)])

    def colour_field(name, gw, gh, light, chroma, s):
        """A smooth field: a base colour, strong light variation, weak colour variation."""
        base = [r.uniform(60, 190) for _ in range(3)]
        vips("gaussnoise", f(name + "L"), gw, gh, "--sigma", light, "--mean", 0, "--seed", s)
        bands = []
        for b in range(3):
            vips("gaussnoise", f(f"{name}{b}"), gw, gh, "--sigma", chroma,
                 "--mean", base[b], "--seed", s * 10 + b)
            bands.append(f(f"{name}{b}"))
        vips("bandjoin", " ".join(bands), f(name + "C"))
        vips("add", f(name + "C"), f(name + "L"), f(name + "s"))
        vips("resize", f(name + "s"), f(name), width / gw, "--vscale", height / gh,
             "--kernel", "cubic")
        for b in bands + [f(name + "s"), f(name + "C"), f(name + "L")]:
            os.remove(b)
        return f(name)

    # a background and a foreground of smooth colour, split by a soft-edged shape
    g1 = r.choice([(8, 6), (12, 9), (16, 12)])
    g2 = r.choice([(20, 15), (32, 24)])
    back = colour_field("back", *g1, 35, 10, seed * 7 + 1)
    fore = colour_field("fore", *g2, 45, 14, seed * 7 + 2)
    vips("gaussnoise", f("m0"), g1[0], g1[1], "--sigma", 40, "--mean", 128,
         "--seed", seed * 7 + 3)
    vips("resize", f("m0"), f("m1"), width / g1[0], "--vscale", height / g1[1],
         "--kernel", "cubic")
    vips("relational_const", f("m1"), f("m2"), "more", r.uniform(115, 140))
    vips("gaussblur", f("m2"), f("mask"), r.uniform(0.8, 3.0))
    vips("ifthenelse", f("mask"), fore, back, f("mix"), "--blend")
    # light: a vertical and horizontal gradient, tinted
    vips("xyz", f("xy"), width, height)
    vips("extract_band", f("xy"), f("y"), 1)
    vips("extract_band", f("xy"), f("x"), 0)
    a = r.uniform(40, 90)
    vips("linear", f("y"), f("gy"), f"{a / height} {0.8 * a / height} {0.6 * a / height}",
         f" {-a / 2} {-0.4 * a} {-0.3 * a}")
    vips("linear", f("x"), f("gx"), r.uniform(-30, 30) / width, 0)
    # texture: fine grain everywhere, coarser structure where the shape is (sand, foliage)
    vips("gaussnoise", f("n1"), width, height, "--sigma", r.uniform(10, 22), "--mean", 0,
         "--seed", seed * 7 + 4)
    vips("gaussblur", f("n1"), f("grain"), r.uniform(0.6, 1.0))
    vips("gaussnoise", f("n2"), width, height, "--sigma", r.uniform(60, 110), "--mean", 0,
         "--seed", seed * 7 + 5)
    vips("gaussblur", f("n2"), f("n3"), r.uniform(2.0, 4.0))
    vips("linear", f("mask"), f("mod"), 1.0 / 255, 0.1)
    vips("multiply", f("n3"), f("mod"), f("tex"))
    vips("add", f("mix"), f("gy"), f("s1"))
    vips("add", f("s1"), f("gx"), f("s2"))
    vips("add", f("s2"), f("grain"), f("s3"))
    vips("add", f("s3"), f("tex"), f("s4"))
    vips("cast", f("s4"), f("u"), "uchar")
    vips("copy", f("u"), f("srgb"), "--interpretation", "srgb")
    vips("jpegsave", f("srgb"), path, "--Q", 90)
    for name in os.listdir(work):
        if name.endswith(".v"):
            os.remove(os.path.join(work, name))


def source_images(args, tmp):
    if args.images:
        names = sorted(n for n in os.listdir(args.images)
                       if n.lower().endswith((".jpg", ".jpeg")))
        paths = [os.path.join(args.images, n) for n in names]
        if args.count:
            paths = paths[:args.count]
        if not paths:
            sys.exit(f"no .jpg/.jpeg in {args.images}")
        return paths, f"{len(paths)} JPEG(s) from {args.images}"
    count = args.count or 6
    gen = os.path.join(tmp, "photos")
    os.makedirs(gen)
    work = os.path.join(tmp, "gen-work")
    os.makedirs(work)
    paths = []
    for i in range(count):
        p = os.path.join(gen, f"photo{i + 1}.jpg")
        log(f"generating {p}")
        make_photo(p, 4000, 3000, 1000 + i, work)
        paths.append(p)
    return paths, f"{count} generated 4000x3000 JPEG(s), Q=90"


def display_size(path):
    w = int(run(["vipsheader", "-f", "width", path]))
    h = int(run(["vipsheader", "-f", "height", path]))
    try:
        if int(run(["vipsheader", "-f", "orientation", path])) in (5, 6, 7, 8):
            w, h = h, w
    except (subprocess.CalledProcessError, ValueError):
        pass
    return w, h


# ---------------------------------------------------------------- tools

def find_magick():
    if shutil.which("magick"):
        return shutil.which("magick")
    if os.path.exists("/usr/bin/convert"):   # /usr/local/bin/convert may be a stand-in
        return "/usr/bin/convert"
    return shutil.which("convert")


def pillow_python():
    for py in (sys.executable, "/usr/bin/python3"):
        try:
            info = json.loads(run([py, "-c", PILLOW_PROBE]))
            return py, info
        except (subprocess.CalledProcessError, FileNotFoundError, ValueError):
            continue
    return None, None


def probe_tools(wanted):
    tools, versions, notes = {}, {}, []
    for t in wanted:
        if t in ("vips", "vips-effort3"):
            if shutil.which("vips"):
                tools[t] = "vips"
                versions[t] = run(["vips", "--version"]).strip()
            else:
                notes.append("vips: not found (apt-get install libvips-tools)")
        elif t in ("imagemagick", "imagemagick-hint"):
            im = find_magick()
            if im:
                tools[t] = im
                out = run([im, "-version"]).splitlines()
                fmts = run([im, "-list", "format"])
                avif = [l.strip() for l in fmts.splitlines() if l.strip().upper().startswith("AVIF")]
                versions[t] = out[0].replace("Version: ", "") + (
                    f"; AVIF coder: {avif[0]}" if avif else "; no AVIF coder")
            else:
                notes.append(f"{t}: not found (apt-get install imagemagick)")
        elif t == "pillow":
            py, info = pillow_python()
            if py:
                tools[t] = py
                versions[t] = (f"Pillow {info['version']} ({py}); libwebp {info['libwebp']}; "
                               f"AVIF: {info['avif'] or 'none'}")
                if not (info["avif"] and info["avif_save"]):
                    notes.append(f"pillow: AVIF unsupported (Pillow {info['version']} has no "
                                 "AVIF codec and no pillow_avif/pillow_heif plugin)")
            else:
                notes.append("pillow: not importable (apt-get install python3-pil)")
    if "vips" not in tools and not shutil.which("vips"):
        sys.exit("the vips CLI is needed for test images, references and PSNR")
    return tools, versions, notes


def command(tool, exe, src, out, width, fmt, q, size):
    if tool in ("vips", "vips-effort3"):
        opts = f"Q={q},strip" + (",compression=av1" if fmt == "avif" else "")
        if tool == "vips-effort3" and fmt == "avif":
            opts += ",effort=3"
        if fmt == "png":
            opts = "compression=1,strip"
        # the height is a bound too (it defaults to the width): make it no bound at all
        return ["vips", "thumbnail", src, f"{out}[{opts}]", width, "--height", 10000000,
                "--size", "down"]
    if tool in ("imagemagick", "imagemagick-hint"):
        pre = []
        if tool == "imagemagick-hint":
            h = math.ceil(size[1] * width / size[0])
            pre = ["-define", f"jpeg:size={2 * width}x{2 * h}"]
        return [exe, *pre, src, "-auto-orient", "-strip", "-resize", f"{width}x>",
                "-quality", q, out]
    if tool == "pillow":
        return [exe, "-c", PILLOW_SNIPPET, src, out, width, q, fmt]
    raise ValueError(tool)


# ---------------------------------------------------------------- fidelity

def psnr(ref, test, work):
    """PSNR in dB over all channels, both read by vips; sizes differing by rounding are cropped."""
    v = lambda n: os.path.join(work, n + ".v")
    rw, rh = int(run(["vipsheader", "-f", "width", ref])), int(run(["vipsheader", "-f", "height", ref]))
    tw, th = int(run(["vipsheader", "-f", "width", test])), int(run(["vipsheader", "-f", "height", test]))
    tb = int(run(["vipsheader", "-f", "bands", test]))
    w, h = min(rw, tw), min(rh, th)
    if abs(rw - tw) > 2 or abs(rh - th) > 2:
        raise ValueError(f"{test}: {tw}x{th}, reference {rw}x{rh}")
    a, b = ref, test
    if (rw, rh) != (w, h):
        run(["vips", "crop", ref, v("a"), 0, 0, w, h])
        a = v("a")
    if (tw, th) != (w, h) or tb in (2, 4):
        run(["vips", "crop", test, v("b0"), 0, 0, w, h])
        b = v("b0")
        if tb in (2, 4):
            run(["vips", "extract_band", b, v("b"), 0, "--n", tb - 1])
            b = v("b")
    run(["vips", "subtract", a, b, v("d")])
    run(["vips", "multiply", v("d"), v("d"), v("sq")])
    mse = float(run(["vips", "avg", v("sq")]))
    for n in ("a", "b0", "b", "d", "sq"):
        if os.path.exists(v(n)):
            os.remove(v(n))
    return 99.0 if mse == 0 else 10 * math.log10(255.0 ** 2 / mse)


def mean_psnr(recs):
    vals = [r["psnr"] for r in recs if r["psnr"] is not None]
    bad = len(recs) - len(vals)
    return (f"{sum(vals) / len(vals):.2f}" if vals else "-") + (f" ({bad} wrong size)" if bad else "")


def reference(src, width, size, out):
    if not os.path.exists(out):
        run(["vips", "autorot", src, out + ".v"])
        run(["vips", "resize", out + ".v", out + "[compression=1]", width / size[0],
             "--kernel", "lanczos3"])
        os.remove(out + ".v")
    return out


# ---------------------------------------------------------------- main

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--images", help="folder of JPEG photographs (default: generate)")
    ap.add_argument("--count", type=int, default=0,
                    help="photographs to generate (default 6), or to take from --images")
    ap.add_argument("--repeat", type=int, default=1,
                    help="measured passes; each variant keeps its fastest pass")
    ap.add_argument("--tools", default=",".join(DEFAULT_TOOLS),
                    help=f"comma list from {','.join(ALL_TOOLS)}")
    ap.add_argument("--quality", type=int, default=80, help="WebP quality")
    ap.add_argument("--avif-quality", type=int, default=80, help="AVIF quality (libheif scale)")
    ap.add_argument("--no-resize-psnr", action="store_true", help="skip the lossless resize check")
    ap.add_argument("--keep", help="write the variants under this folder and keep them")
    ap.add_argument("--json", help="also write raw results to this file")
    args = ap.parse_args()
    wanted = [t.strip() for t in args.tools.split(",") if t.strip()]
    for t in wanted:
        if t not in ALL_TOOLS:
            sys.exit(f"unknown tool {t}")

    tools, versions, notes = probe_tools(wanted)
    load_before = os.getloadavg()
    tmp = tempfile.mkdtemp(prefix="runway-imgbench-")
    try:
        srcs, described = source_images(args, tmp)
        outroot = args.keep or os.path.join(tmp, "out")
        refdir = os.path.join(tmp, "ref")
        work = os.path.join(tmp, "psnr")
        for d in (outroot, refdir, work):
            os.makedirs(d, exist_ok=True)
        sizes = {s: display_size(s) for s in srcs}
        jobs = [(s, w) for s in srcs for w in WIDTHS if w < sizes[s][0]]
        if not jobs:
            sys.exit("no source is wider than 480 px")
        for s in srcs:                      # warm the page cache
            with open(s, "rb") as fh:
                fh.read()

        # (tool, fmt) -> list of per-variant records
        # warm-up (libraries into the page cache) and a check that each tool/format works
        failed = {}
        combos = []
        for tool, exe in tools.items():
            for fmt in TOOL_FORMATS.get(tool, FORMATS):
                if tool == "pillow" and fmt == "avif" and any(
                        n.startswith("pillow: AVIF") for n in notes):
                    failed[(tool, fmt)] = "unsupported"
                    continue
                q = args.avif_quality if fmt == "avif" else args.quality
                d = os.path.join(outroot, tool)
                os.makedirs(d, exist_ok=True)
                s0 = jobs[0][0]
                ok, *_, err = measured(command(tool, exe, s0, os.path.join(d, "warm." + fmt),
                                               480, fmt, q, sizes[s0]))
                if ok:
                    combos.append((tool, exe, fmt, q, d))
                else:
                    failed[(tool, fmt)] = (err.splitlines() or ["failed"])[-1]
                    log(f"{tool} {fmt}: FAILED: {err[-300:]}")

        # measured passes; tools interleaved variant by variant, so that a burst of other
        # work on the machine falls on all of them alike; each variant keeps its best pass
        best = {}
        for rep in range(max(1, args.repeat)):
            for s, w in jobs:
                stem = os.path.splitext(os.path.basename(s))[0]
                for tool, exe, fmt, q, d in combos:
                    if (tool, fmt) in failed:
                        continue
                    out = os.path.join(d, f"{stem}-{w}.{fmt}")
                    if os.path.exists(out):
                        os.remove(out)
                    ok, wall, cpu, rss, err = measured(
                        command(tool, exe, s, out, w, fmt, q, sizes[s]))
                    if not ok or not os.path.exists(out):
                        failed[(tool, fmt)] = (err.splitlines() or ["failed"])[-1]
                        log(f"{tool} {fmt} {s} {w}: FAILED: {err[-300:]}")
                        continue
                    key = (tool, fmt, s, w)
                    b = best.get(key)
                    best[key] = (wall, cpu, rss) if b is None else (
                        min(b[0], wall), min(b[1], cpu), max(b[2], rss))
                    log(f"pass {rep + 1} {tool:16} {fmt} {stem} {w:5}: {wall:6.2f}s wall "
                        f"{cpu:6.2f}s cpu {rss / 1024:6.0f} MiB {os.path.getsize(out):8} B")
        res = {}
        for tool, exe, fmt, q, d in combos:
            if (tool, fmt) in failed:
                continue
            res[(tool, fmt)] = [
                {"src": s, "width": w, "out": out, "wall": b[0], "cpu": b[1], "rss_kib": b[2],
                 "bytes": os.path.getsize(out)}
                for s, w in jobs
                for b, out in [(best[(tool, fmt, s, w)], os.path.join(
                    d, f"{os.path.splitext(os.path.basename(s))[0]}-{w}.{fmt}"))]]

        # fidelity (not timed)
        log("computing PSNR")
        for (tool, fmt), recs in res.items():
            for r in recs:
                ref = reference(r["src"], r["width"], sizes[r["src"]], os.path.join(
                    refdir, f"{os.path.basename(r['src'])}-{r['width']}.png"))
                try:
                    r["psnr"] = psnr(ref, r["out"], work)
                except ValueError as e:     # a variant of the wrong size
                    r["psnr"] = None
                    notes.append(f"{tool} {fmt}: {e}")
        resize_psnr = {}
        if not args.no_resize_psnr:
            for tool, exe in tools.items():
                if tool == "vips-effort3":      # same resize as "vips"
                    continue
                vals = []
                d = os.path.join(outroot, tool)
                for s, w in jobs:
                    out = os.path.join(d, f"{os.path.splitext(os.path.basename(s))[0]}-{w}.png")
                    ok, *_, err = measured(command(tool, exe, s, out, w, "png", 0, sizes[s]))
                    if ok:
                        ref = reference(s, w, sizes[s], os.path.join(
                            refdir, f"{os.path.basename(s)}-{w}.png"))
                        try:
                            vals.append(psnr(ref, out, work))
                        except ValueError as e:
                            notes.append(f"{tool} png: {e}")
                if vals:
                    resize_psnr[tool] = sum(vals) / len(vals)

        # report
        print(f"\n### Responsive-image converters: {described}")
        print(f"\nVariants per tool and format: {len(jobs)} (widths "
              f"{', '.join(map(str, WIDTHS))} below each source's width), WebP Q={args.quality}, "
              f"AVIF Q={args.avif_quality}, metadata stripped, one process per variant, "
              f"sequential, best of {max(1, args.repeat)}; {os.cpu_count()} CPUs; load average "
              f"{load_before[0]:.2f} before, {os.getloadavg()[0]:.2f} after (other work on the "
              f"machine inflates wall time most).\n")
        print("| tool | format | variants | wall s | CPU s | peak RSS MiB | output KiB "
              "| mean PSNR dB | resize PSNR dB |")
        print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
        for tool in tools:
            for fmt in TOOL_FORMATS.get(tool, FORMATS):
                rp = resize_psnr.get(tool)
                rp = f"{rp:.2f}" if rp is not None else "-"
                recs = res.get((tool, fmt))
                if not recs:
                    print(f"| {tool} | {fmt} | 0 | {failed.get((tool, fmt), 'failed')} "
                          "| | | | | |")
                    continue
                print(f"| {tool} | {fmt} | {len(recs)} | {sum(r['wall'] for r in recs):.2f} "
                      f"| {sum(r['cpu'] for r in recs):.2f} "
                      f"| {max(r['rss_kib'] for r in recs) / 1024:.0f} "
                      f"| {sum(r['bytes'] for r in recs) / 1024:.0f} "
                      f"| {mean_psnr(recs)} | {rp} |")
        print("\nVersions:")
        for tool, v in versions.items():
            print(f"- {tool}: {v}")
        try:
            pk = run(["dpkg-query", "-W", "-f", "${Package} ${Version}\\n", "libheif1", "libaom3",
                      "libwebp7", "libjpeg62-turbo"])
            print("- libraries: " + "; ".join(pk.split("\n")).strip("; "))
        except (subprocess.CalledProcessError, FileNotFoundError):
            pass
        if notes or failed:
            print("\nNotes:")
            for n in notes:
                print(f"- {n}")
            for (tool, fmt), why in failed.items():
                if why != "unsupported":
                    print(f"- {tool} {fmt} failed: {why}")
        if args.json:
            with open(args.json, "w") as fh:
                json.dump({"images": described, "versions": versions, "notes": notes,
                           "failed": {f"{t}/{f}": w for (t, f), w in failed.items()},
                           "resize_psnr": resize_psnr,
                           "results": {f"{t}/{f}": r for (t, f), r in res.items()}},
                          fh, indent=1)
    finally:
        if args.keep:
            log(f"variants kept under {args.keep}")
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
