// Removes from a built bundle the JS classes that no code of the app can reach, with their wasm exports: the
// wasm-streams crate's IntoUnderlyingSource, IntoUnderlyingSink and IntoUnderlyingByteSource. Leptos turns on
// server_fn's "browser" feature unconditionally, which brings in wasm-streams, and wasm-bindgen exports its
// #[wasm_bindgen] classes; this app renders in the browser only and has no server functions, so nothing ever
// makes one. Exports are roots for wasm-opt, so their code stayed in the wasm and their classes in the script.
//
// Runs after Trunk and scripts/split.mjs, before scripts/minify.mjs. In the wasm: drops those exports (binaryen's
// remove-exports pass, by exact name), then runs wasm-opt once more at the level in index.html's
// data-wasm-opt-params, which removes what only they reached (running all of data-wasm-opt-params again measured
// 0.3 KB more gzip). In the wasm-bindgen script:
// drops each class, its FinalizationRegistry and its Symbol.dispose line, and the import functions the wasm no
// longer imports (terser then drops the helpers only they used). Updates both files' integrity hashes in
// index.html; file names keep Trunk's hash. Fails when a class or export it expects is missing, when anything
// still names one after, or when the wasm loses any other export, so an upgrade that changes them stops the build.
//
// Usage: node scripts/unexport.mjs dist
import { readFile, writeFile, readdir, mkdtemp, rm } from "node:fs/promises";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { sri } from "./integrity.mjs";
import { FEATURES, wasmOptOfIndex } from "./wasm-opt-args.mjs";

const require = createRequire(import.meta.url);
// acorn as terser (tools/package.json) depends on it.
const acorn = createRequire(require.resolve("../tools/node_modules/terser"))("acorn");

const CLASSES = ["IntoUnderlyingByteSource", "IntoUnderlyingSink", "IntoUnderlyingSource"];

const fail = (message) => {
  console.error(`unexport: ${message}`);
  process.exit(1);
};

const dir = process.argv[2] ?? "dist";
const names = await readdir(dir);
// Trunk's hashes are up to 16 hex digits: it drops leading zeros.
const js = names.filter((n) => /^fencing-lab-[0-9a-f]{1,16}\.js$/.test(n));
const wasmFiles = names.filter((n) => /^fencing-lab-[0-9a-f]{1,16}_bg\.wasm$/.test(n));
if (js.length !== 1 || wasmFiles.length !== 1) {
  fail(`expected one app script and one wasm in ${dir}, found ${js.length} and ${wasmFiles.length}`);
}

// The level and options the wasm was optimised with (scripts/split.mjs), from the source index.html.
const { level, params } = await wasmOptOfIndex().catch((e) => fail(e.message));
// An assumption about the module, not a pass: it lets -Oz fold addresses into offsets as split.mjs's run did.
const options = params.filter((p) => p === "--low-memory-unused");

const exportsOf = (bytes) => WebAssembly.Module.exports(new WebAssembly.Module(bytes)).map((e) => e.name);
const importsOf = (bytes) => WebAssembly.Module.imports(new WebAssembly.Module(bytes));

// The wasm: each class's exports are `__wbg_<class>_free` and `<class>_<method>`, in lower case.
const wasmFile = join(dir, wasmFiles[0]);
const wasmBefore = await readFile(wasmFile);
const exportsBefore = exportsOf(wasmBefore);
const drop = [];
for (const name of CLASSES) {
  const lower = name.toLowerCase();
  const mine = exportsBefore.filter((e) => e === `__wbg_${lower}_free` || e.startsWith(`${lower}_`));
  if (!mine.includes(`__wbg_${lower}_free`) || mine.length < 2) {
    fail(`the wasm does not export ${name}'s free and methods (found: ${mine.join(", ") || "none"})`);
  }
  drop.push(...mine);
}
const work = await mkdtemp(join(tmpdir(), "fencing-lab-unexport-"));
let wasmAfter;
try {
  const out = join(work, "out.wasm");
  execFileSync("wasm-opt", [
    wasmFile, ...FEATURES, ...options,
    ...drop.flatMap((e) => ["--remove-exports", `--pass-arg=remove-exports@${e}`]),
    `-O${level}`, "-o", out,
  ], { stdio: "inherit" });
  wasmAfter = await readFile(out);
} finally {
  await rm(work, { recursive: true, force: true });
}
const exportsAfter = exportsOf(wasmAfter);
const expected = exportsBefore.filter((e) => !drop.includes(e));
if (exportsAfter.join() !== expected.join()) {
  fail(`the wasm's exports after wasm-opt are not the ones expected: ${exportsAfter.join(", ")}`);
}

