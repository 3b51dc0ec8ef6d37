// The stylesheet minifier of scripts/minify.mjs (the app's stylesheet) and scripts/prerender.mjs (the first
// screen's inline style): comments go, whitespace runs become one space, and the spaces around { } ; , > and
// after a declaration's colon go. Strings keep their text (runs of spaces inside a string would become one;
// the stylesheets have none).

/** `text` without comments and the whitespace nothing reads. */
export function minifyCss(text) {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\s+/g, " ")
    .replace(/\s*([{};,>])\s*/g, "$1")
    .replace(/([{;])([-\w]+):\s+/g, "$1$2:")
    .replace(/;}/g, "}")
    .trim();
}
