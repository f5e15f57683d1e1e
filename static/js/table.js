// One table, many devices (issue 30): the page's side of the sessions that
// run in the page's Python (src/spieltisch/ui/table_host.py on the host,
// ui/table_device.py on a device). Python asks with
// window.spieltischTable.run(json) -- make an offer, accept an answer, join,
// send a text, close, vibrate, keep the screen awake -- and hears back
// through "spieltisch:net" events on document (detail: JSON text). Every
// event is dispatched in a task of its own, never inside Python's call.
// The channels themselves are static/js/net.js (no ICE server by default).
import * as net from "./net.js";

const conns = new Map(); // conn name -> {pc, channel (open RTCDataChannel or null)}
let wakeLock = null;
let wantAwake = false;

function tell(event) {
  setTimeout(() => {
    document.dispatchEvent(new CustomEvent("spieltisch:net", { detail: JSON.stringify(event) }));
    // bench/net_browser.py: when the page's Python has taken (and drawn) a message, and its size
    if (table.stamp && event.t === "msg") table.stamps.push([performance.timeOrigin + performance.now(), event.text.length]);
  }, 0);
}

function watch(conn, pc, channelPromise) {
  const entry = { pc, channel: null, closed: false };
  conns.set(conn, entry);
  const closed = () => {
    if (entry.closed) return;
    entry.closed = true;
    tell({ t: "close", conn });
  };
  pc.addEventListener("connectionstatechange", () => {
    const s = pc.connectionState;
    if (s === "disconnected") tell({ t: "wobble", conn });
    else if (s === "connected" && entry.channel) tell({ t: "steady", conn });
    else if ((s === "failed" || s === "closed") && entry.channel) closed();
  });
  channelPromise.then((ch) => {
    entry.channel = ch;
    ch.addEventListener("message", (e) => tell({ t: "msg", conn, text: String(e.data) }));
    ch.addEventListener("close", closed);
    tell({ t: "open", conn });
  }).catch(() => closed());
  return entry;
}

function close(conn) {
  const entry = conns.get(conn);
  if (!entry) return;
  entry.closed = true; // asked for: no "close" event back
  conns.delete(conn);
  try { entry.pc.close(); } catch (err) { /* already closed */ }
}

async function keepAwake(on) {
  wantAwake = on;
  try {
    if (on && !wakeLock && navigator.wakeLock && document.visibilityState === "visible") {
      wakeLock = await navigator.wakeLock.request("screen");
      wakeLock.addEventListener("release", () => { wakeLock = null; });
    } else if (!on && wakeLock) {
      const lock = wakeLock;
      wakeLock = null;
      await lock.release();
    }
  } catch (err) {
    wakeLock = null; // not allowed here (no permission, battery saver): the game goes on
  }
}

// The host's "Scan answer" (ui/table_host.py, net-scan): a modal dialog with the camera's
// picture and a Cancel button (Escape cancels too); qr.scanQr reads the first answer code it
// sees (BarcodeDetector, else jsQR) and stops the camera. Python hears "scanned" with the
// code, or "scan-fail" with qr.js's reason (no-camera, permission, failed); a cancel says nothing.
let scanning = null; // {ctl: AbortController, dialog}

function endScan() {
  if (scanning) scanning.ctl.abort();
}

async function scan(job) {
  endScan();
  const conn = job.conn;
  const t = job.texts || {};
  const ctl = new AbortController();
  const dialog = document.createElement("dialog");
  dialog.className = "net-scan";
  dialog.dataset.netScan = String(conn);
  dialog.setAttribute("aria-labelledby", "net-scan-h");
  const head = document.createElement("h2");
  head.id = "net-scan-h";
  head.textContent = t.title || "";
  const hint = document.createElement("p");
  hint.textContent = t.hint || "";
  const video = document.createElement("video");
  video.setAttribute("aria-label", t.video || "");
  video.muted = true;
  video.setAttribute("playsinline", "");
  const cancel = document.createElement("button");
  cancel.type = "button";
  cancel.className = "btn";
  cancel.dataset.netScanCancel = "";
  cancel.textContent = t.cancel || "Cancel";
  cancel.addEventListener("click", () => ctl.abort());
  dialog.addEventListener("cancel", (e) => { e.preventDefault(); ctl.abort(); }); // Escape
  const btns = document.createElement("div");
  btns.className = "form-btns";
  btns.append(cancel);
  dialog.append(head, hint, video, btns);
  const back = document.activeElement;
  document.body.append(dialog);
  dialog.showModal();
  cancel.focus();
  const mine = { ctl, dialog };
  scanning = mine;
  try {
    const qr = await import("./qr.js");
    const text = await qr.scanQr({ video, signal: ctl.signal, lang: job.lang,
                                   accept: (x) => net.codeKind(x) === "answer" });
    tell({ t: "scanned", conn, code: (net.codeFromLink(text) ?? text).replace(/\s+/g, "") });
  } catch (err) {
    if (!err || err.code !== "aborted") tell({ t: "scan-fail", conn, code: (err && err.code) || "failed" });
  } finally {
    if (scanning === mine) scanning = null;
    dialog.close();
    dialog.remove();
    // back to the Scan button (or what Python drew in its place), not the top of the page
    const again = document.querySelector(`[data-ui="net-scan:${String(conn).split(".")[0]}"]`);
    if (again) again.focus();
    else if (back && back.isConnected) back.focus();
  }
}

