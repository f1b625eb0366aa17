#!/usr/bin/env python3
"""An mdBook preprocessor that carries the formulas and the self-check
questions whole through the translation of the book.

mdbook-gettext parses each chapter as Markdown and writes it out again. It
knows nothing of mdbook-katex's formulas, so a formula would come out
changed: `s_{t-1}` becomes `s\\_{t-1}` and `W_a\\, s` becomes `W_a, s`. It
also skips HTML blocks, so a question written `<details><summary>...
</summary>` on one line would never be offered for translation (and, in an
HTML block, its Markdown is not rendered either: `code` keeps its
backticks). Two steps around mdbook-gettext take care of both:

  guard    before mdbook-gettext, for both books and for the xgettext
           renderer that writes po/messages.pot: a one-line `<summary>` is
           opened onto lines of its own, so that its text is a Markdown
           paragraph (chapters/theme/head.hbs keeps it on the summary's
           line). Only where a chapter is translated (or the template
           made), every formula `$...$` or `$$...$$` also becomes a code
           span with the same text, which Markdown leaves alone.
  restore  after mdbook-gettext, before mdbook-katex (html only, where a
           chapter is translated): the code spans become formulas again,
           so mdbook-katex finds them as the chapters wrote them.

The formulas are found by the rules of mdbook-katex 0.10's scanner: a
backslash escapes the next character, a run of backticks skips code up to
the next run of the same length, `$$` opens a display formula and `$` an
inline one, each closed by the first unescaped delimiter of its kind.
.ci/books-agree checks the result: the two books' formulas are the same.
"""

import json
import os
import re
import sys

SUMMARY_LINE = re.compile(r"^(\s*(?:<details>)?<summary>)(.*)(</summary>)\s*$")
# A line inside a display formula must not start a Markdown block once the
# formula is a code span: a heading, a list item, a quote or an HTML block.
BLOCK_START = re.compile(r"^\s*(#|>|[-+*]\s|\d+[.)]\s|<|=+\s*$|-+\s*$)")


class GuardError(Exception):
    pass


def skip_backticks(text, i):
    """Index just past the code that starts with the backtick run at i, as
    mdbook-katex skips it; len(text) if it never closes."""
    n = 0
    while i + n < len(text) and text[i + n] == "`":
        n += 1
    j = i + n
    while True:
        k = text.find("`" * n, j)
        if k < 0:
            return len(text)
        j = k + n
        if j < len(text) and text[j] == "`":
            while j < len(text) and text[j] == "`":
                j += 1
        else:
            return j


def closing(text, start, delimiter):
    """Index of the first unescaped delimiter at or after start, or -1."""
    while True:
        k = text.find(delimiter, start)
        if k < 0:
            return -1
        backslashes = 0
        while k - 1 - backslashes >= 0 and text[k - 1 - backslashes] == "\\":
            backslashes += 1
        if backslashes % 2 == 0:
            return k
        start = k + len(delimiter)


def line_of(text, index):
    return text.count("\n", 0, index) + 1


def pieces(text, formulas):
    """The text cut as mdbook-katex reads it: ("escape", "\\x"), ("code",
    a backtick span or fenced block), ("formula", "$...$" or "$$...$$",
    only when `formulas` is true) and ("text", one character), each with
    its index."""
    i = 0
    while i < len(text):
        c = text[i]
        if c == "\\":
            yield "escape", i, text[i : i + 2]
            i += 2
        elif c == "`":
            j = skip_backticks(text, i)
            yield "code", i, text[i:j]
            i = j
        elif c == "$" and formulas:
            delimiter = "$$" if text.startswith("$$", i) else "$"
            k = closing(text, i + len(delimiter), delimiter)
            if k < 0:
                yield "text", i, text[i:]
                return
            yield "formula", i, text[i : k + len(delimiter)]
            i = k + len(delimiter)
        else:
            yield "text", i, c
            i += 1


def guard_formulas(text, where):
    out = []
    for kind, at, piece in pieces(text, formulas=True):
        if kind == "formula":
            check_formula(piece, text, at, where)
            piece = "`" + piece + "`"
        out.append(piece)
    return "".join(out)


def check_formula(formula, text, index, where):
    line = line_of(text, index)
    if "`" in formula:
        raise GuardError(f"{where}:{line}: a formula holds a backtick")
    line_start = text.rfind("\n", 0, index) + 1
    if text[line_start:].lstrip().startswith("|") and "|" in formula:
        raise GuardError(f"{where}:{line}: a formula in a table holds a |")
    for n, rest in enumerate(formula.split("\n")[1:], start=1):
        if BLOCK_START.match(rest):
            raise GuardError(
                f"{where}:{line + n}: a line of this formula would start a "
                "Markdown block (#, >, a list marker, <, or a line of = or -); start it otherwise"
            )


def open_summaries(text):
    out = []
    fenced = False
    for line in text.split("\n"):
        if line.lstrip().startswith("```"):
            fenced = not fenced
        m = None if fenced else SUMMARY_LINE.match(line)
        if m:
            out.append(f"{m.group(1)}\n\n{m.group(2)}\n\n{m.group(3)}")
        else:
            out.append(line)
    return "\n".join(out)


def guard(text, where, translating):
    text = open_summaries(text)
    return guard_formulas(text, where) if translating else text


def restore_formulas(text):
    out = []
    for kind, _, piece in pieces(text, formulas=False):
        inner = piece[1:-1]
        if kind == "code" and not inner.startswith("`") and len(inner) >= 2 and inner[0] == inner[-1] == "$":
            piece = inner
        out.append(piece)
    return "".join(out)


def chapters(items):
    for item in items:
        if isinstance(item, dict) and "Chapter" in item:
            chapter = item["Chapter"]
            yield chapter
            yield from chapters(chapter.get("sub_items", []))


def translating(context):
    """True where mdbook-gettext will translate, or the template is made."""
    if context.get("renderer") == "xgettext":
        return True
    language = context.get("config", {}).get("book", {}).get("language")
    if not language:
        return False
    po_dir = (
        context.get("config", {})
        .get("preprocessor", {})
        .get("gettext", {})
        .get("po-dir", "po")
    )
    return os.path.exists(os.path.join(context["root"], po_dir, f"{language}.po"))


def main():
    if len(sys.argv) < 2 or sys.argv[1] not in ("guard", "restore"):
        sys.exit("usage: mathguard.py guard|restore [supports RENDERER]")
    step = sys.argv[1]
    if len(sys.argv) > 2 and sys.argv[2] == "supports":
        renderer = sys.argv[3] if len(sys.argv) > 3 else ""
        wanted = ("html", "xgettext") if step == "guard" else ("html",)
        sys.exit(0 if renderer in wanted else 1)
    context, book = json.load(sys.stdin)
    translated = translating(context)
    items = book.get("items", book.get("sections", []))
    for chapter in chapters(items):
        where = chapter.get("source_path") or chapter.get("path") or chapter["name"]
        if step == "guard":
            chapter["content"] = guard(chapter["content"], where, translated)
        elif translated:
            chapter["content"] = restore_formulas(chapter["content"])
    json.dump(book, sys.stdout)


if __name__ == "__main__":
    try:
        main()
    except GuardError as error:
        sys.exit(f"mathguard: {error}")
