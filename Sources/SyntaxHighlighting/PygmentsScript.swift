/// The program a Pygments worker runs (`python3 -I -c`): it says Pygments' version, or why it
/// cannot, on its first line; then, for each request line `{"language": …, "code": …}`, answers
/// one line: the tokens as `[[type, utf8Length], …]` (neighbours of one type joined, the
/// `Token.` prefix cut), `null` for a language Pygments does not know, or `{"error": …}`.
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
            say(None)
            continue
        tokens = []
        for _, kind, value in lexer.get_tokens_unprocessed(request["code"]):
            length = len(value.encode("utf-8"))
            if length == 0:
                continue
            kind = str(kind)[6:]
            if tokens and tokens[-1][0] == kind:
                tokens[-1][1] += length
            else:
                tokens.append([kind, length])
        say(tokens)
    except Exception as error:
        say({"error": str(error)})
"""#
}
