"""The counting corpus of lesson 2 (seed 003, "Adivinar la siguiente palabra"), one per language.

Each sentence is lowercase words separated by single spaces and ends with the
full stop token ``.``. The data is designed so that the lesson's statements hold
(tests/test_bigram.py checks each of them):

- after «sobre» three different words follow, once each (es: tapetes,
  alfombras, sillas; pt: esteiras, tapetes, cadeiras), so P(sillas | sobre) =
  P(cadeiras | sobre) = 1/3. Plural nouns without an article are what natural
  Spanish and Portuguese put directly after «sobre»; with an article («sobre la
  silla») the word after «sobre» would always be «la»;
- «gatito» / «gatinho» is only ever followed by «se» / «sentou», and «comió
  pescado» / «comeu peixe» occurs: the count model rules out «el gatito comió
  pescado», a normal sentence it never saw;
- «persiguió al» / «perseguiu o» closes a loop (gato -> persiguió -> al -> perro
  -> persiguió ...), so a sampled sentence can run on, and the length bound matters.

``WORDS`` maps language-neutral keys (the Choice values) to the word in each
language; only corpus words are listed.
"""

from __future__ import annotations

__all__ = ["CORPUS", "STOP", "WORDS", "QUIZ", "STARTS"]

STOP = "."

CORPUS: dict[str, list[str]] = {
    "es": [
        "el gato comió pescado .",
        "el perro comió un hueso .",
        "el gatito se sentó en la alfombra .",
        "el gato persiguió al perro .",
        "el perro persiguió al gato .",
        "los gatos durmieron sobre tapetes .",
        "los perros durmieron sobre alfombras .",
        "dejamos los abrigos sobre sillas .",
    ],
    "pt": [
        "o gato comeu peixe .",
        "o cachorro comeu um osso .",
        "o gatinho sentou no tapete .",
        "o gato perseguiu o cachorro .",
        "o cachorro perseguiu o gato .",
        "os gatos dormiram sobre esteiras .",
        "os cachorros dormiram sobre tapetes .",
        "deixamos os casacos sobre cadeiras .",
    ],
}

# key -> {lang: word}; the order is the order of the word menu.
WORDS: dict[str, dict[str, str]] = {
    "on": {"es": "sobre", "pt": "sobre"},
    "the": {"es": "el", "pt": "o"},
    "cat": {"es": "gato", "pt": "gato"},
    "dog": {"es": "perro", "pt": "cachorro"},
    "kitten": {"es": "gatito", "pt": "gatinho"},
    "ate": {"es": "comió", "pt": "comeu"},
    "chased": {"es": "persiguió", "pt": "perseguiu"},
    "the_pl": {"es": "los", "pt": "os"},
    "slept": {"es": "durmieron", "pt": "dormiram"},
    "we_left": {"es": "dejamos", "pt": "deixamos"},
}

# The quiz of section 3: after «sobre», the probability of this word.
QUIZ: dict[str, tuple[str, str]] = {"es": ("sobre", "sillas"), "pt": ("sobre", "cadeiras")}

# Start words offered by the sentence sampler (keys of WORDS).
STARTS = ("the", "the_pl", "cat")
