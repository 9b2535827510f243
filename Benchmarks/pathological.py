#!/usr/bin/env python3
"""`make bench`, process to process: `runway render --fragment` against the cmark-gfm command.

    python3 Benchmarks/pathological.py path/to/runway [--corpus FILE] [--cmark cmark-gfm]
                                       [--timeout 60] [--runs 5]

1. Real text: the real-text corpus concatenated in one file (.build/corpus/nodejs-doc.md, from
   Benchmarks/fetch_corpus.sh), rendered by each command; best of --runs runs, peak memory, ratio.
2. Pathological inputs, generated into a temporary folder, each run once through both commands:
   a Markdown table of time and peak memory next to the goal of issue #13.

Each command runs in a process of its own, and its peak memory is that process's ru_maxrss from
wait4 (not RUSAGE_CHILDREN, the maximum over every child so far). GNU time (/usr/bin/time, Debian's
`time`) does the waiting and reports it: a child forked from this script would start with the script's
own memory counted in its peak (about 12 MB; more than cmark-gfm needs for a small file), GNU time's
with about 1 MB. Without GNU time the script waits with os.wait4 itself and says so. A child
that runs past --timeout seconds is killed and shows as "timeout"; one killed by a signal shows as
"crash (SIGNAME)". Neither stops the script. Every child is limited to MEMORY_CAP bytes of address
space (RLIMIT_AS), so that a runaway input cannot take the shared machine's memory: a child that
reaches the cap fails and shows as a crash or an error. Runway's own crash backtracer is off
(SWIFT_BACKTRACE=enable=no): a crash ends at once instead of symbolicating for a while.
"""
import argparse
import os
import resource
import signal
import subprocess
import sys
import tempfile
import threading
import time

CMARK_EXTENSIONS = ["-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tagfilter", "-e", "tasklist"]
MEMORY_CAP = 8 << 30
HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CORPUS = os.path.join(HERE, "..", ".build", "corpus", "nodejs-doc.md")


class Outcome:
    """One child's end: wall time, peak memory, bytes written to standard output, and failure."""

    def __init__(self, seconds, max_rss_kb, output_bytes, failure):
        self.seconds, self.max_rss_kb, self.output_bytes, self.failure = seconds, max_rss_kb, output_bytes, failure

    @property
    def megabytes(self):
        return self.max_rss_kb / 1024


def run(arguments, input_path, timeout, output_path=None, environment=None):
    """Runs `arguments + [input_path]`; standard output goes to output_path, else is counted and dropped."""
    stderr = tempfile.TemporaryFile()
    report = tempfile.NamedTemporaryFile(prefix="runway-time-", delete=False)
    report.close()
    command = arguments + [input_path]
    if GNU_TIME:
        command = [GNU_TIME, "-o", report.name, "-f", "%M"] + command
    sink = open(output_path, "wb") if output_path else subprocess.PIPE
    started = time.perf_counter()
    try:
        # A session of its own, so that a timeout kills the command with GNU time. Without GNU time,
        # a plain fork (a preexec_fn rules out vfork): the child's peak then starts at this script's
        # current memory rather than at its peak.
        session = {"start_new_session": True} if GNU_TIME else {"preexec_fn": os.setsid}
        process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=sink, stderr=stderr,
                                   env=environment, **session)
    except OSError as error:
        return Outcome(0, 0, 0, f"cannot start: {error}")
    finally:
        if output_path:
            sink.close()
    counted = [0]
    reader = None
    if not output_path:
        def count():
            while True:
                chunk = process.stdout.read(1 << 20)
                if not chunk:
                    return
                counted[0] += len(chunk)
        reader = threading.Thread(target=count, daemon=True)
        reader.start()
    timed_out = threading.Event()

    def kill():
        timed_out.set()
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    timer = threading.Timer(timeout, kill)
    timer.start()
    while True:
        try:
            _, status, usage = os.wait4(process.pid, 0)
            break
        except InterruptedError:
            continue
    seconds = time.perf_counter() - started
    timer.cancel()
    process.returncode = os.waitstatus_to_exitcode(status)  # reaped here: Popen must not wait again
    if reader:
        reader.join()
        process.stdout.close()
    output_bytes = counted[0] if not output_path else os.path.getsize(output_path)
    max_rss_kb = usage.ru_maxrss
    signal_number = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
    exit_status = os.WEXITSTATUS(status) if os.WIFEXITED(status) else None
    if GNU_TIME:
        # GNU time's last line is the command's ru_maxrss (from its own wait of the command); a line
        # "Command terminated by signal N" or "Command exited with non-zero status N" may come before.
        lines = open(report.name).read().splitlines()
        max_rss_kb = int(lines[-1]) if lines and lines[-1].isdigit() else 0
        signal_number = exit_status = None
        for line in lines[:-1]:
            if line.startswith("Command terminated by signal "):
                signal_number = int(line.split()[-1])
            elif line.startswith("Command exited with non-zero status "):
                exit_status = int(line.split()[-1])
    os.remove(report.name)
    failure = None
    if timed_out.is_set():
        failure, max_rss_kb = "timeout", 0
    elif signal_number:
        failure = f"crash ({signal.Signals(signal_number).name})"
        if max_rss_kb * 1024 > 0.9 * MEMORY_CAP:
            failure += f" at the {MEMORY_CAP >> 30} GiB cap"
    elif exit_status:
        stderr.seek(0)
        last = (stderr.read().decode("utf-8", "replace").strip().splitlines() or [""])[-1][:80]
        failure = f"exit {exit_status}" + (f": {last}" if last else "")
    stderr.close()
    return Outcome(seconds, max_rss_kb, output_bytes, failure)


