"""Where a decoder-only Transformer keeps its parameters: embeddings, attention, feed-forward.

Per layer, attention holds four d x d matrices (W_Q, W_K, W_V and the output W_O): 4d^2; the
feed-forward layer holds two, d x f and f x d: 2df, which is 8d^2 with the usual f = 4d. So
the feed-forward layer holds 8 of each layer's 12 d^2, two thirds. Layer norms add 2d per norm.
Bias vectors (GPT-3 has them, the real model does not) are left out: a few d per layer.

Example: budget(d=64, layers=2, ff=256, vocab=1291, context=64)["total"] -> 185 664,
the real model's count (lesson_core.model.load.count_params).
"""

from __future__ import annotations

__all__ = ["budget", "GPT3"]

# GPT-3 175B (Brown et al. 2020, Table 2.1): d_model 12288, 96 layers, d_ff = 4 d_model,
# context 2048; vocabulary 50257 (GPT-2's byte-level BPE, which GPT-3 reuses).
GPT3 = {"d": 12288, "layers": 96, "ff": 4 * 12288, "vocab": 50257, "context": 2048}


def budget(d: int, layers: int, ff: int, vocab: int, context: int) -> dict:
    """Parameter counts by role, and the feed-forward layer's share of a layer and of the model."""
    emb = vocab * d + context * d          # token vectors + position vectors
    attn = layers * 4 * d * d              # W_Q, W_K, W_V, W_O in every layer
    ffn = layers * 2 * d * ff              # the two matrices of every feed-forward layer
    norms = layers * 4 * d + 2 * d         # two norms per layer (gain, shift), one at the end
    total = emb + attn + ffn + norms
    per_layer = 4 * d * d + 2 * d * ff + 4 * d
    return {"embeddings": emb, "attention": attn, "feed_forward": ffn, "norms": norms, "total": total,
            "ffn_layer_share": 2 * d * ff / per_layer, "ffn_share": ffn / total, "emb_share": emb / total,
            "attn_share": attn / total}
