// Offline play: register the service worker (sw.js at the site root) and tell
// the player what it means. See docs/offline.md.
//
// DOM hooks: <html data-offline="installing|ready|unavailable|update">,
// <html data-version="<precache version of the worker serving this page>">.
// Texts are the hidden [data-offline-text] items of the page (translated by
// the app through the catalogue like every data-i18n text).

const root = document.documentElement;
const note = document.getElementById("offline-note");

function show(name) {
  if (!note) return;
  for (const el of note.querySelectorAll("[data-offline-text]")) {
    el.hidden = el.getAttribute("data-offline-text") !== name;
  }
  note.hidden = false;
}

function unavailable() {
  root.dataset.offline = "unavailable";
  show("unavailable");
}

function askVersion(worker) {
  if (!worker) return;
  const channel = new MessageChannel();
  channel.port1.onmessage = (event) => {
    if (event.data && event.data.version) root.dataset.version = event.data.version;
  };
  worker.postMessage({ type: "spieltisch:version" }, [channel.port2]);
}

function start() {
  const sw = navigator.serviceWorker;
  // Had this page a worker when it loaded? Then a later controllerchange
  // means an accepted update (in this tab or another): reload into it.
  const hadController = Boolean(sw.controller);
  let waiting = null;

  function offer(worker) {
    waiting = worker;
    root.dataset.offline = "update";
    show("update");
  }

  const button = document.getElementById("offline-reload");
  if (button) {
    button.addEventListener("click", () => {
      if (waiting) waiting.postMessage({ type: "spieltisch:skip-waiting" });
      else window.location.reload();
    });
  }

  sw.addEventListener("controllerchange", () => {
    if (hadController) window.location.reload();
    else askVersion(sw.controller);
  });

  root.dataset.offline = "installing";
  askVersion(sw.controller);
  whenStarted(() => whenIdle(() => register(sw, offer)));
}

// ... and then idle: the first install (22 MB on a first visit, most of it
// from the HTTP cache) waits until the page has nothing left to do, so a
// player who clicks a game at once does not share the link with it
// (docs/offline.md, "First visit").
function whenIdle(fn) {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(fn, { timeout: 5000 });
  else window.setTimeout(fn, 1000);
}

// Register once the app is interactive: the first install then finds
// Pyodide's files in the HTTP cache instead of downloading them a second
// time, and hashing 15 MB does not compete with the start. (If the app never
// starts, register a while after "load" anyway.)
function whenStarted(fn) {
  let done = false;
  const once = () => {
    if (!done) {
      done = true;
      fn();
    }
  };
  if (root.dataset.ready === "1") return once();
  new MutationObserver((_, observer) => {
    if (root.dataset.ready === "1") {
      observer.disconnect();
      once();
    }
  }).observe(root, { attributes: true, attributeFilter: ["data-ready"] });
  window.addEventListener("load", () => window.setTimeout(once, 60000));
}

function register(sw, offer) {
  const url = new URL("../../sw.js", import.meta.url);
  Promise.resolve(sw.register(url, { updateViaCache: "none" })).then(
    (reg) => {
      if (!reg) {
        unavailable(); // a browser (or test harness) that disables workers
        return;
      }
      const track = (worker) => {
        if (!worker) return;
        worker.addEventListener("statechange", () => {
          if (worker.state === "installed" && sw.controller) offer(worker);
        });
      };
      if (reg.waiting && sw.controller) offer(reg.waiting);
      track(reg.installing); // an update found by the navigation itself, still installing
      reg.addEventListener("updatefound", () => track(reg.installing));
    },
    unavailable,
  );
  sw.ready.then(() => {
    if (root.dataset.offline === "installing") root.dataset.offline = "ready";
  });
}

if (!("serviceWorker" in navigator) || !window.isSecureContext) {
  unavailable();
} else {
  try {
    start();
  } catch {
    unavailable();
  }
}
