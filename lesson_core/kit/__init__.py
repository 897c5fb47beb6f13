"""The widget kit: the contract every widget follows (registry, controls, block) and what every
figure uses (html, svgkit, fmt, numtext, messages, rng, fpmath). It imports nothing from the lessons."""
