// QR codes for joining a game on another device (issue 30, docs/multiplayer.md).
// Drawing: the vendored lean-qr (static/vendor/qr/lean-qr.mjs) makes the
// modules; this module only lays them out as an SVG. Reading: the browser's
// BarcodeDetector where it has one for QR codes, else the vendored jsQR on
// frames of the camera video (loaded only then). No QR encoding or decoding
// is written here.
//
//   drawQr(element, text, {lang, seat, label, level, module})  -> {version, size}
//   scanQr(video | {video, onResult, signal, lang, accept, detector})  -> Promise<text>
//   qrInfo(text, {level})  -> {version, size}   (what drawQr would draw)
//   drawQrCodes(root), watchQrCodes(root)  -> draw every [data-qr] element (the screens' hooks)

import { generate, correction, mode } from "../vendor/qr/lean-qr.mjs";

const SVG = "http://www.w3.org/2000/svg";
const QUIET = 4; // modules of white around the code (the standard's quiet zone)
const LEVELS = { L: correction.L, M: correction.M, Q: correction.Q, H: correction.H };
const SCAN_EVERY_MS = 120;

const TEXTS = {
  en: {
    label: "QR code",
    seat: (n) => `QR code for seat ${n}`,
    "no-camera": "No camera was found. Paste the code into the box instead.",
    permission: "The camera may not be used. Allow it in the browser, or paste the code into the box.",
    failed: "The camera could not be started. Paste the code into the box instead.",
    aborted: "Scanning stopped.",
    "too-long": "This is too long for a QR code.",
  },
  de: {
    label: "QR-Code",
    seat: (n) => `QR-Code für Platz ${n}`,
    "no-camera": "Keine Kamera gefunden. Füge den Code stattdessen ins Feld ein.",
    permission: "Die Kamera darf nicht benutzt werden. Erlaube sie im Browser oder füge den Code ins Feld ein.",
    failed: "Die Kamera ließ sich nicht starten. Füge den Code stattdessen ins Feld ein.",
    aborted: "Scannen beendet.",
    "too-long": "Das ist zu lang für einen QR-Code.",
  },
};

function texts(lang) {
  const l = String(lang || (typeof document !== "undefined" && document.documentElement.lang) || "en");
  return l.toLowerCase().startsWith("de") ? TEXTS.de : TEXTS.en;
}

// An error with a stable `code` ("no-camera", "permission", "failed", "aborted",
// "too-long"), a message in the page's language and both texts in `texts`.
export class QrError extends Error {
  constructor(code, lang) {
    super(texts(lang)[code]);
    this.name = "QrError";
    this.code = code;
    this.texts = { en: TEXTS.en[code], de: TEXTS.de[code] };
  }
}

// Digits in numeric mode, the rest of ASCII in byte mode with no ECI (a join
// link: the site's address as bytes, the connection code as digits); other
// text as lean-qr chooses. `level` is the least error correction: lean-qr
// takes a higher one where the version has room for it.
function encode(text, level, lang) {
  const ascii = /^[\x20-\x7e]*$/.test(text);
  try {
    return generate(ascii ? mode.auto(text, { modes: [mode.numeric, mode.alphaNumeric, mode.ascii] }) : text,
      { minCorrectionLevel: LEVELS[level] ?? correction.L });
  } catch (e) {
    throw new QrError("too-long", lang);
  }
}

export function qrInfo(text, { level = "L" } = {}) {
  const code = encode(String(text), level);
  return { version: (code.size - 17) / 4, size: code.size };
}

