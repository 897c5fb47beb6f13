"""The real model of the last lesson: a small decoder-only Transformer per language,
trained by training/train.py on the corpus in training/corpus/, run here in plain Python.

- :mod:`.vocab`: the tokenizer (chapter 1's BPE and longest match, with byte fallback);
- :mod:`.load`: weights from ``weights_<lang>.py`` (float16, base64), decoded on first use;
- :mod:`.forward`: the forward pass, one token at a time, with a key/value cache;
- :mod:`.generate`: what the widgets ask (tokens, next-token probabilities, sampling, neighbours).

Nothing here is imported by ``lesson_core`` at start-up except through a widget call, so
the weights are read only when a reader (or the build) first asks the model something.
"""
