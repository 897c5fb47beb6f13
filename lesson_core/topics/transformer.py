"""The Transformer block of lesson 2, section 8: layer normalization step by step,
the parts of one block, and why attention needs positions.

Layer normalization (Ba, Kiros & Hinton, 2016), learned scale 1 and shift 0:

    mean  = (x_1 + ... + x_n) / n
    dev_i = x_i - mean
    var   = (dev_1^2 + ... + dev_n^2) / n          (divide by n, not n - 1)
    std   = sqrt(var + eps)                        eps = 0.00001 keeps it above 0
    y_i   = dev_i / std

Example: layer_norm_steps([2, 6]) -> mean 4, deviations [-2, 2], variance 4,
std sqrt(4.00001) = 2.0000025, normalized [-0.99999875, 0.99999875].
Two equal numbers give variance 0 and normalized [0, 0]: eps avoids 0 / 0.

The block is drawn as in GPT-2-style decoders (normalize, attend, add back;
normalize, feed forward, add back: "pre-LN", Radford et al. 2019, §2.3); the 2017 original and
the first GPT (2018) normalized after each sum.
"""

from __future__ import annotations

import math
from typing import Sequence

from ..kit import fpmath

from ..data import attention as da
from .attention import attention, with_positions

__all__ = ["EPS", "layer_norm_steps", "layer_norm", "BLOCK_PARTS", "word_order"]

EPS = 1e-5  # PyTorch's default for nn.LayerNorm


def layer_norm_steps(xs: Sequence[float], eps: float = EPS) -> dict:
    """Every intermediate number of a layer normalization, in order."""
    n = len(xs)
    if n == 0:
        raise ValueError("layer norm of nothing")
    mean = math.fsum(xs) / n
    devs = [x - mean for x in xs]
    squares = [d * d for d in devs]
    var = math.fsum(squares) / n
    std = math.sqrt(var + eps)
    return {"xs": list(xs), "n": n, "mean": mean, "devs": devs, "squares": squares, "var": var,
            "eps": eps, "std": std, "normalized": [d / std for d in devs]}


def layer_norm(xs: Sequence[float], eps: float = EPS) -> list[float]:
    return layer_norm_steps(xs, eps)["normalized"]


