"""Hand-made and published tables the lessons use (attention examples, bigram counts, published
models, sampling, timeline, tokenizer, vectors). Data only."""
