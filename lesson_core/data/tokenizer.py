"""The small vocabulary of the tokenizer demo (seed 003, "Dividir el texto en fragmentos").

Ids 0-255 are the 256 byte values (any text can be written with them); the
entries below take ids from 256 on, in order. The seed fixes 257 «gato» and
258 «perro» (pt: «cachorro»). The Chinese entries make 机器学习 ("machine
learning") split into 机器 «máquina» + 学习 «aprendizaje» (pt: «aprendizado»),
and leave 咪 out so that 猫咪 shows the byte fallback (咪 -> E5 92 AA).
Subword pieces («aprend», «izaje», «mente», ...) let longest match show itself.
"""

from __future__ import annotations

__all__ = ["VOCAB", "GLOSS", "SAMPLES"]

_ZH = ["机器", "学习", "机", "学", "猫"]

VOCAB: dict[str, list[str]] = {
    "es": ["el", "gato", "perro", "El", "la", "La", "los", "las", "un", "una", "de", "en", "y", "que",
           "se", "sobre", "come", "comió", "sentó", "pescado", "gatito", "casa", "texto", "token", "tokens",
           "aprend", "aprendiz", "izaje", "aprendizaje", "máquina", "mente", "ción", "ando", "es", "ó", "á",
           "é", "í", "ú", "ñ", "¿", "¡", *_ZH],
    "pt": ["o", "gato", "cachorro", "O", "a", "A", "os", "as", "um", "uma", "de", "em", "e", "que",
           "se", "sobre", "come", "comeu", "sentou", "peixe", "gatinho", "casa", "texto", "token", "tokens",
           "aprend", "aprendiz", "izado", "aprendizado", "máquina", "mente", "ção", "ando", "es", "ó", "á",
           "é", "í", "ú", "ã", "ç", "õ", *_ZH],
}

# Meanings shown next to the Chinese tokens.
GLOSS: dict[str, dict[str, str]] = {
    "机器": {"es": "máquina", "pt": "máquina"},
    "学习": {"es": "aprendizaje", "pt": "aprendizado"},
    "机": {"es": "máquina (1 carácter)", "pt": "máquina (1 caractere)"},
    "学": {"es": "aprender (1 carácter)", "pt": "aprender (1 caractere)"},
    "猫": {"es": "gato", "pt": "gato"},
    "咪": {"es": "(gatito, en 猫咪)", "pt": "(gatinho, em 猫咪)"},
}

# Example texts: the first is the text box's default (9 tokens, as in the seed);
# the others are edge cases the tests and the parity check run.
SAMPLES: list[str] = [
    "gato 机器学习 猫咪",
    "El gato comió pescado.",
    "O gato comeu peixe.",
    "aprendizaje automático",
    "👩‍💻 café = cafe\u0301",
    "مرحبا שלום",
]
