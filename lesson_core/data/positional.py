"""The positional-encoding lesson's words: hand-made 8-number meaning vectors (illustrative, in [-1, 1])
for the sentence "el perro muerde al hombre" / "o cachorro morde o homem".

Example: WORDS["dog"][0]["pt"] -> "cachorro"
"""

WORDS = {
    "dog": ({"es": "perro", "pt": "cachorro"}, [0.9, 0.7, -0.2, 0.1, 0.6, -0.5, 0.3, 0.0]),
    "man": ({"es": "hombre", "pt": "homem"}, [0.8, -0.6, 0.4, 0.2, -0.3, 0.5, 0.1, 0.7]),
    "bites": ({"es": "muerde", "pt": "morde"}, [-0.7, 0.2, 0.9, -0.4, 0.1, 0.3, -0.6, 0.2]),
    "the": ({"es": "el", "pt": "o"}, [0.1, 0.0, -0.1, 0.9, 0.2, 0.1, 0.0, -0.3]),
}
