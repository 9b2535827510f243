/// The program a Pygments worker runs (`python3 -I -c`): it says Pygments' version, or why it
/// cannot, on its first line (JSON); then, for each request line `{"language": …, "code": …}`,
/// answers one line of words: `T` and the tokens as type and UTF-8 length (`T Keyword 4 Text 1`,
/// neighbours of one type joined, the `Token.` prefix cut, a plain token's type `-`), `N` for a
/// language Pygments does not know, or `E` and what went wrong. Words are cheaper to read than
/// JSON: a large site's code has hundreds of thousands of tokens.
enum PygmentsScript {
    static let source = #"""
import json, sys
sys.stdin.reconfigure(encoding="utf-8", errors="replace")
def say(value):
    sys.stdout.write(json.dumps(value) + "\n")
    sys.stdout.flush()
try:
    import pygments
    from pygments.lexers import get_lexer_by_name
    from pygments.util import ClassNotFound
except Exception as error:
    say({"error": "Pygments cannot be imported (%s)" % error})
    sys.exit(0)
say({"version": pygments.__version__})
lexers = {}
for line in sys.stdin:
    try:
        request = json.loads(line)
        name = request["language"]
        if name not in lexers:
            try:
                lexers[name] = get_lexer_by_name(name, stripnl=False, ensurenl=False, stripall=False, tabsize=0)
            except ClassNotFound:
                lexers[name] = None
        lexer = lexers[name]
        if lexer is None:
            sys.stdout.write("N\n")
            sys.stdout.flush()
            continue
        words = ["T"]
        last, total = None, 0
        for _, kind, value in lexer.get_tokens_unprocessed(request["code"]):
            length = len(value.encode("utf-8"))
            if length == 0:
                continue
            if kind is last:
                total += length
                continue
            if last is not None:
                words.append(str(last)[6:] or "-")
                words.append(str(total))
            last, total = kind, length
        if last is not None:
            words.append(str(last)[6:] or "-")
            words.append(str(total))
        sys.stdout.write(" ".join(words) + "\n")
        sys.stdout.flush()
    except Exception as error:
        sys.stdout.write("E " + " ".join(str(error).split()) + "\n")
        sys.stdout.flush()
"""#
}