// a page that goes away (closed, reloaded, another site) ends its channels
// itself, so the other side hears of it at once, not after ICE gives up (~30 s)
window.addEventListener("pagehide", () => { endScan(); for (const name of [...conns.keys()]) close(name); });

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && wantAwake) keepAwake(true); // the lock ends when hidden
});

const table = {
  legal: [], // a device's legal action texts on its turn (tests, bench/net_browser.py)
  received: [], // every text this page received (tests: what reached a device)
  record: false,
  stamp: false,
  stamps: [],
  // each connection's state (tests, bench/): [name, peer connection state, channel state]
  states: () => [...conns].map(([k, e]) => [k, e.pc.connectionState, e.channel ? e.channel.readyState : null]),
  async run(json) {
    watchQr();
    const job = JSON.parse(json);
    const conn = job.conn;
    try {
      if (job.do === "offer") {
        const seat = await net.hostSeat(job.ice || []); // the servers the player named; none by default
        const entry = watch(conn, seat.pc, seat.channel);
        entry.accept = seat.accept;
        tell({ t: "offer", conn, code: seat.code });
      } else if (job.do === "accept") {
        const entry = conns.get(conn);
        if (!entry || !entry.accept) return;
        try {
          await entry.accept(job.code);
        } catch (err) {
          close(conn);
          tell({ t: "fail", conn });
        }
      } else if (job.do === "join") {
        close("dev");
        const seat = await net.joinSeat(job.code, job.ice || []);
        watch("dev", seat.pc, seat.channel);
        tell({ t: "answer", conn: "dev", code: seat.code });
      } else if (job.do === "send") {
        const entry = conns.get(conn);
        if (entry && entry.channel && entry.channel.readyState === "open") entry.channel.send(job.text);
      } else if (job.do === "close") {
        close(conn);
      } else if (job.do === "scan") {
        scan(job);
      } else if (job.do === "close-all") {
        endScan();
        for (const name of [...conns.keys()]) close(name);
        keepAwake(false);
      } else if (job.do === "copy") {
        if (navigator.clipboard) navigator.clipboard.writeText(job.text).catch(() => {});
      } else if (job.do === "cue") {
        if (typeof navigator.vibrate === "function") navigator.vibrate([120, 60, 120]);
      } else if (job.do === "awake") {
        keepAwake(Boolean(job.on));
      } else if (job.do === "legal") {
        table.legal = Array.isArray(job.legal) ? job.legal : [];
      } else if (job.do === "tick") {
        setTimeout(() => tell({ t: "tick" }), Number(job.ms) || 0);
      }
    } catch (err) {
      if (job.do === "join") tell({ t: "fail", conn: "dev" });
      else if (conn) tell({ t: "fail", conn });
    }
  },
};

// what a device received, for the tests' check of other seats' secrets
document.addEventListener("spieltisch:net", (e) => {
  if (!table.record) return;
  const ev = JSON.parse(e.detail);
  if (ev.t === "msg") table.received.push(ev.text);
});

window.spieltischTable = table;

// the seat panel's and the device's codes: drawn as QR codes as the page renders them (qr.js;
// the link and the code stay beside each as text). Loaded with the first job of a table, so that
// a page that never hosts or joins one loads no QR code and watches nothing.
let qrWatch = null;
function watchQr() {
  if (!qrWatch) {
    qrWatch = import("./qr.js")
      .then((qr) => qr.watchQrCodes(document.body))
      .catch((error) => console.warn(`table.js: QR codes are not drawn (${error}); the links and codes work`));
  }
}
