// Loading progress while Pyodide boots. Honest stages from PyScript's own
// events: "py:progress" (window; detail "Loading Pyodide", "Loaded files", ...),
// "py:ready" (the <script type="py"> element, just before main.py runs).
// The app sets <html data-ready="1"> when it is interactive; then we hide.
// Stage texts come from hidden [data-boot-text] items (translated by the app).

const root = document.documentElement;
const box = document.getElementById("boot");
const bar = document.getElementById("boot-progress");
const stage = document.getElementById("boot-stage");
let done = false;

function text(name) {
  const el = document.querySelector(`[data-boot-text="${name}"]`);
  return el ? el.textContent : "";
}

const ORDER = ["runtime", "files", "rules", "ready"];
let reached = -1;

function show(name, value) {
  if (done || !box) return;
  const rank = ORDER.indexOf(name);
  if (rank >= 0 && rank < reached) return; // stages only move forward
  if (rank >= 0) reached = rank;
  if (bar && value > Number(bar.value)) bar.value = value;
  if (stage) {
    stage.textContent = text(name);
    stage.setAttribute("data-i18n", `boot.${name}`);
  }
}

function finish() {
  if (done) return;
  show("ready", 100);
  done = true;
  if (box) box.classList.add("is-done");
  window.setTimeout(() => box && (box.hidden = true), 400);
}

const STAGES = [
  // [PyScript progress text, our stage, bar value]; PyScript 0.7 sends
  // Loading Pyodide > Loading interpreter (the long part) > Loaded interpreter
  // > Loading files > Loaded files > Loaded Pyodide, then py:ready.
  ["Loading Pyodide", "runtime", 10],
  ["Loading interpreter", "runtime", 15],
  ["Loaded interpreter", "runtime", 65],
  ["Loading files", "files", 70],
  ["Loaded files", "files", 80],
  ["Loaded Pyodide", "files", 85],
];

window.addEventListener("py:progress", (event) => {
  const detail = String(event.detail || "");
  for (const [prefix, name, value] of STAGES) {
    if (detail.startsWith(prefix)) show(name, value);
  }
});

document.addEventListener("py:ready", () => show("rules", 92));

if (root.dataset.ready === "1") {
  finish();
} else {
  new MutationObserver((_, observer) => {
    if (root.dataset.ready === "1") {
      observer.disconnect();
      finish();
    }
  }).observe(root, { attributes: true, attributeFilter: ["data-ready"] });
}

// If Python never becomes ready, say so plainly (the rest of the page stays).
window.setTimeout(() => {
  if (!done && root.dataset.ready !== "1") {
    reached = -1;
    show("failed", 0);
    if (box) box.classList.add("is-failed");
  }
}, 120000);