// The script: each class (exported), its FinalizationRegistry and its Symbol.dispose line, at the top level.
const jsFile = join(dir, js[0]);
const jsBefore = await readFile(jsFile, "utf8");
const ast = acorn.parse(jsBefore, { ecmaVersion: "latest", sourceType: "module" });
const cuts = [];
const text = (node) => jsBefore.slice(node.start, node.end);
const found = new Set();
for (const node of ast.body) {
  const decl = node.type === "ExportNamedDeclaration" ? node.declaration : node;
  if (decl?.type === "ClassDeclaration" && CLASSES.includes(decl.id.name)) {
    cuts.push(node);
    found.add(`class ${decl.id.name}`);
  } else if (decl?.type === "VariableDeclaration" && decl.declarations.length === 1 &&
    CLASSES.some((c) => decl.declarations[0].id.name === `${c}Finalization`)) {
    cuts.push(node);
    found.add(decl.declarations[0].id.name);
  } else if (node.type === "IfStatement" && CLASSES.some((c) =>
    text(node) === `if (Symbol.dispose) ${c}.prototype[Symbol.dispose] = ${c}.prototype.free;`)) {
    cuts.push(node);
  }
}
for (const c of CLASSES) {
  for (const what of [`class ${c}`, `${c}Finalization`]) if (!found.has(what)) fail(`the script has no ${what}`);
}

// wasm-bindgen's __wbg_get_imports returns { "<module>": importN, ... }, each importN an object literal of
// functions; keep those the wasm still imports.
const wanted = new Map();
for (const i of importsOf(wasmAfter)) {
  if (!wanted.has(i.module)) wanted.set(i.module, new Set());
  wanted.get(i.module).add(i.name);
}
const getImports = ast.body.find((n) => n.type === "FunctionDeclaration" && n.id.name === "__wbg_get_imports");
if (!getImports) fail("the script has no __wbg_get_imports");
const literals = new Map(getImports.body.body.filter((s) => s.type === "VariableDeclaration")
  .flatMap((s) => s.declarations).filter((d) => d.init?.type === "ObjectExpression").map((d) => [d.id.name, d.init]));
const returned = getImports.body.body.find((s) => s.type === "ReturnStatement")?.argument;
// A module the script imports whole (`import * as importN from "./__wasm_split-<hash>.js"`: the loader of the
// modules fetched on demand, scripts/split.mjs) gives what it exports; nothing of it is pruned.
const namespaces = new Set(ast.body.filter((n) => n.type === "ImportDeclaration").flatMap((n) => n.specifiers)
  .filter((s) => s.type === "ImportNamespaceSpecifier").map((s) => s.local.name));
let pruned = 0;
for (const prop of returned?.properties ?? []) {
  if (prop.key.type !== "Literal") continue;
  const module = prop.key.value;
  if (prop.value.type === "Identifier" && namespaces.has(prop.value.name)) {
    wanted.delete(module);
    continue;
  }
  const object = literals.get(prop.value.name);
  if (!object) fail(`__wbg_get_imports returns no object literal for "${module}"`);
  const keep = wanted.get(module) ?? new Set();
  const given = new Set();
  for (const p of object.properties) {
    const key = p.key?.name ?? p.key?.value;
    if (key === "__proto__") continue;
    given.add(key);
    if (!keep.has(key)) {
      cuts.push(p);
      pruned += 1;
    }
  }
  for (const name of keep) if (!given.has(name)) fail(`the script does not give the wasm's import ${module} ${name}`);
  wanted.delete(module);
}
if (wanted.size) fail(`the script gives no imports for ${[...wanted.keys()].join(", ")}`);

// Cut from the end, each with its indentation, its trailing comma (an import property) and newline.
let jsAfter = jsBefore;
for (const node of cuts.sort((a, b) => b.start - a.start)) {
  const start = node.start - jsAfter.slice(0, node.start).match(/[ \t]*$/)[0].length;
  const end = node.end + jsAfter.slice(node.end).match(/^,?\n?/)[0].length;
  jsAfter = jsAfter.slice(0, start) + jsAfter.slice(end);
}
acorn.parse(jsAfter, { ecmaVersion: "latest", sourceType: "module" });
for (const word of [...CLASSES, ...CLASSES.map((c) => `${c}Finalization`), ...drop]) {
  if (new RegExp(`\\b${word}\\b`).test(jsAfter)) fail(`the script still names ${word}`);
}

let html = await readFile(join(dir, "index.html"), "utf8");
for (const [before, after, name] of [[wasmBefore, wasmAfter, wasmFiles[0]], [jsBefore, jsAfter, js[0]]]) {
  const old = sri(before);
  if (!html.includes(old)) fail(`index.html has no integrity hash for ${name}`);
  html = html.replaceAll(old, sri(after));
}
await writeFile(wasmFile, wasmAfter);
await writeFile(jsFile, jsAfter);
await writeFile(join(dir, "index.html"), html);
console.log(
  `unexport: ${CLASSES.join(", ")}: ${drop.length} wasm exports, ${pruned} unused imports; ` +
  `${wasmFiles[0]} ${wasmBefore.length} → ${wasmAfter.length} B, ${js[0]} ${jsBefore.length} → ${jsAfter.length} B`,
);
