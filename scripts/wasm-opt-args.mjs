// What the release build gives wasm-opt, read from the source index.html (never copied): its data-wasm-opt level
// and data-wasm-opt-params, and the wasm features rustc declares for wasm32-unknown-unknown. Trunk's wasm-opt read
// those from the wasm's target_features section, which data-wasm-opt-params strips (and a split module may not
// have); wasm-opt fails on a module that uses a feature it was not told of.
// Used by scripts/unexport.mjs and scripts/split.mjs.
import { readFile } from "node:fs/promises";

export const FEATURES = [
  "mutable-globals", "nontrapping-float-to-int", "bulk-memory", "bulk-memory-opt", "sign-ext", "reference-types",
  "multivalue", "call-indirect-overlong",
].map((f) => `--enable-${f}`);

/** { level, params } from index.html's `<link data-trunk rel="rust" …>`; throws when it has no level. */
export async function wasmOptOfIndex() {
  const source = await readFile(new URL("../index.html", import.meta.url), "utf8");
  const level = source.match(/data-wasm-opt="(\w+)"/)?.[1];
  const params = source.match(/data-wasm-opt-params="([^"]*)"/)?.[1].split(/\s+/).filter(Boolean) ?? [];
  if (!level) throw new Error("index.html has no data-wasm-opt level");
  return { level, params };
}
