// Minifies a built bundle's stylesheet and wasm-bindgen script (and the split modules' loader, when
// scripts/split.mjs wrote one) in place and updates their subresource-integrity hashes in index.html. Trunk's
// own --minify also rewrites index.html (it drops <head> and quotes), which the CSP, PWA and test scripts read,
// so only these files are touched.
//
// CSS: comments go, whitespace runs become one space, and the spaces around { } ; , > and after a
// declaration's colon go. Strings keep their text (runs of spaces inside a string would become one; the
// stylesheet has none). JS: terser, as an ES module (compress and mangle; exports keep their names).
// Each file's Trunk hash name stays: it still names the unminified source, so it changes whenever
// the file does.
//
// Usage: node scripts/minify.mjs dist
import { readFile, writeFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { createRequire } from "node:module";
import { minifyCss } from "./css-min.mjs";
import { sri } from "./integrity.mjs";

const require = createRequire(import.meta.url);
const { minify } = require("../tools/node_modules/terser");

const dir = process.argv[2] ?? "dist";
const names = await readdir(dir);
// Trunk's hashes are up to 16 hex digits: it drops leading zeros.
const css = names.filter((n) => /^main-[0-9a-f]{1,16}\.css$/.test(n));
const js = names.filter((n) => /^fencing-lab-[0-9a-f]{1,16}\.js$/.test(n));
if (css.length !== 1 || js.length !== 1) {
  console.error(`minify: expected one stylesheet and one app script in ${dir}, found ${css.length} and ${js.length}`);
  process.exit(1);
}
// The loader of the wasm modules fetched on demand (scripts/split.mjs), which the app script imports, when split.
const loader = names.filter((n) => /^__wasm_split-[0-9a-f]{1,16}\.js$/.test(n));

let html = await readFile(join(dir, "index.html"), "utf8");
const report = [];
for (const [name, shrink] of [
  [css[0], async (t) => minifyCss(t)],
  ...[js[0], ...loader].map((name) => [name, async (t) => (await minify(t, { module: true, compress: true, mangle: true })).code]),
]) {
  const file = join(dir, name);
  const before = await readFile(file, "utf8");
  const after = await shrink(before);
  if (!after || after.length >= before.length) {
    console.error(`minify: ${name} did not get smaller (${before.length} → ${after?.length ?? 0} B)`);
    process.exit(1);
  }
  const old = sri(before);
  if (!html.includes(old)) {
    console.error(`minify: index.html has no integrity hash for ${name}`);
    process.exit(1);
  }
  html = html.replaceAll(old, sri(after));
  await writeFile(file, after);
  report.push(`${name} ${before.length} → ${after.length} B`);
}
await writeFile(join(dir, "index.html"), html);
console.log(`minify: ${report.join(", ")}`);
