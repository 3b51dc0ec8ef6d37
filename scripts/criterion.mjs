// Where criterion keeps its results and how to find them, for scripts/bench-summary.mjs and
// scripts/bench-ratio.mjs: <target>/criterion, where <target> is $CARGO_TARGET_DIR or target/
// (or $CRITERION_HOME instead of <target>/criterion).
import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repo = fileURLToPath(new URL("..", import.meta.url));
const target = process.env.CARGO_TARGET_DIR ? resolve(process.env.CARGO_TARGET_DIR) : join(repo, "target");

/** Criterion's results folder. */
export const home = process.env.CRITERION_HOME ? resolve(process.env.CRITERION_HOME) : join(target, "criterion");

/** Every `new` folder under `dir` holding both files criterion writes for a finished bench. */
export function resultDirs(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const path = join(dir, entry.name);
    if (entry.name === "new" && existsSync(join(path, "estimates.json")) && existsSync(join(path, "benchmark.json"))) {
      out.push(path);
    } else if (entry.name !== "report") {
      resultDirs(path, out);
    }
  }
  return out;
}
