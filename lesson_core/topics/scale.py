"""Counting costs and sizes: RNN vs Transformer paths, attention comparisons, big numbers in words.

RNN vs Transformer (Vaswani et al. 2017, section 4 and Table 1): information from
the first of n tokens reaches the last after n - 1 recurrent steps in an RNN and
after 1 attention step in a Transformer; the RNN's n steps must run one after
another, while a Transformer layer handles all positions at once in training.
With a causal mask, token i is compared with i tokens, so one head of one layer
makes 1 + 2 + ... + n = n(n + 1)/2 comparisons (pair the sum with its reverse:
n pairs, each adding up to n + 1).

Big numbers in words follow each language's long or short scale:
Spanish (long scale): millón = 10^6, mil millones = 10^9, billón = 10^12;
Brazilian Portuguese (short scale): milhão = 10^6, bilhão = 10^9, trilhão = 10^12.

Examples: comparisons(1000) -> 500500;
          big_words(175e9, "es") -> "175 mil millones"; big_words(175e9, "pt") -> "175 bilhões";
          big_words(1.4e12, "es") -> "1,4 billones";   big_words(1.5e9, "pt") -> "1,5 bilhão".
"""

from __future__ import annotations

from ..kit.fmt import check_lang, fmt, fmt_upto, tr
from ..kit.messages import ParamError

__all__ = ["MAX_N", "check_n", "comparisons", "rnn_vs_transformer", "gauss_lines", "big_words",
           "tokens_per_param"]

MAX_N = 100_000

BAD_N = {
    "es": "La longitud tiene que ser un número entero de tokens entre 1 y 100 000.",
    "pt": "O comprimento precisa ser um número inteiro de tokens entre 1 e 100.000.",
}

# (value, singular, plural), largest first. Spanish «mil millones» has no singular form
# with "1": exactly 10^9 reads «mil millones».
_SCALES = {
    "es": [(10**12, "billón", "billones"), (10**9, "mil millones", "mil millones"), (10**6, "millón", "millones")],
    "pt": [(10**12, "trilhão", "trilhões"), (10**9, "bilhão", "bilhões"), (10**6, "milhão", "milhões")],
}


def check_n(n: object) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or n < 1 or n > MAX_N:
        raise ParamError("n", BAD_N)
    return n


def comparisons(n: int) -> int:
    """Query-key comparisons of one causal head over n tokens: n(n + 1)/2."""
    return n * (n + 1) // 2


def rnn_vs_transformer(n: int) -> dict:
    """Path length from the first token to the last, sequential steps, comparisons per head."""
    n = check_n(n)
    return {
        "n": n,
        "rnn_path": n - 1,                  # the memory passes through every later step
        "transformer_path": 1 if n > 1 else 0,  # the last token attends to the first directly
        "rnn_sequential": n,                # step i needs the memory of step i - 1
        "transformer_sequential": 1,        # in training, all positions of a layer at once
        "comparisons": comparisons(n),
        "comparisons_doubled": comparisons(2 * n),
    }


def gauss_lines(n: int, lang: str) -> list[str]:
    """The pairing argument for 1 + ... + n, one line per step, with this n's numbers."""
    n = check_n(n)
    f = lambda x: fmt(x, lang)  # noqa: E731
    if n <= 5:
        fwd = " + ".join(f(i) for i in range(1, n + 1))
        back = " + ".join(f(i) for i in range(n, 0, -1))
        pairs = " + ".join(f"({f(i)} + {f(n + 1 - i)})" for i in range(1, n + 1))
    else:
        fwd = f"1 + 2 + 3 + … + {f(n - 1)} + {f(n)}"
        back = f"{f(n)} + {f(n - 1)} + {f(n - 2)} + … + 2 + 1"
        pairs = f"(1 + {f(n)}) + (2 + {f(n - 1)}) + … + ({f(n)} + 1)"
    word = tr(lang, {"es": ("parejas", "cada una suma"), "pt": ("pares", "cada um soma")})
    return [
        f"S = {fwd}",
        f"S = {back}",
        f"2S = {pairs}",
        f"{f(n)} {word[0]}, {word[1]} {f(n + 1)}: 2S = {f(n)} · {f(n + 1)} = {f(n * (n + 1))}",
        f"S = {f(n * (n + 1))} / 2 = {f(comparisons(n))}",
    ]


def _number_words(v: float, lang: str) -> str:
    """A mantissa between 1 and 1000 with at most two decimals, trailing zeros dropped."""
    return fmt_upto(round(v, 2), lang, 2)


def big_words(x: float, lang: str) -> str:
    """A count in words where that reads better: 175e9 -> "175 mil millones" / "175 bilhões".

    Below a million the number is written in digits (grouped per language)."""
    check_lang(lang)
    if x < 10**6:
        return fmt(x, lang)
    for unit, one, many in tr(lang, _SCALES):
        if x >= unit:
            v = x / unit
            text = _number_words(v, lang)
            if lang == "es":
                if unit == 10**9:
                    return "mil millones" if text == "1" else f"{text} mil millones"
                return f"{text} {one if text == '1' else many}"
            return f"{text} {one if v < 2 else many}"  # pt: «1,5 bilhão», «2 bilhões»
    raise AssertionError("unreachable")


def tokens_per_param(tokens: float, params: float) -> float:
    """Training tokens per parameter: Chinchilla 1.4e12 / 70e9 = 20."""
    return tokens / params
