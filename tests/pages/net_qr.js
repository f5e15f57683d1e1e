// tests/browser/test_qr.py and test_net_camera.py: a host or device page that
// draws its code as a QR code (qr.drawQr) and reads the other's with the
// camera (qr.scanQr); the data channel carries texts the test sends.
import * as net from "/static/js/net.js";
import * as qr from "/static/js/qr.js";

const state = { seat: null, channel: null, inbox: [], times: {}, streams: [] };
const $ = (id) => document.getElementById(id);

function keep(ch) {
  state.channel = ch;
  state.times.open = Date.now();
  ch.addEventListener("message", (e) => state.inbox.push(String(e.data)));
}

function siteUrl() { return location.origin + "/"; } // the site's own address, as the join screen links it

window.qrTest = {
  net,
  qr,
  // host: an offer, its join link drawn as seat 1's QR code
  async host(setting) {
    state.seat = await net.hostSeat(setting);
    state.seat.channel.then(keep);
    const link = net.joinLink(siteUrl(), state.seat.code);
    const info = qr.drawQr($("qr"), link, { seat: 1, lang: document.documentElement.lang });
    return { link, code: state.seat.code, ...info };
  },
  // device: read the host's QR code, answer, draw the answer as a QR code
  async scanAndJoin(setting) {
    state.times.scan = Date.now();
    const link = await qr.scanQr({ video: $("cam"), detector: "jsqr", accept: (t) => net.codeKind(t) === "offer" });
    state.times.read = Date.now();
    const seat = await net.joinSeat(net.codeFromLink(link), setting);
    seat.channel.then(keep);
    const info = qr.drawQr($("qr"), seat.code, { label: "answer", lang: document.documentElement.lang });
    state.times.answer = Date.now();
    return { link, code: seat.code, ...info };
  },
  // host: read the device's answer from the camera and accept it
  async scanAndAccept() {
    state.times.scan = Date.now();
    const code = await qr.scanQr({ video: $("cam"), detector: "jsqr", accept: (t) => net.codeKind(t) === "answer" });
    state.times.read = Date.now();
    await state.seat.accept(code);
    return code;
  },
  opened: () => state.channel !== null && state.channel.readyState === "open",
  send(texts) { for (const t of texts) state.channel.send(t); return texts.length; },
  take() { const out = state.inbox; state.inbox = []; return out; },
  times: () => state.times,
  // the drawn code's modules, row by row ("1" dark), read back from the SVG path
  matrix() {
    const svg = $("qr").querySelector("svg");
    const n = Number(svg.dataset.qrSize);
    const rows = Array.from({ length: n }, () => Array(n).fill("0"));
    for (const m of svg.querySelector("path").getAttribute("d").matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
      const [x, y, w] = m.slice(1).map(Number);
      for (let i = 0; i < w; i += 1) rows[y - 4][x - 4 + i] = "1";
    }
    return rows.map((r) => r.join(""));
  },
  // getUserMedia wrapped so that a test can see the camera was stopped
  recordStreams() {
    const real = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (c) => { const s = await real(c); state.streams.push(s); return s; };
  },
  tracksLive: () => state.streams.flatMap((s) => s.getTracks()).filter((t) => t.readyState === "live").length,
  streamsOpened: () => state.streams.length,
};
document.body.dataset.ready = "1";
