// What the release build gives wasm-opt, read from the source index.html (never copied): the level and params in
// its data-wasm-opt-params, and the wasm features rustc declares for wasm32-unknown-unknown. Trunk's wasm-opt read
// those from the wasm's target_features section, which data-wasm-opt-params strips (and a split module may not
// have); wasm-opt fails on a module that uses a feature it was not told of.
// Used by scripts/unexport.mjs and scripts/split.mjs.
import { readFile } from "node:fs/promises";

export const FEATURES = [
  "mutable-globals", "nontrapping-float-to-int", "bulk-memory", "bulk-memory-opt", "sign-ext", "reference-types",
  "multivalue", "call-indirect-overlong",
].map((f) => `--enable-${f}`);

/**
 * { level, params } from index.html's `<link data-trunk rel="rust" …>`: Trunk's own wasm-opt is off there
 * (data-wasm-opt="0": it would optimise the wasm scripts/split.mjs replaces, about 40 s of every `make dist`; Trunk
 * runs wasm-opt in release builds only, and `make dist` is the only one), so the level is data-wasm-opt-params'
 * first word (-Oz), which is where Trunk put its level, before the params. Throws when it is not there.
 */
export async function wasmOptOfIndex() {
  const source = await readFile(new URL("../index.html", import.meta.url), "utf8");
  const words = source.match(/data-wasm-opt-params="([^"]*)"/)?.[1].split(/\s+/).filter(Boolean) ?? [];
  const level = words[0]?.match(/^-O(\w+)$/)?.[1];
  if (!level) throw new Error("index.html's data-wasm-opt-params does not start with the level (-Oz)");
  if (source.match(/data-wasm-opt="(\w+)"/)?.[1] !== "0") throw new Error("index.html's data-wasm-opt is not \"0\" (Trunk's pass would be wasted)");
  return { level, params: words.slice(1) };
}
