/// The program a Pygments worker runs (`python3 -I -c`): it says Pygments' version, or why it
/// cannot, on its first line (JSON); then, for each request (a line with the language and the
/// code's length in UTF-8 bytes, then the code), answers one line of words: `T`, the microseconds
/// the lexing took, and the tokens as type and UTF-8 length (`T 85 Keyword 4 Text 1`, neighbours
/// of one type joined, the `Token.` prefix cut, a plain token's type `-`), `N` for a language
/// Pygments does not know, or `E` and what went wrong. Words and lengths are cheaper than JSON
/// both ways: a large site's code has hundreds of thousands of tokens.
///
/// Answers go out together while more requests wait, but not behind a block that may take long
/// (1 KiB or more), nor for more than 50 ms: an answer held behind a slow block made the build's
/// wait for it time out, and the warning named that innocent block instead of the slow one.
enum PygmentsScript {
    static let source = #"""
import json, select, sys, time
sys.stdout.reconfigure(encoding="utf-8", errors="replace")
def say(value):
    sys.stdout.write(json.dumps(value) + "\n")
    sys.stdout.flush()
try:
    import pygments
    from pygments.lexers import get_all_lexers, get_lexer_by_name, get_lexer_for_filename
    from pygments.util import ClassNotFound
except Exception as error:
    say({"error": "Pygments cannot be imported (%s)" % error})
    sys.exit(0)
say({"version": pygments.__version__})
def merged(tokens):
    # Neighbours of one type joined, empty tokens dropped, lengths in UTF-8 bytes (most code is
    # ASCII, whose length needs no encoding). Runs once per token: its names are fast locals.
    last, total = None, 0
    for _, kind, value in tokens:
        length = len(value) if value.isascii() else len(value.encode("utf-8"))
        if kind is last:
            total += length
        elif length:
            if last is not None:
                yield last, total
            last, total = kind, length
    if last is not None:
        yield last, total
def named(name, options):
    # Pygments' own lexers first, by name and then as a file extension (mjs, cjs, yml…: the one
    # lexer that claims `*.name`); only a name none of them knows asks the plugins, whose lookup
    # reads every installed package's entry points (a third of a second, once per worker).
    try:
        builtin = [(aliases, patterns) for _, aliases, patterns, _ in get_all_lexers(plugins=False) if aliases]
    except Exception:
        builtin = []
    lowered = name.lower()
    try:
        if any(lowered in aliases for aliases, _ in builtin):
            return get_lexer_by_name(name, **options)
        claimants = [aliases[0] for aliases, patterns in builtin if "*." + name in patterns]
        if len(claimants) == 1:
            return get_lexer_by_name(claimants[0], **options)
        return get_lexer_by_name(name, **options)
    except ClassNotFound:
        pass
    try:
        return get_lexer_for_filename("code." + name, **options)
    except ClassNotFound:
        return None
def serve(source, output):
    lexers, names = {}, {}
    options = dict(stripnl=False, ensurenl=False, stripall=False, tabsize=0)
    waiting, since = 0, 0.0
    def answer(line):
        # Answers go out together while more requests are already there (each write wakes the
        # reader, which took the processor from this worker once per block), at most 64 at once;
        # an answer is sent at once when no request follows it.
        nonlocal waiting, since
        output.write(line)
        if not waiting:
            since = time.perf_counter()
        waiting += 1
        if waiting >= 64 or not select.select([source], [], [], 0)[0]:
            flush()
    def flush():
        nonlocal waiting
        output.flush()
        waiting = 0
    while True:
        header = source.readline()
        if not header:
            break
        try:
            name, length = header.decode("utf-8").split()
            code = source.read(int(length)).decode("utf-8")
            if waiting and (len(code) >= 1024 or time.perf_counter() - since > 0.05):
                flush()
            lexer = lexers.get(name, False)
            if lexer is False:
                lexer = lexers[name] = named(name, options)
            if lexer is None:
                answer("N\n")
                continue
            words = ["T", ""]
            started = time.perf_counter()
            for kind, total in merged(lexer.get_tokens_unprocessed(code)):
                known = names.get(kind)
                if known is None:
                    known = names[kind] = str(kind)[6:] or "-"
                words.append(known)
                words.append(str(total))
            words[1] = str(int((time.perf_counter() - started) * 1000000))
            answer(" ".join(words) + "\n")
        except Exception as error:
            answer("E " + " ".join(str(error).split()) + "\n")
serve(sys.stdin.buffer, sys.stdout)
"""#
}
