// Splits the release wasm into the first load and the modules fetched on demand (issue 48: the written-story
// reader and writer, src/ui/on_demand.rs), right after Trunk and before scripts/unexport.mjs.
//
// Trunk cannot split, and has no hook between cargo and wasm-bindgen (trunk#1022), so `make dist` lets Trunk
// build as usual (index.html, stylesheet, assets, hashed names, modulepreload and integrity) from a cargo build
// with `--cfg fencing_split -Clink-args=--emit-relocs`, and this script does the rest again from cargo's own
// output (target/wasm32-unknown-unknown/release/fencing-lab.wasm, under $CARGO_TARGET_DIR if set):
//   1. wasm-split-cli (wasm_split_cli_support 0.2.4) cuts it, reading the relocations: the main module, one
//      split_<name>.wasm per `#[wasm_split(name)]` module and __wasm_split.js, their loader, which the main
//      module imports and which imports initSync from the main script. (It warns "unknown name subsection with
//      id 3": harmless.) It must run before wasm-bindgen: on wasm-bindgen's output it fails.
//   2. wasm-bindgen --target web --keep-lld-exports on the main module (a split module links to the main
//      module's function table and shared exports, which wasm-bindgen drops without that flag).
//   3. wasm-opt on each module with the level and params in index.html's data-wasm-opt-params, as Trunk ran it
//      before (index.html now turns Trunk's own pass off: its output is replaced here).
// It then replaces Trunk's fencing-lab-<hash>_bg.wasm and fencing-lab-<hash>.js in place (same names, so
// index.html's references hold; their integrity hashes are updated), and adds the other files under names
// with that same hash: split_<name>-<hash>.wasm and __wasm_split-<hash>.js. Trunk's hash is a hash of cargo's
// output, the one input of everything written here, so a main module only ever loads the split modules built
// with it, through the browser's cache and the service worker's (whose precache keys hashed names by name).
// The loader is imported by the main script (so it is first load): index.html preloads it beside that script
// (modulepreload, with its integrity hash), so it costs no extra round trip.
//
// Usage: node scripts/split.mjs dist
import { rmSync } from "node:fs";
import { mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { tmpdir } from "node:os";
import { execFileSync } from "node:child_process";
import { sri } from "./integrity.mjs";
import { FEATURES, wasmOptOfIndex } from "./wasm-opt-args.mjs";

const NAME = "fencing-lab";
const LOADER = "__wasm_split";

const fail = (message) => {
  console.error(`split: ${message}`);
  process.exit(1);
};
const run = (tool, args) => execFileSync(tool, args, { stdio: ["ignore", "inherit", "inherit"] });

const dir = process.argv[2] ?? "dist";
const names = await readdir(dir);
// Trunk's hashes are up to 16 hex digits: it drops leading zeros.
const js = names.filter((n) => /^fencing-lab-[0-9a-f]{1,16}\.js$/.test(n));
const wasm = names.filter((n) => /^fencing-lab-[0-9a-f]{1,16}_bg\.wasm$/.test(n));
if (js.length !== 1 || wasm.length !== 1) fail(`expected one app script and one wasm in ${dir}, found ${js.length} and ${wasm.length}`);
if (names.some((n) => n.startsWith(LOADER) || n.startsWith("split_"))) fail(`${dir} is split already: run Trunk first`);
const hash = js[0].slice(`${NAME}-`.length, -".js".length);
if (wasm[0] !== `${NAME}-${hash}_bg.wasm`) fail(`the app script ${js[0]} and wasm ${wasm[0]} do not share a hash`);

// Cargo's output, as Trunk's cargo run left it: it must be the split build (the loader's imports) with relocations.
const input = resolve(process.env.CARGO_TARGET_DIR ?? "target", "wasm32-unknown-unknown/release/fencing-lab.wasm");
const cargoModule = new WebAssembly.Module(await readFile(input).catch(() => fail(`no ${input}: run Trunk first`)));
// Each split module's loader is an import `__wasm_split_load_<module>` (from "__wasm_split_placeholder__", which
// wasm-split-cli points at the loader script); none when nothing reachable calls a #[wasm_split] function.
if (!WebAssembly.Module.imports(cargoModule).some((i) => i.name.startsWith("__wasm_split_load_"))) {
  fail(`${input} has no split point: build it with RUSTFLAGS --cfg fencing_split (and call ui::on_demand's functions)`);
}
if (WebAssembly.Module.customSections(cargoModule, "reloc.CODE").length === 0) {
  fail(`${input} has no relocations: build it with RUSTFLAGS -Clink-args=--emit-relocs`);
}

const { level, params } = await wasmOptOfIndex().catch((e) => fail(e.message));
const work = await mkdtemp(join(tmpdir(), "fencing-lab-split-"));
// Removed however the script ends (`fail` exits at once).
process.on("exit", () => rmSync(work, { recursive: true, force: true }));
const cut = join(work, "cut");
const bound = join(work, "bound");
// Named as Trunk runs wasm-bindgen (the wasm imports its script's functions from "./fencing-lab_bg.js" whatever
// the hash), then renamed.
run("wasm-split-cli", [input, cut, "--out-name", NAME]);
run("wasm-bindgen", [
  "--target", "web", "--keep-lld-exports", "--no-typescript", "--out-name", NAME, "--out-dir", bound,
  join(cut, `${NAME}.wasm`),
]);
const extra = (await readdir(bound)).filter((n) => n !== `${NAME}.js` && n !== `${NAME}_bg.wasm`);
if (extra.length) fail(`wasm-bindgen wrote files Trunk's build did not: ${extra.join(", ")}`);
const splits = (await readdir(cut)).filter((n) => n.endsWith(".wasm") && n !== `${NAME}.wasm`);
if (splits.length === 0) fail("wasm-split-cli cut no module off: no #[wasm_split] function is reachable");
const renamed = new Map(splits.map((n) => [n, `${n.slice(0, -".wasm".length)}-${hash}.wasm`]));
const optimized = (from, to) => run("wasm-opt", [`-O${level}`, from, ...FEATURES, ...params, "-o", to]);

// The loader: the main script and the modules under their names in dist.
let loader = await readFile(join(cut, `${LOADER}.js`), "utf8");
const main = `from "./${NAME}.js"`;
if (loader.split(main).length !== 2) fail(`${LOADER}.js does not import ./${NAME}.js exactly once`);
loader = loader.replace(main, `from "./${js[0]}"`);
for (const [from, to] of renamed) {
  const quoted = `"./${from}"`;
  if (loader.split(quoted).length !== 2) fail(`${LOADER}.js does not name ${from} exactly once`);
  loader = loader.replace(quoted, `"./${to}"`);
}
// The main script imports the loader by a name with the hash (its wasm's import keeps the plain name).
const script = await readFile(join(bound, `${NAME}.js`), "utf8");
const specifier = new RegExp(`(from\\s*)(['"])\\./${LOADER}\\.js\\2`, "g");
// One import per module (wasm-bindgen imports each module's loader function on its own).
const imports = (script.match(specifier) ?? []).length;
if (imports !== splits.length) fail(`${NAME}.js imports ./${LOADER}.js ${imports} times, not once per module (${splits.length})`);
const scriptAfter = script.replace(specifier, `$1$2./${LOADER}-${hash}.js$2`);

const wasmBefore = await readFile(join(dir, wasm[0]));
const jsBefore = await readFile(join(dir, js[0]), "utf8");
optimized(join(bound, `${NAME}_bg.wasm`), join(dir, wasm[0]));
// The wasm imports from the modules Trunk's did, and from the loader: its script is named as Trunk's was.
const modulesOf = (bytes) => new Set(WebAssembly.Module.imports(new WebAssembly.Module(bytes)).map((i) => i.module));
const mine = modulesOf(await readFile(join(dir, wasm[0])));
// (Trunk's, not split, imports the loaders from wasm-split's placeholder module.)
const missing = [...modulesOf(wasmBefore)].filter((m) => !mine.has(m) && m !== "__wasm_split_placeholder__");
if (missing.length || !mine.has(`./${LOADER}.js`)) fail(`the split wasm does not import from ${[...missing, `./${LOADER}.js`].join(", ")}`);
for (const [from, to] of renamed) optimized(join(cut, from), join(dir, to));
await writeFile(join(dir, js[0]), scriptAfter);
await writeFile(join(dir, `${LOADER}-${hash}.js`), loader);
await indexFor(jsBefore, scriptAfter, wasmBefore, await readFile(join(dir, wasm[0])), loader);
const sizes = await Promise.all([wasm[0], ...renamed.values()].map(async (n) => `${n} ${(await readFile(join(dir, n))).length} B`));
console.log(`split: ${sizes.join(", ")}, ${LOADER}-${hash}.js ${loader.length} B`);

/** index.html: the new integrity hashes of the app's script and wasm, and the loader preloaded after the script. */
async function indexFor(jsBefore, jsAfter, wasmBefore, wasmAfter, loader) {
  const file = join(dir, "index.html");
  let html = await readFile(file, "utf8");
  for (const [before, after, name] of [[jsBefore, jsAfter, js[0]], [wasmBefore, wasmAfter, wasm[0]]]) {
    if (!html.includes(sri(before))) fail(`index.html has no integrity hash for ${name}`);
    html = html.replaceAll(sri(before), sri(after));
  }
  const preload = html.match(new RegExp(`<link rel="modulepreload" href="\\./${js[0]}"[^>]*>`))?.[0];
  if (!preload) fail(`index.html does not preload ${js[0]}`);
  const loaderPreload = preload.replace(js[0], `${LOADER}-${hash}.js`).replace(sri(jsAfter), sri(loader));
  const indent = html.slice(0, html.indexOf(preload)).match(/[ \t]*$/)[0];
  html = html.replace(preload, `${preload}\n${indent}${loaderPreload}`);
  await writeFile(file, html);
}
