// Precompressed copies of a built bundle, for hosts that serve them as they are (nginx's gzip_static and
// brotli_static, Caddy's `precompressed`, Apache with MultiViews or mod_rewrite: README, "A static copy").
// Beside every text and wasm file X of DIST (html, js, css, wasm, json, webmanifest, svg; never png, which is
// compressed already) it writes X.br (brotli quality 11, text mode for text and generic mode for wasm, with the
// size hint) and X.gz (gzip level 9), each only when it is smaller than X; a copy that would not shrink X is
// left out (and an old one removed). Runs last in `make dist`, after scripts/pwa.mjs, so the service worker's
// precache list never names a .br or .gz (its glob, in scripts/sw.mjs, matches none of them either).
// Running it twice rewrites the same copies: .br and .gz files are never compressed again.
// Usage: node scripts/compress.mjs dist
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { extname, join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const TEXT = new Set([".html", ".js", ".css", ".json", ".webmanifest", ".svg"]);
const BINARY = new Set([".wasm"]);

/** Every file under `dir`, as absolute paths. */
async function files(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath ?? e.path, e.name));
}

/** Brotli at its best quality, in the mode for `ext`'s content, told the input's size. */
function brotli(body, ext) {
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: TEXT.has(ext) ? constants.BROTLI_MODE_TEXT : constants.BROTLI_MODE_GENERIC,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/** Writes `file`+`suffix` when `packed` is smaller than the original; removes a stale one otherwise. */
async function keepIfSmaller(file, suffix, packed, raw, count) {
  if (packed.length < raw) {
    await writeFile(file + suffix, packed);
    count.files += 1;
    count.bytes += packed.length;
  } else {
    await rm(file + suffix, { force: true });
    count.skipped += 1;
  }
}

const dist = resolve(process.argv[2] ?? "dist");
const br = { files: 0, bytes: 0, skipped: 0 };
const gz = { files: 0, bytes: 0, skipped: 0 };
let sources = 0;
let rawBytes = 0;
for (const file of (await files(dist)).sort()) {
  const ext = extname(file);
  if (!TEXT.has(ext) && !BINARY.has(ext)) continue;
  const body = await readFile(file);
  sources += 1;
  rawBytes += body.length;
  await keepIfSmaller(file, ".br", brotli(body, ext), body.length, br);
  await keepIfSmaller(file, ".gz", gzipSync(body, { level: 9 }), body.length, gz);
}
const skipped = br.skipped + gz.skipped;
console.log(
  `compress: ${sources} files (${rawBytes} B): ${br.files} .br (${br.bytes} B), ${gz.files} .gz (${gz.bytes} B)` +
    (skipped ? `, ${skipped} left out (not smaller)` : ""),
);
