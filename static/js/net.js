// One table, many devices (issue 30): the WebRTC transport. A data channel
// between the host's page and a device's page, set up with no server at all:
// the host's offer and the device's answer travel as short codes (a link or
// a QR code), and the host's Python session (src/spieltisch/net/) sends and
// takes the message texts. See docs/multiplayer.md.
//
// No ICE server is used unless the player names some (settings: STUN/TURN);
// the site never contacts a host nobody configured.
//
// A code keeps only what the connection needs, as bytes (layout below), and
// travels as decimal digits: a QR code holds digits in its numeric mode at
// 3.3 bits each, so a join link (the site's address in byte mode, the digits
// in numeric mode) fits a QR code of version 6 and the answer one of
// version 5 (docs/multiplayer.md, "QR codes"). `unpack` makes a valid SDP
// from it again.
//
// Byte layout (format 1):
//   0      header: format (3 bits) | answer? (1) | setup (2: actpass, active, passive) | candidates (2)
//   1      ice-ufrag length n, then ceil(6n/8) bytes: its characters (ice-char = the base64 alphabet) 6 bits each
//   .      ice-pwd the same way
//   .      32 bytes: the SHA-256 DTLS fingerprint
//   .      per candidate: kind (bits 7-6: host, srflx, relay; bits 1-0: mDNS name, IPv4, IPv6),
//          the address (16 bytes of the mDNS UUID, 4 or 16 bytes of the IP), the port (2 bytes)
// The digits are the bytes, with a 1 in front, as one number in base 10.

const FORMAT = 1;
const SETUPS = ["actpass", "active", "passive"];
const TYPES = ["host", "srflx", "relay"];
const TYPE_PREF = { host: 126, srflx: 100, relay: 0 };
const GATHER_MS = 5000; // after this, the candidates found so far are used
const MAX_DIGITS = 400; // a format-1 code is 150-230 digits; anything far longer is not one
const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

const bad = () => new Error("net: not a connection code");

function line(sdp, name) {
  const m = sdp.match(new RegExp(`^a=${name}:(.*)$`, "m"));
  return m ? m[1].trim() : null;
}

function putIce(out, text) {
  if (!/^[A-Za-z0-9+/]{1,255}$/.test(text)) throw new Error("net: this description cannot be packed");
  out.push(text.length);
  let acc = 0, bits = 0;
  for (const ch of text) {
    acc = (acc << 6) | B64.indexOf(ch);
    bits += 6;
    while (bits >= 8) { bits -= 8; out.push((acc >> bits) & 255); }
    acc &= (1 << bits) - 1;
  }
  if (bits) out.push((acc << (8 - bits)) & 255);
}

function takeIce(rd) {
  const n = rd.byte();
  if (!n) throw bad();
  const bytes = rd.bytes(Math.ceil((6 * n) / 8));
  let acc = 0, bits = 0, text = "";
  for (const b of bytes) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 6 && text.length < n) { bits -= 6; text += B64[(acc >> bits) & 63]; }
    acc &= (1 << bits) - 1;
  }
  return text;
}

function parseIPv6(addr) {
  if (!/^[0-9a-fA-F:]{2,39}$/.test(addr) || (addr.match(/::/g) || []).length > 1) return null;
  const [head, tail] = addr.includes("::") ? addr.split("::") : [addr, null];
  const hs = head ? head.split(":") : [];
  const ts = tail ? tail.split(":") : [];
  const fill = tail === null ? 0 : 8 - hs.length - ts.length;
  const groups = [...hs, ...Array(Math.max(fill, 0)).fill("0"), ...ts];
  if (groups.length !== 8 || fill < 0 || (tail !== null && fill < 1) || groups.some((g) => !/^[0-9a-fA-F]{1,4}$/.test(g))) return null;
  return groups.flatMap((g) => { const v = parseInt(g, 16); return [v >> 8, v & 255]; });
}

// [kind bits, address bytes] of a candidate address, or null when it cannot be packed
function packAddress(addr) {
  const m = addr.match(/^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/);
  if (m) {
    const hex = m.slice(1).join("");
    return [0, Array.from({ length: 16 }, (_, i) => parseInt(hex.slice(2 * i, 2 * i + 2), 16))];
  }
  const v4 = addr.match(/^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/);
  if (v4) {
    const bytes = v4.slice(1).map(Number);
    return bytes.every((b) => b < 256) ? [1, bytes] : null;
  }
  const v6 = parseIPv6(addr);
  return v6 ? [2, v6] : null;
}

