#!/usr/bin/env python3
"""Which converter writes Runway's math (issue 42, point 2): fidelity and speed, measured.

Candidates, each as a build would use it (one long-lived worker, a formula per request):

- KaTeX, Debian's `katex` (node, /usr/share/nodejs/katex), `renderToString(tex, {output: "mathml"})`;
- latex2mathml, from PyPI (`python3 -m pip install latex2mathml`), `converter.convert(tex)`.

Fidelity: each formula of the set below (written for this test, in the shapes papers and course
notes use) is converted; a formula counts as right when the converter accepts it and its MathML
holds every element the formula needs (in display, a sum's limits above and below: `munderover`) (`mfrac` for a fraction, `mtable` for a matrix or aligned
equations, `mover` for an accent, …). A formula that must be refused (unbalanced braces, an
unknown command) counts as right when it is refused. Speed: the formulas sent one by one through
the worker's pipe, a thousand rounds of the set, processor time included.

    python3 Benchmarks/math_converters.py [--rounds N]
"""
import argparse
import json
import os
import subprocess
import sys
import time

# (LaTeX, display?, the MathML elements its rendering must hold; None: it must be refused)
FORMULAS = [
    (r"x^2 + y^2 = z^2", False, ["msup", "mo"]),
    (r"\frac{a+b}{c-d}", False, ["mfrac"]),
    (r"\dfrac{1}{1+\frac{1}{x}}", True, ["mfrac"]),
    (r"\sqrt{x^2+1}", False, ["msqrt"]),
    (r"\sqrt[3]{8} = 2", False, ["mroot"]),
    (r"\int_0^1 x\,dx = \frac{1}{2}", True, ["msubsup", "mfrac", "mspace|mtext"]),
    (r"\sum_{k=1}^{n} k = \frac{n(n+1)}{2}", True, ["munderover", "mfrac"]),
    (r"\prod_{p \text{ prime}} \frac{1}{1-p^{-s}}", True, ["munder", "mtext", "mfrac"]),
    (r"\lim_{x \to 0} \frac{\sin x}{x} = 1", True, ["munder", "mfrac"]),
    (r"\begin{pmatrix} a & b \\ c & d \end{pmatrix}", True, ["mtable", "mtr", "mtd"]),
    (r"\begin{bmatrix} 1 & 0 & 0 \\ 0 & 1 & 0 \\ 0 & 0 & 1 \end{bmatrix}", True, ["mtable"]),
    (r"\det\begin{vmatrix} a & b \\ c & d \end{vmatrix} = ad - bc", True, ["mtable"]),
    (r"\begin{aligned} f(x) &= (x+1)^2 \\ &= x^2 + 2x + 1 \end{aligned}", True, ["mtable", "msup"]),
    (r"\begin{cases} 1 & x > 0 \\ 0 & \text{otherwise} \end{cases}", True, ["mtable", "mtext"]),
    (r"\hat{x} + \bar{y} + \vec{v} + \tilde{n} + \dot{q}", False, ["mover"]),
    (r"\overline{AB} \perp \underline{CD}", False, ["mover", "munder"]),
    (r"\widehat{ABC} = 90^\circ", False, ["mover", "msup"]),
    (r"\alpha + \beta = \gamma, \quad \Omega \subseteq \mathbb{R}", False, ["mi", "mo"]),
    (r"\mathbf{F} = m\mathbf{a}", False, ["mi"]),
    (r"\mathcal{L}(\theta) = -\sum_i \log p_\theta(x_i)", True, ["munder", "msub"]),
    (r"\nabla \cdot \mathbf{E} = \frac{\rho}{\varepsilon_0}", True, ["mfrac", "msub"]),
    (r"\frac{\partial^2 u}{\partial t^2} = c^2 \nabla^2 u", True, ["mfrac", "msup"]),
    (r"\operatorname{argmax}_{x \in X} f(x)", False, ["mi"]),
    (r"\left( \frac{a}{b} \right)^{n}", False, ["mfrac", "mo"]),
    (r"\binom{n}{k} = \frac{n!}{k!(n-k)!}", True, ["mfrac"]),
    (r"a \equiv b \pmod{n}", False, ["mo"]),
    (r"\forall \epsilon > 0\ \exists \delta > 0", False, ["mo"]),
    (r"P(A \mid B) = \frac{P(B \mid A)\,P(A)}{P(B)}", True, ["mfrac"]),
    (r"e^{i\pi} + 1 = 0", False, ["msup"]),
    (r"\|x\|_2 = \sqrt{\sum_i x_i^2}", False, ["msqrt", "msub"]),
    (r"\lfloor x \rfloor \le x < \lceil x \rceil + 1", False, ["mo"]),
    (r"\underbrace{1 + \cdots + 1}_{n} = n", True, ["munder"]),
    (r"\overbrace{a + b}^{\text{sum}}", True, ["mover", "mtext"]),
    (r"f: \mathbb{R}^n \to \mathbb{R}", False, ["msup"]),
    (r"\mathrm{d}s^2 = -c^2\,\mathrm{d}t^2 + \mathrm{d}x^2", True, ["msup"]),
    (r"\color{red}{x} + y", False, ["mstyle"]),
    (r"x_{i,j}^{(k)}", False, ["msubsup"]),
    (r"\langle \psi | \phi \rangle", False, ["mo"]),
    (r"\frac{a}{b", False, None),
    (r"\notacommand{x}", False, None),
]


