// Build-time math: reads one JSON array [{tex, display}] per line on stdin and answers each with one
// line [{html} | {error}] on stdout, so one process serves a whole build (macros/mathml.py).
// KaTeX (vendored from npm, pinned in package.json) renders MathML only: no fonts, no CSS, no JS on the page.
"use strict";
const katex = require("katex");
const readline = require("node:readline");

const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on("line", (line) => {
  if (!line.trim()) return;
  const out = JSON.parse(line).map(({ tex, display }) => {
    try {
      return { html: katex.renderToString(tex, { displayMode: display, output: "mathml", throwOnError: true, strict: "ignore" }) };
    } catch (err) {
      return { error: String(err.message || err) };
    }
  });
  process.stdout.write(JSON.stringify(out) + "\n");
});
