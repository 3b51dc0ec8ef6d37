// Release builds only (scripts/pwa.mjs adds this file and its <script> tag): once the page has loaded, so
// it never competes with the first timeline, register the service worker that keeps a copy of this
// bundle for offline use. Where it cannot (a private window, file://), the app runs as before, online.
if ("serviceWorker" in navigator) {
  addEventListener("load", () => {
    navigator.serviceWorker.register("./sw.js").catch((e) => console.warn("Fencing Lab: no offline copy:", e.message));
  });
}