KATEX_WORKER = r"""
const katex = require('/usr/share/nodejs/katex');
const readline = require('readline');
const lines = readline.createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const request = JSON.parse(line);
  try {
    const html = katex.renderToString(request.tex, { output: 'mathml', displayMode: request.display, throwOnError: true });
    process.stdout.write(JSON.stringify({ mathml: html }) + '\n');
  } catch (error) {
    process.stdout.write(JSON.stringify({ error: String(error.message) }) + '\n');
  }
});
"""

LATEX2MATHML_WORKER = r"""
import json, sys
from latex2mathml.converter import convert
for line in sys.stdin:
    request = json.loads(line)
    try:
        mathml = convert(request["tex"], display="block" if request["display"] else "inline")
        answer = {"mathml": mathml}
    except Exception as error:
        answer = {"error": f"{type(error).__name__}: {error}"}
    sys.stdout.write(json.dumps(answer) + "\n")
    sys.stdout.flush()
"""


class Worker:
    def __init__(self, name, command):
        self.name = name
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def convert(self, tex, display):
        self.process.stdin.write(json.dumps({"tex": tex, "display": display}) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def close(self):
        self.process.stdin.close()
        self.process.wait()


def holds(mathml, element):
    """Whether the MathML has the element, or one of `a|b` (a thin space is an `mspace` or a space in `mtext`)."""
    return any("<" + name in mathml for name in element.split("|"))


def fidelity(worker):
    right, wrong = 0, []
    for tex, display, needs in FORMULAS:
        answer = worker.convert(tex, display)
        if needs is None:
            ok = "error" in answer
        else:
            mathml = answer.get("mathml", "")
            ok = "<math" in mathml and all(holds(mathml, element) for element in needs)
        if ok:
            right += 1
        else:
            missing = answer.get("error") or [e for e in (needs or []) if not holds(answer.get("mathml", ""), e)] or "accepted"
            wrong.append((tex, missing))
    return right, wrong


def speed(worker, rounds):
    """Formulas sent, wall time, and processor time of this process and the worker together."""
    start, cpu, worker_start = time.perf_counter(), time.process_time(), worker_cpu(worker)
    for _ in range(rounds):
        for tex, display, _ in FORMULAS:
            worker.convert(tex, display)
    wall = time.perf_counter() - start
    processor = time.process_time() - cpu + worker_cpu(worker) - worker_start
    return rounds * len(FORMULAS), wall, processor


def worker_cpu(worker):
    """The worker's processor time so far, user and kernel, from /proc (it is still running)."""
    with open(f"/proc/{worker.process.pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1000 // len(FORMULAS) + 1)
    arguments = parser.parse_args()
    candidates = [
        ("KaTeX (Debian katex)", ["node", "-e", KATEX_WORKER]),
        ("latex2mathml (PyPI)", [sys.executable, "-c", LATEX2MATHML_WORKER]),
    ]
    print(f"{len(FORMULAS)} formulas ({sum(1 for f in FORMULAS if f[2] is None)} that must be refused), "
          f"{arguments.rounds} rounds for speed")
    for name, command in candidates:
        try:
            worker = Worker(name, command)
            worker.convert("x", False)
        except Exception as error:
            print(f"{name}: cannot start ({error})")
            continue
        right, wrong = fidelity(worker)
        count, wall, processor = speed(worker, arguments.rounds)
        print(f"{name}: {right}/{len(FORMULAS)} right; {count} formulas in {wall * 1000:.0f} ms, "
              f"{wall / count * 1e6:.0f} µs each through the pipe, processor (both sides) {processor / count * 1e6:.0f} µs each")
        for tex, missing in wrong:
            print(f"    wrong: {tex!r}: {missing}")
        worker.close()


if __name__ == "__main__":
    main()