def size(count):
    for unit, scale in (("GB", 1e9), ("MB", 1e6), ("KB", 1e3)):
        if count >= scale:
            return f"{count / scale:.1f} {unit}"
    return f"{count} B"


def time_text(outcome):
    if outcome.failure:
        return outcome.failure
    return f"{outcome.seconds * 1000:.0f} ms" if outcome.seconds < 1 else f"{outcome.seconds:.2f} s"


def memory_text(outcome):
    return f"{outcome.megabytes:.1f} MB" if outcome.max_rss_kb else "—"


def process_to_process(runway, cmark, corpus, runs, timeout, folder):
    print(f"## Process to process, real text ({os.path.basename(corpus)}, {size(os.path.getsize(corpus))}; "
          f"best of {runs} runs each, peak memory the largest of the runs)\n")
    outcomes = {"runway": [], "cmark": []}
    for _ in range(runs):  # in turn, so that a slow moment of the machine falls on both
        outcomes["runway"].append(run(runway + ["render", "--fragment"], corpus, timeout,
                                      os.path.join(folder, "runway.html"), RUNWAY_ENVIRONMENT))
        outcomes["cmark"].append(run(cmark, corpus, timeout, os.path.join(folder, "cmark.html")))
    lines = {}
    for name, label in (("runway", "runway render --fragment"), ("cmark", "cmark-gfm " + " ".join(CMARK_EXTENSIONS))):
        failures = [outcome.failure for outcome in outcomes[name] if outcome.failure]
        if failures:
            print(f"{label}: {failures[0]}")
            lines[name] = None
            continue
        fastest = min(outcome.seconds for outcome in outcomes[name])
        peak = max(outcome.megabytes for outcome in outcomes[name])
        all_times = ", ".join(f"{outcome.seconds * 1000:.0f}" for outcome in outcomes[name])
        print(f"{label}: {fastest * 1000:.0f} ms (runs: {all_times} ms), peak memory {peak:.1f} MB")
        lines[name] = (fastest, peak)
    if lines["runway"] and lines["cmark"]:
        print(f"cmark-gfm time / runway time: {lines['cmark'][0] / lines['runway'][0]:.2f} (goal ≥ 0.50); "
              f"runway peak memory / cmark-gfm's: {lines['runway'][1] / lines['cmark'][1]:.2f}; "
              f"same HTML: {same_html(os.path.join(folder, 'runway.html'), os.path.join(folder, 'cmark.html'))}")
    print()


def same_html(mine, theirs):
    """"yes", or how many lines differ (Runway turns footnotes on; Debian's cmark-gfm command cannot)."""
    mine, theirs = open(mine, "rb").read().splitlines(), open(theirs, "rb").read().splitlines()
    if mine == theirs:
        return "yes"
    if len(mine) != len(theirs):
        return f"no ({len(mine):,} lines against {len(theirs):,})"
    differing = sum(1 for a, b in zip(mine, theirs) if a != b)
    return f"no, {differing:,} of {len(mine):,} lines differ"


