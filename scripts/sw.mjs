// The service worker of a built bundle: Workbox's generateSW precaches every file in the folder (the
// list is read from it at build time, never kept by hand), each under its revision; Trunk's hashed files
// (and the split modules and their loader, named with Trunk's hash by scripts/split.mjs) are keyed by name alone. A new build's worker installs its whole set first, then takes over (skipWaiting,
// clientsClaim) and deletes the old entries, so an old wasm is never started by a new script.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { generateSW } = require("../tools/node_modules/workbox-build");

/** Writes `dist`/sw.js for the files now in `dist`; resolves to Workbox's { count, size }. */
export async function writeServiceWorker(dist) {
  const { count, size, warnings } = await generateSW({
    globDirectory: dist,
    globPatterns: ["**/*.{html,js,wasm,css,svg,png,webmanifest,json}"],
    swDest: join(dist, "sw.js"),
    mode: "production",
    inlineWorkboxRuntime: true,
    sourcemap: false,
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    // Any link (?scenario=…&t=…) opens the one page; hashed names need no revision.
    navigateFallback: "index.html",
    ignoreURLParametersMatching: [/.*/],
    dontCacheBustURLsMatching: /-[0-9a-f]{1,16}(_bg)?\.(js|wasm|css)$/,
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
  });
  if (warnings.length) throw new Error(`pwa: Workbox warned:\n  ${warnings.join("\n  ")}`);
  for (const need of [".wasm", ".js", ".css", "index.html"]) {
    const sw = await readFile(join(dist, "sw.js"), "utf8");
    if (!sw.includes(need)) throw new Error(`pwa: sw.js does not precache a ${need} file`);
  }
  return { count, size };
}
