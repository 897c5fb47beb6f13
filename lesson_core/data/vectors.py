"""Hand-made word vectors for lesson 2, sections 5-6 (seed 003): 19 words x 8 labelled numbers.

The numbers are invented so that each position can be read (how much the word is an
animal, a vehicle, food ...); a real model learns unlabelled numbers instead. The
meanings are shared between languages, so the numbers are too; only the words differ.
Mind the false friend: Spanish «cachorro» is a puppy (Portuguese «filhote»), while
Portuguese «cachorro» is a dog (Spanish «perro»).

Designed so that (checked in tests/test_vectors.py):
- the five nearest words to cat by cosine over all 8 numbers are, in order,
  dog, lion, horse, puppy, kitten (es: perro, león, caballo, cachorro, gatito;
  pt: cachorro, leão, cavalo, filhote, gatinho);
- king - man + woman is nearest to queen once the three inputs are excluded,
  and only approximately equal to it (the sizes do not cancel exactly);
- with the axes animal, vehicle, food the words form three groups and the six
  person words sit together near the origin.
"""

from __future__ import annotations

from ..kit.fmt import tr

__all__ = ["DIMS", "WORDS", "VECTORS", "WORD_IDS", "label", "dim_label"]

# The eight positions, in order: (id, {"es": label, "pt": label}).
DIMS: list[tuple[str, dict]] = [
    ("animal", {"es": "animal", "pt": "animal"}),
    ("vehicle", {"es": "vehículo", "pt": "veículo"}),
    ("food", {"es": "alimento", "pt": "alimento"}),
    ("person", {"es": "persona", "pt": "pessoa"}),
    ("female", {"es": "femenino", "pt": "feminino"}),
    ("royal", {"es": "realeza", "pt": "realeza"}),
    ("size", {"es": "tamaño", "pt": "tamanho"}),
    ("young", {"es": "juventud", "pt": "juventude"}),
]

# id -> the word in each language (lowercase, as in running text).
WORDS: dict[str, dict] = {
    "cat": {"es": "gato", "pt": "gato"},
    "dog": {"es": "perro", "pt": "cachorro"},
    "lion": {"es": "león", "pt": "leão"},
    "horse": {"es": "caballo", "pt": "cavalo"},
    "puppy": {"es": "cachorro", "pt": "filhote"},
    "kitten": {"es": "gatito", "pt": "gatinho"},
    "man": {"es": "hombre", "pt": "homem"},
    "woman": {"es": "mujer", "pt": "mulher"},
    "king": {"es": "rey", "pt": "rei"},
    "queen": {"es": "reina", "pt": "rainha"},
    "boy": {"es": "niño", "pt": "menino"},
    "girl": {"es": "niña", "pt": "menina"},
    "car": {"es": "auto", "pt": "carro"},
    "truck": {"es": "camión", "pt": "caminhão"},
    "bike": {"es": "bicicleta", "pt": "bicicleta"},
    "plane": {"es": "avión", "pt": "avião"},
    "apple": {"es": "manzana", "pt": "maçã"},
    "bread": {"es": "pan", "pt": "pão"},
    "fish": {"es": "pescado", "pt": "peixe"},
}

#              animal vehicle food person female royal size young
VECTORS: dict[str, list[float]] = {
    "cat":    [0.90, 0.00, 0.00, 0.00, 0.00, 0.00, 0.30, 0.20],
    "dog":    [0.90, 0.00, 0.00, 0.00, 0.00, 0.00, 0.40, 0.20],
    "lion":   [0.90, 0.00, 0.00, 0.00, 0.00, 0.10, 0.60, 0.10],
    "horse":  [0.85, 0.00, 0.00, 0.00, 0.00, 0.00, 0.80, 0.10],
    "puppy":  [0.85, 0.00, 0.00, 0.00, 0.00, 0.00, 0.10, 0.80],
    "kitten": [0.80, 0.00, 0.00, 0.00, 0.00, 0.00, 0.05, 0.90],
    "man":    [0.05, 0.00, 0.00, 0.90, 0.00, 0.00, 0.70, 0.10],
    "woman":  [0.05, 0.00, 0.00, 0.90, 0.90, 0.00, 0.60, 0.10],
    "king":   [0.05, 0.00, 0.00, 0.90, 0.00, 0.90, 0.75, 0.20],
    "queen":  [0.05, 0.00, 0.00, 0.90, 0.90, 0.90, 0.60, 0.15],
    "boy":    [0.05, 0.00, 0.00, 0.90, 0.00, 0.00, 0.30, 0.90],
    "girl":   [0.05, 0.00, 0.00, 0.90, 0.90, 0.00, 0.30, 0.90],
    "car":    [0.00, 0.90, 0.00, 0.00, 0.00, 0.00, 0.50, 0.00],
    "truck":  [0.00, 0.90, 0.00, 0.00, 0.00, 0.00, 0.80, 0.00],
    "bike":   [0.00, 0.80, 0.00, 0.00, 0.00, 0.00, 0.20, 0.10],
    "plane":  [0.00, 0.90, 0.00, 0.00, 0.00, 0.00, 0.90, 0.00],
    "apple":  [0.00, 0.00, 0.90, 0.00, 0.00, 0.00, 0.10, 0.00],
    "bread":  [0.00, 0.00, 0.90, 0.00, 0.00, 0.00, 0.20, 0.00],
    "fish":   [0.20, 0.00, 0.85, 0.00, 0.00, 0.00, 0.20, 0.00],
}

WORD_IDS: list[str] = list(WORDS)


def label(word_id: str, lang: str) -> str:
    """The word for ``word_id`` in ``lang``: label("puppy", "pt") -> "filhote"."""
    return tr(lang, WORDS[word_id])


def dim_label(dim_id: str, lang: str) -> str:
    for d, names in DIMS:
        if d == dim_id:
            return tr(lang, names)
    raise KeyError(dim_id)
