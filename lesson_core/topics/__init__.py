"""The lessons' mathematics, one module per idea (attention, bigram, bpe, ...): plain lists and
floats, no HTML. Imports only the kit and the data tables."""
