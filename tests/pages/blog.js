// A blog page embedding Spieltisch (tests/browser/test_embed.py, test_csp.py).
// The listener is the README's blog-side snippet; the rest is test plumbing:
// ?site=<base URL of the site>&path=<page + hash to embed>.
const params = new URLSearchParams(window.location.search);
const frame = document.getElementById("game");
frame.src = params.get("site") + (params.get("path") || "embed.html#/new/hexen_cocktail");

// ---- the README snippet -----------------------------------------------------
window.addEventListener("message", (event) => {
  const data = event.data;
  for (const iframe of document.querySelectorAll("iframe[data-spieltisch]")) {
    if (event.source !== iframe.contentWindow) continue; // only our frames
    if (!data || data.type !== "spieltisch:height") return;
    const height = Number(data.height);
    if (!Number.isFinite(height)) return;
    iframe.style.height = Math.min(Math.max(height, 120), 4000) + "px";
    // ---- test hook: record what arrived ----
    const log = document.getElementById("heights");
    log.dataset.count = String(Number(log.dataset.count) + 1);
    log.dataset.last = String(height);
    log.textContent += height + " ";
  }
});
