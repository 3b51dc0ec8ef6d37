// Builds the explorer's Web Worker (issue 52) into the release bundle, right after scripts/split.mjs: the worker
// is a wasm of its own (src/bin/explore-worker.rs: the engine, its explorer and the story reader, no UI), which the
// page starts when a search starts (src/ui/search_workers.rs), never on a first load.
//   1. cargo builds the bin in Cargo.toml's `worker` profile: the release profile at opt-level 3, for speed, since
//      the worker is no part of the first load (the Makefile passes the path remapping in the environment; the
//      size flags of the app's build are left out). It has its own target directory (worker/), so the library is
//      compiled a second time, at this level.
//   2. wasm-bindgen --target no-modules (a classic worker: importScripts and no module workers needed, which
//      every browser the lab supports runs), then wasm-opt -O3.
//   3. One script, explore-worker-<hash>.js: wasm-bindgen's script, then the lines that start the wasm and hand it
//      each job ([story, job]: src/ui/explore_worker.rs); a wasm that cannot load answers "refused", and the page
//      runs the search itself. The wasm is explore-worker-<hash>_bg.wasm; <hash> is of both files' content.
//   4. index.html names the script in <meta name="explore-worker">, where the page looks for it. The service
//      worker precaches both files with the rest of the bundle (scripts/pwa.mjs runs after this), so a search
//      works offline.
//
// Usage: node scripts/worker.mjs dist
import { rmSync } from "node:fs";
import { mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { createHash } from "node:crypto";
import { join, resolve } from "node:path";
import { tmpdir } from "node:os";
import { execFileSync } from "node:child_process";
import { FEATURES } from "./wasm-opt-args.mjs";

const BIN = "explore-worker";
const META = "explore-worker";
const PROFILE = "worker";
/** wasm-opt's work on the worker: speed, and nothing the browser does not need. */
const WASM_OPT = ["-O3", "--strip-debug", "--strip-producers", "--strip-target-features"];

const fail = (message) => {
  console.error(`worker: ${message}`);
  process.exit(1);
};
const run = (tool, args) => execFileSync(tool, args, { stdio: ["ignore", "inherit", "inherit"] });

const dir = process.argv[2] ?? "dist";
if ((await readdir(dir)).some((n) => n.startsWith(`${BIN}-`))) fail(`${dir} has a worker already: run Trunk first`);
run("cargo", ["build", "--profile", PROFILE, "--offline", "--target", "wasm32-unknown-unknown", "--bin", BIN]);
const input = resolve(process.env.CARGO_TARGET_DIR ?? "target", `wasm32-unknown-unknown/${PROFILE}/${BIN}.wasm`);
const work = await mkdtemp(join(tmpdir(), "fencing-lab-worker-"));
process.on("exit", () => rmSync(work, { recursive: true, force: true }));
run("wasm-bindgen", ["--target", "no-modules", "--no-typescript", "--out-name", BIN, "--out-dir", work, input]);
// Exports the worker never calls, which would keep their code: the wasm-streams classes Leptos brings
// (scripts/unexport.mjs), and the app's split points were the library built with --cfg fencing_split (the worker's
// build is not). Removed before the optimizer runs, so it drops what only they reached; the script's classes for
// them stay, never constructed.
const bound = join(work, "bound.wasm");
await writeFile(bound, withoutCustomSections(await readFile(join(work, `${BIN}_bg.wasm`))));
const unused = WebAssembly.Module.exports(new WebAssembly.Module(await readFile(bound)))
  .map((e) => e.name)
  .filter((name) => /^(__wasm_split_|_WASM_SPLIT_MARKER_|__wbg_intounderlying|intounderlying)/.test(name));
const removals = unused.flatMap((name) => ["--remove-exports", `--pass-arg=remove-exports@${name}`]);
const optimized = join(work, "opt.wasm");
run("wasm-opt", [bound, ...FEATURES, ...removals, ...WASM_OPT, "-o", optimized]);
const left = WebAssembly.Module.exports(new WebAssembly.Module(await readFile(optimized))).map((e) => e.name);
if (!left.includes("explore") || left.some((name) => unused.includes(name))) fail(`the worker's exports: ${left.join(" ")}`);
const wasm = await readFile(optimized);
const glue = await readFile(join(work, `${BIN}.js`), "utf8");
if (!/^let wasm_bindgen\b/m.test(glue)) fail(`wasm-bindgen's ${BIN}.js does not define wasm_bindgen`);
const hash = createHash("sha256").update(wasm).update(glue).digest("hex").slice(0, 16);
const wasmName = `${BIN}-${hash}_bg.wasm`;
const scriptName = `${BIN}-${hash}.js`;
// The page posts [story, job]; until the wasm is ready each job waits on it. A wasm that cannot load, or a job that
// traps (a panic rejects the promise, which the page would never hear of), answers "refused".
const start = `
const ready = wasm_bindgen({ module_or_path: "./${wasmName}" });
self.onmessage = (event) => ready
  .then(() => wasm_bindgen.explore(event.data[0], event.data[1]))
  .catch(() => self.postMessage("refused"));
`;
await writeFile(join(dir, wasmName), wasm);
await writeFile(join(dir, scriptName), glue + start);
const file = join(dir, "index.html");
const html = await readFile(file, "utf8");
if (!html.includes("</head>")) fail("index.html has no </head>");
await writeFile(file, html.replace("</head>", `  <meta name="${META}" content="./${scriptName}" />\n  </head>`));
console.log(`worker: ${wasmName} ${wasm.length} B, ${scriptName} ${(glue + start).length} B`);

/**
 * `wasm` without its custom sections: the relocations and linking data, were it built with --emit-relocs for the
 * splitter (about 650 KB, which binaryen would keep, warning that it cannot handle them), and the splitter's marker. The worker
 * reads none of them; wasm-opt's params strip the names and producers anyway.
 */
function withoutCustomSections(wasm) {
  const kept = [wasm.subarray(0, 8)];
  let at = 8;
  const leb = () => {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = wasm[at++];
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
  };
  while (at < wasm.length) {
    const start = at;
    const id = wasm[at++];
    const length = leb();
    const end = at + length;
    if (end > wasm.length) fail("a wasm section runs past the end of the module");
    if (id !== 0) kept.push(wasm.subarray(start, end));
    at = end;
  }
  return Buffer.concat(kept);
}
