"""The corpus the vectors chapter's word vectors learn from (topics/emb_learn.py), one per language.

Designed so that three groups of nouns have the same neighbours inside a group and different ones
across groups: animals come before «come», «duerme», «juega»; vehicles before «llega», «sale»,
«pasa»; food comes after «comemos», «compramos», «cortamos». Not every combination occurs, so
no two words have exactly the same neighbours. Lowercase words separated by single spaces.
"""

from __future__ import annotations

__all__ = ["CORPUS", "GROUPS"]

CORPUS: dict[str, list[str]] = {
    "es": [
        "el gato come .", "el perro come .", "el caballo come .",
        "el gato duerme .", "el perro duerme .", "el caballo duerme .",
        "el gato juega .", "el perro juega .",
        "el auto llega .", "el tren llega .", "el barco llega .",
        "el auto sale .", "el tren sale .", "el barco sale .",
        "el auto pasa .", "el tren pasa .",
        "comemos pan .", "comemos queso .", "comemos sopa .",
        "compramos pan .", "compramos queso .", "compramos sopa .",
        "cortamos pan .", "cortamos queso .",
    ],
    "pt": [
        "o gato come .", "o cachorro come .", "o cavalo come .",
        "o gato dorme .", "o cachorro dorme .", "o cavalo dorme .",
        "o gato brinca .", "o cachorro brinca .",
        "o carro chega .", "o trem chega .", "o barco chega .",
        "o carro sai .", "o trem sai .", "o barco sai .",
        "o carro passa .", "o trem passa .",
        "comemos pão .", "comemos queijo .", "comemos sopa .",
        "compramos pão .", "compramos queijo .", "compramos sopa .",
        "cortamos pão .", "cortamos queijo .",
    ],
}

# The words drawn, by group: (group key, words). The key names the group's colour and label.
GROUPS: dict[str, list[tuple[str, list[str]]]] = {
    "es": [("animal", ["gato", "perro", "caballo"]), ("vehicle", ["auto", "tren", "barco"]),
           ("food", ["pan", "queso", "sopa"])],
    "pt": [("animal", ["gato", "cachorro", "cavalo"]), ("vehicle", ["carro", "trem", "barco"]),
           ("food", ["pão", "queijo", "sopa"])],
}
