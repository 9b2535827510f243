#!/usr/bin/env python3
"""`make bench-serve`: runway serve under load and its save-to-reload latency.

On the site `RunwayBenchmarks generate` wrote (10,000 pages by default):
- wrk, 10 s at 64 connections on one page: requests/s, p99 latency and errors, for `runway serve`
  and, when Hugo is installed, for `hugo server` on the same page of the same content;
- the time from saving a page's Markdown to the `reload` event on /_runway/events, ten times.
"""
import http.client
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import time

RUNWAY, SITE, HUGO_SITE = sys.argv[1], sys.argv[2], sys.argv[3]
PAGE = "/posts/page-1/"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start(arguments, ready, timeout=600):
    """Starts a server and waits for a line containing `ready` in its output."""
    process = subprocess.Popen(arguments, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline = time.time() + timeout
    lines = []
    while time.time() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        lines.append(line)
        if ready in line:
            return process, lines
    process.kill()
    sys.exit("server did not start:\n" + "".join(lines))


def stop(process):
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        print("  (did not stop within 10 s of SIGINT)")


def wrk(url):
    result = subprocess.run(["wrk", "-t2", "-c64", "-d10s", "--latency", url], capture_output=True, text=True, check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", result).group(1))
    p99 = re.search(r"\s99%\s+([\d.]+\w+)", result).group(1)
    errors = re.search(r"Socket errors: (.*)", result)
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", result)
    problems = (errors.group(1) if errors else "none") + (f"; non-2xx {non2xx.group(1)}" if non2xx else "")
    return rate, p99, problems


def reload_latency(port, samples=10):
    """Appends a sentence to a page and times the reload event, `samples` times."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", "/_runway/events")
    events = connection.getresponse().fp
    events.readline()  # retry: 500
    events.readline()
    times = []
    for sample in range(samples):
        page = os.path.join(SITE, "content", "posts", f"page-{5000 + sample}.md")
        with open(page, "a") as file:
            file.write(f"\nA sentence added by the benchmark, number {sample}.\n")
        start_time = time.perf_counter()
        while True:
            line = events.readline().decode()
            if line.startswith("event: reload"):
                break
            if line.startswith("event: failure"):
                sys.exit("the build failed: " + events.readline().decode())
        times.append((time.perf_counter() - start_time) * 1000)
        time.sleep(0.5)
    connection.close()
    return times


port = free_port()
runway, startup = start([RUNWAY, "serve", SITE, "--port", str(port)], "Serving ")
print("runway serve: " + "".join(startup).strip().replace("\n", "; "))
rate, p99, problems = wrk(f"http://127.0.0.1:{port}{PAGE}")
print(f"runway serve, wrk 10 s, 64 connections, {PAGE}: {rate:,.0f} requests/s, p99 {p99}, errors: {problems}")
times = reload_latency(port)
print(f"save → reload event, {len(times)} saves: median {statistics.median(times):.0f} ms, "
      f"min {min(times):.0f} ms, max {max(times):.0f} ms (goal < 50 ms)")
stop(runway)

if os.path.exists("/usr/bin/hugo"):
    port = free_port()
    hugo, _ = start(["hugo", "server", "--source", HUGO_SITE, "--port", str(port), "--bind", "127.0.0.1"], "Web Server is available")
    rate, p99, problems = wrk(f"http://127.0.0.1:{port}{PAGE}")
    print(f"hugo server, wrk 10 s, 64 connections, {PAGE}: {rate:,.0f} requests/s, p99 {p99}, errors: {problems}")
    stop(hugo)
else:
    print("hugo: not installed (apt-get install hugo) — no comparison")