// Puts an SVG of the QR code for `text` into `element` (replacing what was
// there). role="img" and an aria-label: "QR code for seat N" when `seat` (the
// number players see) is given, else `label`, else "QR code", in `lang`.
// Dark modules on white whatever the page's colours (scanners want that).
export function drawQr(element, text, { lang, seat, label, level = "L", module = 5 } = {}) {
  const code = encode(String(text), level, lang);
  const n = code.size;
  const side = n + 2 * QUIET;
  const t = texts(lang);
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${side} ${side}`);
  svg.setAttribute("width", String(side * module));
  svg.setAttribute("height", String(side * module));
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", seat !== undefined && seat !== null ? t.seat(seat) : label || t.label);
  svg.setAttribute("shape-rendering", "crispEdges");
  svg.setAttribute("class", "qr-code");
  svg.dataset.qrVersion = String((n - 17) / 4);
  svg.dataset.qrSize = String(n);
  const back = document.createElementNS(SVG, "rect");
  back.setAttribute("width", String(side));
  back.setAttribute("height", String(side));
  back.setAttribute("fill", "#fff");
  const path = document.createElementNS(SVG, "path");
  let d = "";
  for (let y = 0; y < n; y += 1) {
    for (let x = 0; x < n; x += 1) {
      if (!code.get(x, y)) continue;
      let w = 1;
      while (x + w < n && code.get(x + w, y)) w += 1;
      d += `M${x + QUIET} ${y + QUIET}h${w}v1h-${w}z`;
      x += w - 1;
    }
  }
  path.setAttribute("d", d);
  path.setAttribute("fill", "#000");
  svg.append(back, path);
  element.replaceChildren(svg);
  element.removeAttribute("aria-hidden"); // it now holds a labelled image
  element.dataset.qrDrawn = String(text);
  return { version: (n - 17) / 4, size: n };
}

// Draws every `[data-qr]` element under root whose code is not drawn yet (or
// changed): the text is its data-qr; inside an element with data-net-seat
// (the host's seat panel, 0-based) it is labelled for that seat (+1, as
// players count), else "QR code"; the page's language.
export function drawQrCodes(root = document.body) {
  const found = root.matches && root.matches("[data-qr]") ? [root] : [];
  for (const el of [...found, ...root.querySelectorAll("[data-qr]")]) {
    const text = el.dataset.qr;
    if (!text || (el.dataset.qrDrawn === text && el.querySelector("svg"))) continue;
    const seatEl = el.closest("[data-net-seat]");
    const seat = seatEl && /^\d+$/.test(seatEl.dataset.netSeat) ? Number(seatEl.dataset.netSeat) + 1 : undefined;
    try {
      drawQr(el, text, { seat, lang: document.documentElement.lang });
    } catch (e) {
      el.dataset.qrDrawn = text; // too long: the link and code beside it still work
    }
  }
}

// Keeps drawing them as the page renders (a MutationObserver on root); returns the observer.
export function watchQrCodes(root = document.body) {
  drawQrCodes(root);
  const observer = new MutationObserver(() => drawQrCodes(root));
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ["data-qr"] });
  return observer;
}

async function qrDetector(choice) {
  if (choice === "jsqr" || typeof globalThis.BarcodeDetector !== "function") return null;
  try {
    const formats = await globalThis.BarcodeDetector.getSupportedFormats();
    return formats.includes("qr_code") ? new globalThis.BarcodeDetector({ formats: ["qr_code"] }) : null;
  } catch (e) {
    return null;
  }
}

async function jsqrReader() {
  await import("../vendor/qr/jsQR.js"); // its UMD build sets self.jsQR
  const jsQR = globalThis.jsQR;
  const canvas = document.createElement("canvas");
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  return (video) => {
    const w = video.videoWidth, h = video.videoHeight;
    if (!w || !h) return null;
    if (canvas.width !== w || canvas.height !== h) { canvas.width = w; canvas.height = h; }
    ctx.drawImage(video, 0, 0, w, h);
    const found = jsQR(ctx.getImageData(0, 0, w, h).data, w, h, { inversionAttempts: "attemptBoth" });
    return found ? found.data : null;
  };
}

function cameraError(e, lang) {
  const name = e && e.name;
  if (name === "NotAllowedError" || name === "SecurityError") return new QrError("permission", lang);
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "DevicesNotFoundError") {
    return new QrError("no-camera", lang);
  }
  return new QrError("failed", lang);
}

// Reads one QR code from the camera. Resolves with its text (also given to
// `onResult`); `accept(text)` may turn codes down (scanning goes on). The
// camera is stopped when a code is read, on `signal`'s abort (rejects with
// code "aborted") and on any error. Without a camera or permission it
// rejects with a QrError saying so (EN/DE). `video` is shown the camera's
// picture if given (else one is made and never attached).
export async function scanQr(arg = {}) {
  const opts = typeof HTMLVideoElement !== "undefined" && arg instanceof HTMLVideoElement ? { video: arg } : arg;
  const { onResult, signal, lang, accept = () => true, detector: choice } = opts;
  if (signal && signal.aborted) throw new QrError("aborted", lang);
  if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) throw new QrError("no-camera", lang);
  // An abort ends every step, even one that waits for a camera that sends no picture.
  let onAbort = null;
  const aborted = new Promise((resolve, reject) => {
    onAbort = () => reject(new QrError("aborted", lang));
    if (signal) signal.addEventListener("abort", onAbort, { once: true });
  });
  aborted.catch(() => {});
  const step = (promise) => Promise.race([promise, aborted]);
  const asked = Promise.resolve().then(() => navigator.mediaDevices.getUserMedia({
    video: { facingMode: "environment" }, audio: false }));
  let stream = null;
  const stop = () => {
    if (signal) signal.removeEventListener("abort", onAbort);
    if (stream) for (const track of stream.getTracks()) track.stop();
    if (video && stream && video.srcObject === stream) video.srcObject = null;
  };
  const video = opts.video || document.createElement("video");
  try {
    try {
      stream = await step(asked);
    } catch (e) {
      // a camera granted after the abort is stopped as soon as it arrives
      asked.then((late) => { for (const track of late.getTracks()) track.stop(); }, () => {});
      throw e;
    }
    video.muted = true;
    video.playsInline = true;
    video.setAttribute("playsinline", "");
    video.srcObject = stream;
    await step(video.play());
    const detector = await step(qrDetector(choice));
    const read = detector
      ? async (v) => { const found = await detector.detect(v); return found.length ? found.map((f) => f.rawValue) : []; }
      : await step(jsqrReader().then((one) => (v) => { const t = one(v); return t === null ? [] : [t]; }));
    const text = await step(new Promise((resolve) => {
      const tick = async () => {
        if (signal && signal.aborted) return;
        try {
          const got = video.readyState >= 2 ? (await read(video)).find((t) => accept(t)) : undefined;
          if (got !== undefined) { resolve(got); return; }
        } catch (e) {
          // a frame that could not be read: try the next one
        }
        setTimeout(tick, SCAN_EVERY_MS);
      };
      tick();
    }));
    if (onResult) onResult(text);
    return text;
  } catch (e) {
    throw e instanceof QrError ? e : cameraError(e, lang);
  } finally {
    stop();
  }
}
