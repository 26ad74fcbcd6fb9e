"""Comments and indentation out of the app's JavaScript, for the built site (build.py): fewer bytes for a first visit
(the site is served as it is, no minifier, no Content-Encoding assumed), the same code.

`strip(src)` walks the source once, knowing its strings, template literals (with `${}` nesting), regular-expression
literals and comments, and drops every comment and each line's leading and trailing blanks outside strings and
templates. Line breaks stay where they were: line numbers in a stack trace still point into the source, and no
statement runs into the next (automatic semicolon insertion sees the same line breaks). A regular expression is told
from a division by the token before the slash, as the language does it; tests/js/minjs.test.mjs checks, with the
parser eslint uses (espree), that every shipped file keeps exactly its tokens.

    python3 tools/minjs.py FILE          # prints FILE stripped
    python3 tools/minjs.py --json FILE...  # {file: stripped text} for each (the test's one call)
"""
from __future__ import annotations

import sys

# after these a slash starts a regular expression (anything else before it: a division)
_REGEX_AFTER_PUNCT = set("(,=:[!&|?{};+-*%<>~^")
_REGEX_AFTER_WORDS = {"return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw",
                      "instanceof", "yield", "await"}


def _regex_allowed(out: list[str]) -> bool:
    """Is a slash here the start of a regular expression? (`out`: the code emitted so far)"""
    text = "".join(out[-40:]).rstrip()
    if not text:
        return True
    last = text[-1]
    if last in _REGEX_AFTER_PUNCT:
        # `a++ / b`, `a-- / b`: a division after a postfix operator
        return not (text.endswith("++") or text.endswith("--"))
    if last.isalnum() or last in "_$":
        i = len(text)
        while i > 0 and (text[i - 1].isalnum() or text[i - 1] in "_$"):
            i -= 1
        return text[i:] in _REGEX_AFTER_WORDS
    return False   # ) ] } . a string's quote: a division


def strip(src: str) -> str:
    out: list[str] = []
    i, n = 0, len(src)
    templates: list[int] = []   # per open template literal: the `{` depth of its innermost `${ ... }`
    depth = 0                   # `{` depth in code
    line_start = True           # at the start of a line, in code: blanks there are dropped

    def newline() -> None:
        nonlocal line_start
        while out and out[-1] in (" ", "\t"):   # trailing blanks
            out.pop()
        out.append("\n")
        line_start = True

    def template_body(j: int) -> int:
        """Copy a template literal's text from j (after the backquote or a closing `}`) up to its end or the next
        `${`; -> the index after what was copied."""
        while j < n:
            c = src[j]
            if c == "\\":
                out.append(src[j:j + 2])
                j += 2
            elif c == "`":
                out.append(c)
                templates.pop()
                return j + 1
            elif c == "$" and src.startswith("${", j):
                out.append("${")
                return j + 2
            else:
                out.append(c)
                j += 1
        raise ValueError("unterminated template literal")

    while i < n:
        c = src[i]
        if c in " \t" and line_start:
            i += 1
            continue
        if c == "\n":
            newline()
            i += 1
            continue
        if c == "\r":
            i += 1
            continue
        line_start = False
        if src.startswith("//", i):
            end = src.find("\n", i)
            i = n if end < 0 else end
            continue
        if src.startswith("/*", i):
            end = src.find("*/", i + 2)
            if end < 0:
                raise ValueError("unterminated comment")
            body = src[i:end + 2]
            if "\n" in body:
                for _ in range(body.count("\n")):
                    newline()
            elif out and out[-1] not in (" ", "\n", "(", "[", "{"):
                out.append(" ")   # `a/* x */b` must not become `ab`
            i = end + 2
            continue
        if c in "'\"":
            j = i + 1
            while j < n and src[j] != c:
                if src[j] == "\n":
                    raise ValueError("unterminated string")
                j += 2 if src[j] == "\\" else 1
            out.append(src[i:j + 1])
            i = j + 1
            continue
        if c == "`":
            out.append(c)
            templates.append(depth)
            i = template_body(i + 1)
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            if templates and depth == templates[-1]:
                out.append("}")   # the end of a `${ ... }`: back into the template's text
                i = template_body(i + 1)
                continue
            depth -= 1
        elif c == "/" and _regex_allowed(out):
            j, in_class = i + 1, False
            while j < n:
                d = src[j]
                if d == "\\":
                    j += 2
                    continue
                if d == "\n":
                    raise ValueError("unterminated regular expression")
                if d == "[":
                    in_class = True
                elif d == "]":
                    in_class = False
                elif d == "/" and not in_class:
                    break
                j += 1
            j += 1
            while j < n and (src[j].isalnum() or src[j] == "_"):   # flags
                j += 1
            out.append(src[i:j])
            i = j
            continue
        out.append(c)
        i += 1
    if templates:
        raise ValueError("unterminated template literal")
    return "".join(out)


if __name__ == "__main__":
    if sys.argv[1] == "--json":
        import json
        out = {}
        for name in sys.argv[2:]:
            with open(name, encoding="utf-8") as f:
                out[name] = strip(f.read())
        sys.stdout.write(json.dumps(out))
    else:
        with open(sys.argv[1], encoding="utf-8") as f:
            sys.stdout.write(strip(f.read()))