function unpackAddress(kind, rd) {
  if (kind === 0) {
    const h = rd.bytes(16).map((b) => b.toString(16).padStart(2, "0")).join("");
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}.local`;
  }
  if (kind === 1) return rd.bytes(4).join(".");
  if (kind === 2) {
    const b = rd.bytes(16);
    return Array.from({ length: 8 }, (_, i) => ((b[2 * i] << 8) | b[2 * i + 1]).toString(16)).join(":");
  }
  throw bad();
}

// The candidates to keep: the best UDP host candidate, and the best
// server-reflexive and relay ones when STUN/TURN servers gave some.
function bestCandidates(sdp) {
  const best = {};
  for (const m of sdp.matchAll(/^a=candidate:\S+ 1 udp (\d+) (\S+) (\d+) typ (host|srflx|relay)\b/gim)) {
    const [, prio, addr, port, type] = m;
    const packed = packAddress(addr);
    if (!packed || Number(port) < 1 || Number(port) > 65535) continue;
    if (!best[type] || Number(prio) > best[type].prio) best[type] = { prio: Number(prio), type, packed, port: Number(port) };
  }
  return TYPES.filter((t) => best[t]).map((t) => best[t]);
}

function toDigits(bytes) {
  let n = 1n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  return n.toString(10);
}

function fromDigits(text) {
  if (!/^[1-9][0-9]*$/.test(text) || text.length > MAX_DIGITS) throw bad();
  let hex = BigInt(text).toString(16);
  if (hex.length % 2 === 0 || hex[0] !== "1") throw bad();
  hex = hex.slice(1);
  return Array.from({ length: hex.length / 2 }, (_, i) => parseInt(hex.slice(2 * i, 2 * i + 2), 16));
}

function reader(bytes) {
  let at = 0;
  return {
    byte() { if (at >= bytes.length) throw bad(); return bytes[at++]; },
    bytes(n) { if (at + n > bytes.length) throw bad(); at += n; return bytes.slice(at - n, at); },
    done: () => at === bytes.length,
  };
}

// The fields of a packed code ({type, setup, ufrag, pwd, fingerprint, candidates}), or an error.
// Spaces and line breaks (a messenger's wrapping) are ignored.
export function decode(code) {
  const rd = reader(fromDigits(String(code).replace(/\s+/g, "")));
  const head = rd.byte();
  if (head >> 5 !== FORMAT || ((head >> 2) & 3) > 2) throw bad();
  const type = head & 16 ? "answer" : "offer";
  const setup = SETUPS[(head >> 2) & 3];
  const ufrag = takeIce(rd);
  const pwd = takeIce(rd);
  if (ufrag.length < 4 || pwd.length < 22) throw bad();
  const fingerprint = rd.bytes(32).map((b) => b.toString(16).padStart(2, "0").toUpperCase()).join(":");
  const candidates = [];
  for (let i = 0; i < (head & 3); i += 1) {
    const kind = rd.byte();
    const type_ = TYPES[kind >> 6];
    if (!type_ || (kind & 60)) throw bad();
    const address = unpackAddress(kind & 3, rd);
    const [hi, lo] = rd.bytes(2);
    const port = (hi << 8) | lo;
    if (!port) throw bad();
    candidates.push({ type: type_, address, port });
  }
  if (!rd.done()) throw bad();
  return { type, setup, ufrag, pwd, fingerprint, candidates };
}

// "offer", "answer", or null when text is no connection code: for a scanner's
// `accept` and a paste box (a pasted join link counts as its code).
export function codeKind(text) {
  try {
    return decode(codeFromLink(text) ?? text).type;
  } catch (e) {
    return null;
  }
}

export function pack(desc) {
  const sdp = desc.sdp;
  const setup = SETUPS.indexOf(line(sdp, "setup"));
  const ufrag = line(sdp, "ice-ufrag");
  const pwd = line(sdp, "ice-pwd");
  const fp = line(sdp, "fingerprint");
  if (!["offer", "answer"].includes(desc.type) || setup < 0 || !ufrag || !pwd || !fp || !/^sha-256 /i.test(fp)) {
    throw new Error("net: this description cannot be packed");
  }
  const fpBytes = fp.split(" ")[1].split(":").map((h) => parseInt(h, 16));
  if (fpBytes.length !== 32 || fpBytes.some((b) => !(b >= 0 && b < 256))) throw new Error("net: this description cannot be packed");
  const cands = bestCandidates(sdp);
  const out = [(FORMAT << 5) | (desc.type === "answer" ? 16 : 0) | (setup << 2) | cands.length];
  putIce(out, ufrag);
  putIce(out, pwd);
  out.push(...fpBytes);
  for (const c of cands) {
    out.push((TYPES.indexOf(c.type) << 6) | c.packed[0], ...c.packed[1], c.port >> 8, c.port & 255);
  }
  return toDigits(out);
}

export function unpack(code) {
  const f = decode(code);
  const lines = [
    "v=0", `o=- ${Date.now()} 2 IN IP4 127.0.0.1`, "s=-", "t=0 0", "a=group:BUNDLE 0",
    "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    `a=ice-ufrag:${f.ufrag}`, `a=ice-pwd:${f.pwd}`, `a=fingerprint:sha-256 ${f.fingerprint}`, `a=setup:${f.setup}`,
    "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144",
  ];
  f.candidates.forEach((c, i) => {
    const prio = TYPE_PREF[c.type] * 2 ** 24 + 65535 * 2 ** 8 + 255;
    const rel = c.type === "host" ? "" : " raddr 0.0.0.0 rport 0";
    lines.push(`a=candidate:${i + 1} 1 udp ${prio} ${c.address} ${c.port} typ ${c.type}${rel} generation 0`);
  });
  lines.push("a=end-of-candidates");
  return { type: f.type, sdp: lines.join("\r\n") + "\r\n" };
}

// ICE servers from the player's setting: a list of {urls, username?, credential?};
// anything else gives none (never a default host).
export function iceServers(setting) {
  if (!Array.isArray(setting)) return [];
  return setting.filter((s) => s && (typeof s.urls === "string" || Array.isArray(s.urls)))
    .map((s) => ({ urls: s.urls, ...(s.username ? { username: String(s.username) } : {}),
                   ...(s.credential ? { credential: String(s.credential) } : {}) }));
}

function gathered(pc) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => { clearTimeout(timer); resolve(); };
    const timer = setTimeout(done, GATHER_MS);
    pc.addEventListener("icegatheringstatechange", () => {
      if (pc.iceGatheringState === "complete") done();
    });
  });
}

function opened(channel) {
  if (channel.readyState === "open") return Promise.resolve(channel);
  return new Promise((resolve, reject) => {
    channel.addEventListener("open", () => resolve(channel), { once: true });
    channel.addEventListener("close", () => reject(new Error("net: the channel closed")), { once: true });
  });
}

// The host's side of one seat: `await hostSeat(setting)` gives {code, accept(answerCode), channel}
// where `channel` resolves to the open RTCDataChannel once the answer is accepted.
export async function hostSeat(setting = []) {
  const pc = new RTCPeerConnection({ iceServers: iceServers(setting) });
  const ch = pc.createDataChannel("spieltisch", { ordered: true });
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  return {
    pc,
    code: pack(pc.localDescription),
    channel: opened(ch),
    accept: (answer) => pc.setRemoteDescription(unpack(answer)),
  };
}

// A device's side: from the host's code, {code (the answer to show), channel}.
export async function joinSeat(offerCode, setting = []) {
  const pc = new RTCPeerConnection({ iceServers: iceServers(setting) });
  const channel = new Promise((resolve) => {
    pc.addEventListener("datachannel", (e) => resolve(opened(e.channel)));
  });
  await pc.setRemoteDescription(unpack(offerCode));
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered(pc);
  return { pc, code: pack(pc.localDescription), channel };
}

// `…#/join/<code>`: the link a phone's camera opens.
export function joinLink(siteUrl, code) {
  return `${siteUrl.replace(/#.*$/, "")}#/join/${encodeURIComponent(code)}`;
}

export function codeFromLink(link) {
  const m = String(link).match(/#\/join\/([^#?\s]+)/);
  return m ? decodeURIComponent(m[1]) : null;
}
