"""Hand-made data for choosing the next token (lesson 2, section 9) and for training
three logits (section 10).

The four features of every vector are [object to sit on, indoors, soft, food].
The numbers are illustrative, chosen so that the lesson's statements hold:
«tapete» (pt «esteira») is the most likely continuation, «sofá» comes close
behind it, food and the moon are unlikely (tests/test_sampling.py checks this).

Example: logit(tapete) = h . e = 2*1 + 0.6*0.8 + 0.8*0.6 + (-1.5)*0 = 2.96
"""

from __future__ import annotations

__all__ = ["FEATURES", "CONTEXT", "H", "CANDIDATES", "TRAIN_WORDS", "TRAIN_LOGITS", "TRAIN_CORRECT"]

FEATURES = {
    "es": ["objeto para sentarse", "interior", "blando", "alimento"],
    "pt": ["objeto para sentar", "interior", "macio", "alimento"],
}

# The sentence whose next word is chosen; the blank is the slot.
CONTEXT = {"es": "El gato se sentó en ____", "pt": "Lugar onde o gato se sentou: ____"}

# The vector h left for the last token after the final layer (4 features).
H = [2.0, 0.6, 0.8, -1.5]

# (key, label per language, candidate vector), most to least likely under H.
CANDIDATES = [
    ("mat", {"es": "tapete", "pt": "esteira"}, [1.0, 0.8, 0.6, 0.0]),
    ("rug", {"es": "alfombra", "pt": "tapete"}, [0.8, 1.0, 0.7, 0.0]),
    ("sofa", {"es": "sofá", "pt": "sofá"}, [0.7, 1.0, 0.9, 0.0]),
    ("chair", {"es": "silla", "pt": "cadeira"}, [0.9, 0.9, 0.1, 0.0]),
    ("floor", {"es": "suelo", "pt": "chão"}, [0.5, 0.6, 0.0, 0.0]),
    ("roof", {"es": "tejado", "pt": "telhado"}, [0.4, 0.0, 0.0, 0.0]),
    ("moon", {"es": "luna", "pt": "lua"}, [0.0, 0.0, 0.2, 0.0]),
    ("pizza", {"es": "pizza", "pt": "pizza"}, [0.1, 0.6, 0.6, 1.0]),
]

# Section 10: three output logits trained directly; the correct answer is the first.
# (The seed's table called it «alfombra» while its text said «esterilla», the Spanish-from-Spain word; we use «tapete».)
TRAIN_WORDS = [
    {"es": "tapete", "pt": "esteira"},
    {"es": "sofá", "pt": "sofá"},
    {"es": "luna", "pt": "lua"},
]
TRAIN_LOGITS = [0.50, 0.80, 0.20]
TRAIN_CORRECT = 0
