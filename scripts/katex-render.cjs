// Build-time math: reads [{tex, display}] as JSON on stdin, writes [{html} | {error}] on stdout.
// KaTeX (vendored from npm, pinned in package.json) renders MathML only: no fonts, no CSS, no JS on the page.
"use strict";
const katex = require("katex");
let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => { input += chunk; });
process.stdin.on("end", () => {
  const items = JSON.parse(input);
  const out = items.map(({ tex, display }) => {
    try {
      return { html: katex.renderToString(tex, { displayMode: display, output: "mathml", throwOnError: true, strict: "ignore" }) };
    } catch (err) {
      return { error: String(err.message || err) };
    }
  });
  process.stdout.write(JSON.stringify(out));
});
