// Adds a strict Content-Security-Policy to a built index.html: only this origin, plus the hashes of the
// inline scripts (the module script Trunk writes to start the wasm, and the first screen's script that
// scripts/prerender.mjs writes, when present), the hash of that screen's inline style, and
// 'wasm-unsafe-eval' to compile the wasm.
// Usage: node scripts/csp.mjs dist
import { readFile, writeFile } from "node:fs/promises";
import { createHash } from "node:crypto";
import { join } from "node:path";

const file = join(process.argv[2] ?? "dist", "index.html");
let html = await readFile(file, "utf8");
const modules = [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)];
if (modules.length !== 1) {
  console.error(`csp: expected exactly one inline module script in ${file}, found ${modules.length}`);
  process.exit(1);
}
const inline = [...html.matchAll(/<script(?: type="module")?>([\s\S]*?)<\/script>/g)];
const sha256 = (text) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
const hashes = inline.map((s) => sha256(s[1]));
const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((s) => sha256(s[1]));
const policy = [
  "default-src 'self'",
  `script-src 'self' 'wasm-unsafe-eval' ${hashes.join(" ")}`,
  ["style-src 'self'", ...styles].join(" "),
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  // The service worker (scripts/pwa.mjs) and the web app manifest come from this origin only.
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");
html = html.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>\s*/g, "");
html = html.replace("<head>", `<head>\n    <meta http-equiv="Content-Security-Policy" content="${policy}" />`);
await writeFile(file, html);
console.log(`csp: ${policy}`);
