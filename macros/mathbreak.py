"""Long display formulas on a phone (issue 16): a narrow form, broken into lines at build time.

Chromium's MathML has no automatic line breaking, so a display formula wider than a phone's text
column would scroll sideways. For each display formula this module

- estimates its width in em from KaTeX's MathML (:func:`width_em`: glyph counts, fractions,
  scripts, radicals and tables; good to about 10 % on the lessons' formulas);
- when it is wider than :data:`BUDGET_EM`, cuts its TeX into pieces at top-level relations
  ("=", "←", "⟹"…) and spacing between equations (``\\qquad``), then, where a piece is still too
  wide, before a top-level "+" or "−" (outside parentheses first), and finally splits long
  ``\\text{…}`` in two lines;
- packs the pieces greedily into lines that fit and writes them as one ``aligned`` environment,
  aligned at the first relation when that is narrower, else left-aligned with continuation lines
  indented (:func:`narrow_tex`).

mathml.py renders both forms with KaTeX and puts both in the page; a container query in aula.css
shows the narrow one only when the formula's box is narrower than the wide form (``aula-break-N``,
N in em, so a formula inside an admonition's smaller text switches at the right width). Print keeps
the wide form.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

# A narrow line's width, in em of the formula's font: a 320 px phone's text column is 288 px (16 px
# text; 262 px in an admonition at 12.8 px); 15.5 em is 248 px (198 px), room for the estimate's error.
BUDGET_EM = 15.5
# The container query's steps (em): the narrow form shows below the step above the wide form's width.
STEP_EM = 2

RELATIONS = {"=", "\\leftarrow", "\\approx", "\\Longrightarrow", "\\Rightarrow", "\\to", "<", ">", "\\le",
             "\\ge", "\\leq", "\\geq", "\\ne", "\\equiv"}
SEPARATORS = {"\\qquad", "\\quad"}
BINARY = {"+", "-"}
_NS = "{http://www.w3.org/1998/Math/MathML}"


# --- TeX, cut at its top level ---------------------------------------------------------------------

def _group_end(tex: str, i: int) -> int:
    """Index after the brace group that opens at ``tex[i] == '{'``."""
    depth = 0
    while i < len(tex):
        c = tex[i]
        if c == "\\":
            i += 2
            continue
        depth += c == "{"
        depth -= c == "}"
        i += 1
        if depth == 0:
            return i
    return i


def _closing(tex: str, i: int, pat: re.Pattern) -> int:
    """Index after the closer that balances the opener at ``tex[i]`` (``pat``'s group 1 is
    "begin"/"left" for an opener, anything else for a closer)."""
    depth, k = 0, i
    while True:
        m = pat.search(tex, k)
        if not m:
            return len(tex)
        depth += 1 if m.group(1) in ("begin", "left") else -1
        k = m.end()
        if depth == 0:
            return k


def tokens(tex: str) -> list[str]:
    """Top-level tokens: a command (``\\name`` or ``\\,``), a brace group, a whole environment, a
    whole ``\\left…\\right`` pair, or one character; runs of blanks as one " "."""
    out: list[str] = []
    i, n = 0, len(tex)
    while i < n:
        c = tex[i]
        if c.isspace():
            j = i
            while j < n and tex[j].isspace():
                j += 1
            out.append(" ")
            i = j
        elif c == "{":
            j = _group_end(tex, i)
            out.append(tex[i:j])
            i = j
        elif c == "\\":
            m = re.match(r"\\([A-Za-z]+)", tex[i:])
            if not m:
                out.append(tex[i:i + 2])
                i += 2
                continue
            name, j = m.group(1), i + m.end()
            if name in ("begin", "left"):
                if name == "begin":
                    env = re.match(r"\s*\{([^}]*)\}", tex[j:]).group(1)
                    k = _closing(tex, i, re.compile(r"\\(begin|end)\{" + re.escape(env) + r"\}"))
                else:  # \left( … \right), with the closing delimiter
                    k = _closing(tex, i, re.compile(r"\\(left|right)(?![A-Za-z])"))
                    d = re.match(r"\s*(\\[A-Za-z]+|\\.|.)", tex[k:])
                    k += d.end() if d else 0
                out.append(tex[i:k])
                i = k
            else:
                out.append(tex[i:j])
                i = j
        else:
            out.append(c)
            i += 1
    return out


def rows(tex: str) -> list[list[str]]:
    """A formula's equations: the rows of a whole-formula ``aligned`` (without their ``&``), or the
    formula as one row."""
    toks = tokens(tex.strip())
    body = [t for t in toks if t != " "]
    if len(body) == 1 and body[0].startswith("\\begin{aligned}"):
        inner = body[0][len("\\begin{aligned}"):-len("\\end{aligned}")]
        out, row = [], []
        inner_toks = tokens(inner)
        k = 0
        while k < len(inner_toks):
            t = inner_toks[k]
            if t == "\\\\":
                out.append(row)
                row = []
                nxt = [j for j in range(k + 1, len(inner_toks)) if inner_toks[j] != " "]
                if nxt and inner_toks[nxt[0]] == "[":  # \\[4pt]
                    k = inner_toks.index("]", nxt[0])
            elif t != "&":
                row.append(t)
            k += 1
        out.append(row)
        return [_trim(r) for r in out if "".join(r).strip()]
    return [_trim(toks)]


def _trim(toks: list[str]) -> list[str]:
    while toks and toks[0] == " ":
        toks = toks[1:]
    while toks and toks[-1] == " ":
        toks = toks[:-1]
    return toks


def chunks(row: list[str]) -> list[tuple[str, list[str]]]:
    """A row cut before each top-level relation and at spacing between equations:
    [(kind, tokens)] with kind "lhs" (the row's start), "rel" (starts with a relation) or "new"
    (an equation or a remark after a \\quad; the spacing itself is dropped)."""
    out: list[tuple[str, list[str]]] = [("lhs", [])]
    for t in row:
        if t in SEPARATORS:
            out.append(("new", []))
        elif t in RELATIONS and "".join(out[-1][1]).strip():
            out.append(("rel", [t]))
        else:
            out[-1][1].append(t)
    out = [(k, _trim(ts)) for k, ts in out if "".join(ts).strip()]
    for i in range(len(out) - 2, -1, -1):  # "\\quad\\Longrightarrow\\quad w = …": the arrow leads its line
        if len(out[i][1]) == 1 and out[i][1][0] in RELATIONS and out[i + 1][0] == "new":
            out[i:i + 2] = [(out[i][0], out[i][1] + [" "] + out[i + 1][1])]
    return out


def pieces(toks: list[str]) -> list[tuple[int, list[str]]]:
    """Tokens cut before each binary "+" or "−" (not the first token, not after another operator):
    [(parenthesis depth at the cut, tokens)]."""
    out: list[tuple[int, list[str]]] = [(0, [])]
    depth, prev = 0, None
    for t in toks:
        if t in BINARY and prev is not None and prev not in RELATIONS | BINARY | {"(", "[", ","}:
            out.append((depth, []))
        out[-1][1].append(t)
        depth += t in ("(", "[")
        depth -= t in (")", "]")
        if t != " ":
            prev = t
    return [(d, _trim(ts)) for d, ts in out]


def split_texts(tex: str, longer_than: int = 22) -> str:
    """Each ``\\text{…}`` longer than ``longer_than`` characters as two lines, cut at the blank
    nearest its middle."""
    def two(m: re.Match) -> str:
        body = m.group(1)
        if len(body) <= longer_than or " " not in body.strip():
            return m.group(0)
        blanks = [i for i, c in enumerate(body) if c == " " and 0 < i < len(body) - 1]
        cut = min(blanks, key=lambda i: abs(i - len(body) / 2))
        return (f"\\begin{{matrix}}\\text{{{body[:cut]}}}\\\\[-2pt]\\text{{{body[cut + 1:]}}}"
                f"\\end{{matrix}}")
    return re.sub(r"\\text\{([^{}]*)\}", two, tex)


# --- MathML, measured -------------------------------------------------------------------------------

_NARROW = set("ijlt.,;:!|'()[]{}fr1")
_WIDE = set("mwMW")
_OPS_REL = set("=<>≤≥≈≠→←⟹⇒≡∣")
_OPS_BIN = set("+−-⋅×·±∓")


def _chars(text: str) -> float:
    w = 0.0
    for c in text:
        if c.isspace():
            w += 0.25
        elif c in _NARROW:
            w += 0.3
        elif c in _WIDE or c.isupper():
            w += 0.72
        else:
            w += 0.52
    return w


def _em(el: ET.Element, display: bool) -> float:
    tag = el.tag.replace(_NS, "")
    kids = [k for k in el if k.tag.replace(_NS, "") != "annotation"]
    text = (el.text or "").strip()
    if tag == "mstyle":
        display = el.get("displaystyle", str(display).lower()) == "true"
        scale = {"0": 1.0, "1": 0.7, "2": 0.5}.get(el.get("scriptlevel", ""), 1.0)
        return scale * sum(_em(k, display) for k in kids)
    if tag in ("mi", "mn", "mtext"):
        return _chars(text) * (1.05 if el.get("mathvariant") == "bold" else 1.0)
    if tag == "mo":
        if not text or text == "\u2061":
            return 0.0
        if text in _OPS_REL or len(text) == 1 and text in "←→":
            return 0.78 + 0.56
        if text in _OPS_BIN:
            return 0.78 + 0.44
        if text in ",;":
            return 0.28 + 0.17
        if text in "()[]|‖{}":
            return 0.39 * (1.3 if el.get("stretchy") == "true" or el.get("minsize") else 1.0)
        return _chars(text) + 0.2
    if tag == "mspace":
        m = re.match(r"(-?[\d.]+)em", el.get("width", "0em"))
        return float(m.group(1)) if m else 0.0
    if tag == "mfrac":
        inner = 1.0 if display else 0.7
        return max(_em(k, False) * inner for k in kids) + 0.25 if kids else 0.0
    if tag in ("msub", "msup"):
        return _em(kids[0], display) + 0.7 * _em(kids[1], False) + 0.05 if len(kids) == 2 else 0.0
    if tag == "msubsup":
        return _em(kids[0], display) + 0.7 * max(_em(kids[1], False), _em(kids[2], False)) + 0.05
    if tag in ("munder", "mover", "munderover"):
        return max([_em(kids[0], display)] + [0.7 * _em(k, False) for k in kids[1:]])
    if tag == "msqrt":
        return sum(_em(k, display) for k in kids) + 0.85
    if tag == "mroot":
        return _em(kids[0], display) + 0.85 + 0.5 * _em(kids[1], False)
    if tag == "mtable":
        cols: list[float] = []
        for tr in kids:
            for i, td in enumerate(tr):
                w = sum(_em(k, display) for k in td)
                cols[i:i + 1] = [max(cols[i] if i < len(cols) else 0.0, w)]
        gap = 0.0 if "0" in (el.get("columnspacing") or "0").split("em")[0] else 1.0
        return sum(cols) + gap * max(0, len(cols) - 1)
    if tag == "mpadded":
        m = re.match(r"([+-]?[\d.]+)em", el.get("width", ""))
        return float(m.group(1)) if m else sum(_em(k, display) for k in kids)
    return sum(_em(k, display) for k in kids) + _chars(text)


def width_em(katex_html: str) -> float:
    """The estimated width, in em, of KaTeX's MathML for a display formula."""
    m = re.search(r"<math\b.*</math>", katex_html, re.S)
    if not m:
        return 0.0
    root = ET.fromstring(m.group(0).replace("&nbsp;", "\u00a0"))
    return _em(root, root.get("display") == "block")


# --- the narrow form -----------------------------------------------------------------------------

def candidate_pieces(tex: str) -> list[str]:
    """Every piece of TeX whose width :func:`narrow_tex` may ask for."""
    out = []
    for row in rows(tex):
        for _kind, toks in chunks(row):
            out.append("".join(toks))
            for _depth, ts in pieces(toks):
                out.append("".join(ts))
    return [p for p in out if p.strip()]


def _lines(tex: str, width) -> list[tuple[str, str, str]]:
    """The formula as lines: [(kind, left of the alignment point, right of it)], kinds "first",
    "rel", "bin", "new"; ``width(tex)`` gives a piece's width in em."""
    lines: list[tuple[str, str, str]] = []
    rows_: list[list[tuple[str, list[str]]]] = []
    for row in rows(tex):  # "s = …, \\qquad w = …": each equation its own row, aligned at its "="
        cs = chunks(row)
        rows_.append([])
        for j, (kind, toks) in enumerate(cs):
            if kind == "new" and j + 1 < len(cs) and cs[j + 1][0] == "rel":
                rows_.append([("lhs", toks)])
            else:
                rows_[-1].append((kind, toks))
    for cs in (r for r in rows_ if r):
        lhs = "".join(cs[0][1]) if cs and cs[0][0] == "lhs" else ""
        rest = cs[1:] if cs and cs[0][0] == "lhs" else cs
        start = len(lines)
        lines.append(("first", lhs, ""))
        for kind, toks in rest:
            text = "".join(toks)
            parts = [text]
            if width(text) > BUDGET_EM:
                parts = _by_binary(toks, width)
            for j, part in enumerate(parts):
                k = kind if j == 0 else "bin"
                last = lines[-1]
                joined = (last[2] + " " + part) if last[2] else part
                if k == "new" and last[2]:
                    lines.append(("new", "", part))
                elif last[0] == "first" and not last[2] and k == "rel":
                    lines[-1] = (last[0], last[1], part)
                elif (width(last[1]) + width(joined) + 0.3 <= BUDGET_EM and k != "new"
                      and not (k == "rel" and last[0] == "bin")):  # "… + c = d" would read as "c = d"
                    lines[-1] = (last[0], last[1], joined)
                else:
                    lines.append((k, "", part))
        if not lines[start][1] and not lines[start][2]:
            del lines[start]
    return lines


def _by_binary(toks: list[str], width) -> list[str]:
    """A chunk cut before "+"/"−": outside parentheses if that is enough, else anywhere."""
    ps = pieces(toks)
    outside: list[list[str]] = []
    for depth, ts in ps:
        if depth == 0 or not outside:
            outside.append(list(ts))
        else:
            outside[-1] += [" "] + ts
    texts = ["".join(ts) for ts in outside]
    if all(width(t) <= BUDGET_EM for t in texts):
        return _pack(texts, width)
    return _pack(["".join(ts) for _, ts in ps], width)


def _pack(texts: list[str], width) -> list[str]:
    out: list[str] = []
    for t in texts:
        if out and width(out[-1] + " " + t) + 0.3 <= BUDGET_EM:
            out[-1] += " " + t
        else:
            out.append(t)
    return out


def narrow_tex(tex: str, width) -> str:
    """The formula in lines that fit :data:`BUDGET_EM` (as far as its pieces allow), as TeX."""
    lines = _lines(tex, width)
    left = max((width(a) for _, a, _ in lines), default=0.0)
    aligned = left + max((width(b) + (1.0 if k == "bin" else 0.0) for k, a, b in lines), default=0.0)
    out = []
    indent = "\\quad "
    if aligned <= BUDGET_EM:
        for kind, a, b in lines:
            out.append(f"{a} & {indent if kind == 'bin' else ''}{b}")
    else:
        for kind, a, b in lines:
            if kind == "first" and a and b and width(a) + width(b) > BUDGET_EM:
                out += [f"& {a}", f"& {indent}{b}"]
            else:
                lead = {"first": "", "new": "", "rel": indent, "bin": indent * 2}[kind]
                out.append(f"& {lead}{a} {b}".rstrip())
    body = " \\\\\n".join(out)
    widest = max((width(a) + width(b) for _, a, b in lines), default=0.0)
    if widest > BUDGET_EM:
        body = split_texts(body)
        widest = max(width(split_texts(a)) + width(split_texts(b)) for _, a, b in lines)
    # a piece that cannot be cut (a matrix times a vector) is set a size smaller, as far as that helps
    size = next((cmd for cmd, scale in (("", 1.0), ("\\small", 0.9), ("\\footnotesize", 0.8))
                 if widest * scale <= BUDGET_EM), "\\footnotesize")
    return f"{size}\\begin{{aligned}}\n{body}\n\\end{{aligned}}"


def break_class(wide_em: float) -> str | None:
    """The class that shows the narrow form below the wide form's width, or None when it fits."""
    if wide_em <= BUDGET_EM:
        return None
    return f"aula-break-{int(math.ceil(wide_em * 1.2 / STEP_EM) * STEP_EM)}"
