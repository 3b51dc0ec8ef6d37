// Subresource-integrity hashes as Trunk writes them in index.html (sha384, base64), for the scripts that change
// a file index.html names with one (scripts/minify.mjs, scripts/unexport.mjs) or make a copy of the bundle as the
// next build would be (scripts/offline.mjs).
import { createHash } from "node:crypto";

/** The integrity hash of `text` (a string, read as UTF-8, or a Buffer's bytes): "sha384-…". */
export const sri = (text) => `sha384-${createHash("sha384").update(text, "utf8").digest("base64")}`;