# The parts of one block, bottom to top: (id, name, what it does and why it is needed).
BLOCK_PARTS: list[tuple[str, dict, dict]] = [
    ("input", {"es": "Vectores de entrada", "pt": "Vetores de entrada"},
     {"es": "Cada token entra como su fila de la tabla de vectores más el vector de su posición. "
            "Sin ese vector de posición, la capa no sabría en qué orden venían los tokens.",
      "pt": "Cada token entra como sua linha da tabela de vetores somada ao vetor da sua posição. "
            "Sem esse vetor de posição, a camada não saberia em que ordem os tokens vieram."}),
    ("norm1", {"es": "Normalización", "pt": "Normalização"},
     {"es": "Centra los números de cada token en cero y ajusta su dispersión a uno, antes de la atención. "
            "Así ningún token entra con números desmesurados. El Transformer de 2017, y también el primer GPT, "
            "normalizaban después de cada suma; desde GPT-2 (2019), los modelos GPT lo hacen antes.",
      "pt": "Centraliza os números de cada token em zero e ajusta a dispersão para um, antes da atenção. "
            "Assim nenhum token entra com números exagerados. O Transformer de 2017 e o primeiro GPT "
            "normalizavam depois de cada soma; a partir do GPT-2 (2019), os modelos GPT fazem isso antes."}),
    ("attn", {"es": "Atención de varias cabezas", "pt": "Atenção com várias cabeças"},
     {"es": "Varias cabezas de atención, como las que acabamos de ver, trabajan en paralelo: cada token recoge "
            "información de los tokens que puede ver. Es el único paso en que los tokens se comunican.",
      "pt": "Várias cabeças de atenção, como as que acabamos de ver, trabalham em paralelo: cada token recolhe "
            "informação dos tokens que consegue ver. É o único passo em que os tokens se comunicam."}),
    ("res1", {"es": "Suma residual", "pt": "Soma residual"},
     {"es": "Lo que devuelve la atención se suma al vector que entró, en lugar de sustituirlo. "
            "El token conserva lo que ya sabía y el aprendizaje llega con facilidad a las primeras capas.",
      "pt": "O que a atenção devolve é somado ao vetor que entrou, em vez de substituí-lo. "
            "O token conserva o que já sabia e o aprendizado chega com facilidade às primeiras camadas."}),
    ("norm2", {"es": "Normalización", "pt": "Normalização"},
     {"es": "Otra normalización, ahora antes de la red de cada token, con su propia escala y desplazamiento "
            "aprendidos.",
      "pt": "Outra normalização, agora antes da rede de cada token, com sua própria escala e deslocamento "
            "aprendidos."}),
    ("ffn", {"es": "Red de cada token", "pt": "Rede de cada token"},
     {"es": "Una pequeña red neuronal transforma el vector de cada token por separado: lo amplía (en el "
            "original, de 512 a 2048 números), aplica una función no lineal y lo reduce otra vez. Aquí se "
            "procesa lo que la atención ha reunido.",
      "pt": "Uma pequena rede neural transforma o vetor de cada token separadamente: amplia-o (no original, "
            "de 512 para 2.048 números), aplica uma função não linear e o reduz de novo. Aqui se processa o "
            "que a atenção reuniu."}),
    ("res2", {"es": "Suma residual", "pt": "Soma residual"},
     {"es": "La salida de la red también se suma a su entrada. El resultado tiene la misma forma que la "
            "entrada de la capa, de modo que otra capa idéntica puede ir encima.",
      "pt": "A saída da rede também é somada à sua entrada. O resultado tem a mesma forma da entrada da "
            "camada, então outra camada idêntica pode vir por cima."}),
    ("stack", {"es": "× N capas", "pt": "× N camadas"},
     {"es": "El modelo apila muchas capas iguales en forma, cada una con sus propios números aprendidos: "
            "6 en el Transformer original, 96 en GPT-3.",
      "pt": "O modelo empilha muitas camadas com a mesma forma, cada uma com seus próprios números aprendidos: "
            "6 no Transformer original, 96 no GPT-3."}),
    ("output", {"es": "Puntuaciones del siguiente token", "pt": "Pontuações do próximo token"},
     {"es": "Tras la última capa, el vector del último token se compara con el vector de cada candidato: "
            "esas puntuaciones, convertidas en probabilidades, eligen el siguiente token (lo verás en el capítulo 3).",
      "pt": "Depois da última camada, o vetor do último token é comparado com o vetor de cada candidato: "
            "essas pontuações, convertidas em probabilidades, escolhem o próximo token (veja o capítulo 3)."}),
]


def word_order(positions: bool) -> dict:
    """Both orders of «dog bites person» through head A, no mask.

    Returns per sentence the token ids, input vectors and outputs, and the
    output of "dog" in each. Without positions both "dog" outputs are equal bit
    for bit (fsum makes the sums order-independent); with them they differ."""
    runs = []
    for ids in da.ORDER_SENTENCES:
        xs = [list(da.ORDER_FEATURES[t]) for t in ids]
        if positions:
            xs = with_positions(xs)
        res = attention(xs, da.HEADS["A"], mask=False, scale=True)
        runs.append({"ids": ids, "xs": xs, "weights": res["weights"], "outputs": res["outputs"],
                     "dog": res["outputs"][ids.index("dog")]})
    gap = fpmath.hypot(*(a - b for a, b in zip(runs[0]["dog"], runs[1]["dog"])))
    return {"runs": runs, "gap": gap, "same": gap == 0.0}
