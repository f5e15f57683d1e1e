// tests/browser/test_net.py: net.js on a bare page, and a message relay the
// test drives (texts in and out of one data channel).
import * as net from "/static/js/net.js";

const state = { seat: null, channel: null, inbox: [], closed: false };

window.netTest = {
  net,
  async host(setting) {
    state.seat = await net.hostSeat(setting);
    state.seat.channel.then((ch) => take(ch));
    return state.seat.code;
  },
  async accept(code) { await state.seat.accept(code); await state.seat.channel; return true; },
  async join(code, setting) {
    const seat = await net.joinSeat(code, setting);
    seat.channel.then((ch) => take(ch));
    return seat.code;
  },
  opened: () => state.channel !== null && state.channel.readyState === "open",
  send(texts) { for (const t of texts) state.channel.send(t); return texts.length; },
  take() { const out = state.inbox; state.inbox = []; return out; },
  closed: () => state.closed,
};

function take(ch) {
  state.channel = ch;
  ch.addEventListener("message", (e) => state.inbox.push(String(e.data)));
  ch.addEventListener("close", () => { state.closed = true; });
}
document.body.dataset.ready = "1";