def nested_list(depth):
    return "".join("  " * level + "- a\n" for level in range(depth))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("runway", help="the runway executable (.build/release/runway)")
    parser.add_argument("--corpus", default=DEFAULT_CORPUS, help="the real-text corpus in one file")
    parser.add_argument("--cmark", default="cmark-gfm", help="the cmark-gfm command")
    parser.add_argument("--timeout", type=float, default=60, help="seconds before a child is killed")
    parser.add_argument("--runs", type=int, default=5, help="runs of each command on the real text (best of)")
    options = parser.parse_args()
    runway = [os.path.abspath(options.runway)]
    cmark = [options.cmark] + CMARK_EXTENSIONS
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, resource.getrlimit(resource.RLIMIT_AS)[1]))
    corpus = options.corpus if os.path.isfile(options.corpus) else None

    with tempfile.TemporaryDirectory(prefix="runway-pathological-") as folder:
        if corpus:
            process_to_process(runway, cmark, corpus, options.runs, options.timeout, folder)
        else:
            print(f"Process to process, real text: no corpus at {options.corpus}; get it with "
                  "`sh Benchmarks/fetch_corpus.sh` (make bench runs it) or name one with --corpus FILE\n")

        # (name, file name, text or None, command kind, goal, verdict(runway, cmark) or None)
        inputs = []
        for n in (1_000, 4_000, 65_000):
            text = "*a **a " * n + "b" + " a** a*" * n
            goal = verdict = None
            if n == 65_000:
                goal = "< 1 s, < 256 MB"
                verdict = lambda r, c: not r.failure and r.seconds < 1 and r.megabytes < 256
            inputs.append((f"`*a **a ` × {n:,} + `b` + ` a** a*` × {n:,}", f"emphasis-{n}.md", text, "render", goal, verdict))
        inputs.append(("3,000-deep nested list", "list-3000.md", nested_list(3000), "render", "< 0.3 s, < 128 MB",
                       lambda r, c: not r.failure and r.seconds < 0.3 and r.megabytes < 128))
        inputs.append(("5,000 nested block quotes", "quotes-5000.md", ">" * 5000 + " a\n", "render", "no crash",
                       lambda r, c: not r.failure))
        if corpus:
            real = open(corpus, "rb").read()
            copies = -(-50_000_000 // len(real))
            inputs.append((f"real text × {copies} (~50 MB)", "large.md", (real, copies), "render",
                           "Runway's peak memory ≤ 1.5 × cmark-gfm's",
                           lambda r, c: not r.failure and not c.failure and r.megabytes <= 1.5 * c.megabytes))
        else:
            inputs.append(("real text repeated to ~50 MB", None, None, "render", "Runway's peak memory ≤ 1.5 × cmark-gfm's", None))
        inputs.append(("`runway runs --json`, 2,000-level nested list", "list-2000.md", nested_list(2000), "runs",
                       "peak memory far below the output's size (streaming)", None))

        print(f"## Pathological inputs (one run each; timeout {options.timeout:.0f} s)\n")
        print("| input | size | Runway time | Runway peak memory | cmark-gfm time | cmark-gfm peak memory | goal | met |")
        print("|---|---|---|---|---|---|---|---|")
        for name, file_name, text, kind, goal, verdict in inputs:
            if file_name is None:
                print(f"| {name} | — | no corpus | — | — | — | {goal} | — |")
                continue
            path = os.path.join(folder, file_name)
            with open(path, "wb") as file:
                if isinstance(text, tuple):
                    for _ in range(text[1]):
                        file.write(text[0])
                else:
                    file.write(text.encode())
            input_size = size(os.path.getsize(path))
            if kind == "runs":
                mine = run(runway + ["runs", "--json"], path, options.timeout, environment=RUNWAY_ENVIRONMENT)
                output = "—" if mine.failure else size(mine.output_bytes)
                met = "—"
                if not mine.failure and mine.output_bytes:
                    met = f"peak = {mine.max_rss_kb * 1024 / mine.output_bytes:.2f} × output ({output})"
                print(f"| {name} | {input_size} | {time_text(mine)} | {memory_text(mine)} | — (no such command) | — | "
                      f"{goal} | {met} |")
            else:
                mine = run(runway + ["render", "--fragment"], path, options.timeout, environment=RUNWAY_ENVIRONMENT)
                theirs = run(cmark, path, options.timeout)
                met = "—" if verdict is None else ("yes" if verdict(mine, theirs) else "no")
                print(f"| {name} | {input_size} | {time_text(mine)} | {memory_text(mine)} | {time_text(theirs)} | "
                      f"{memory_text(theirs)} | {goal or '—'} | {met} |")
            sys.stdout.flush()
            os.remove(path)
        waiter = ("GNU time's wait4" if GNU_TIME else
                  "os.wait4 here, counting this script's own ~12 MB: install Debian's `time` for less")
        print(f"\nPeak memory: each command's own max RSS ({waiter}). Every child is limited to "
              f"{MEMORY_CAP >> 30} GiB of address space; one that reaches it shows as a crash or an error.")


RUNWAY_ENVIRONMENT = dict(os.environ, SWIFT_BACKTRACE="enable=no")
GNU_TIME = "/usr/bin/time" if os.access("/usr/bin/time", os.X_OK) else None

if __name__ == "__main__":
    main()
