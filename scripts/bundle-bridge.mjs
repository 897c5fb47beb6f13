// The bridge's ES modules (overrides/bridge/) bundled into classic scripts, one per entry point:
// browsers run no module script from file://, and the pages' policy allows scripts from the site only.
//   node scripts/bundle-bridge.mjs <overrides/bridge> <out dir>
// Called by macros/jsbundle.py, which caches the output by the sources' hash; esbuild is pinned in
// package.json. Each output is an IIFE: nothing leaks into the page but what an entry sets itself.
import { build } from "esbuild";
import path from "node:path";

const [src, out] = process.argv.slice(2);
const ENTRIES = {  // output file -> entry module
  "head.js": "head.js",
  "aula.js": "page.js",
  "py-worker.mjs": "worker/http.js",
  "py-worker-file.js": "worker/file.js",
  "sw.js": "sw/main.js",  // the service worker, led by its data in the site's sw.js (macros/pwa.py)
};

await Promise.all(Object.entries(ENTRIES).map(([name, entry]) => build({
  entryPoints: [path.join(src, entry)],
  outfile: path.join(out, name),
  bundle: true,
  format: "iife",
  target: "es2020",
  minify: true,
  legalComments: "none",
  logLevel: "warning",
})));
