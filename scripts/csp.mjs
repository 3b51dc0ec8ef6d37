// Adds a strict Content-Security-Policy to a built index.html: only this origin, plus the hash of the
// one inline module script Trunk writes to start the wasm, and 'wasm-unsafe-eval' to compile it.
// Usage: node scripts/csp.mjs dist
import { readFile, writeFile } from "node:fs/promises";
import { createHash } from "node:crypto";
import { join } from "node:path";

const file = join(process.argv[2] ?? "dist", "index.html");
let html = await readFile(file, "utf8");
const scripts = [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)];
if (scripts.length !== 1) {
  console.error(`csp: expected exactly one inline module script in ${file}, found ${scripts.length}`);
  process.exit(1);
}
const hash = createHash("sha256").update(scripts[0][1], "utf8").digest("base64");
const policy = [
  "default-src 'self'",
  `script-src 'self' 'wasm-unsafe-eval' 'sha256-${hash}'`,
  "style-src 'self'",
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
