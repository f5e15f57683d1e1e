// One table, many devices (issue 30): the WebRTC transport. A data channel
// between the host's page and a device's page, set up with no server at all:
// the host's offer and the device's answer travel as short codes (a link or
// a QR code), and the host's Python session (src/spieltisch/net/) sends and
// takes the message texts. See docs/multiplayer.md.
//
// No ICE server is used unless the player names some (settings: STUN/TURN);
// the site never contacts a host nobody configured.
//
// A code keeps only what the connection needs: the kind (offer/answer), the
// DTLS role, ice-ufrag, ice-pwd, the SHA-256 fingerprint (base64url) and the
// UDP candidates (address,port). `unpack` makes a valid SDP from it again.

const FIELD = "~";
const CANDS = "!"; // never in base64url, an address or a port
const KINDS = { o: "offer", a: "answer" };
const SETUPS = { c: "actpass", a: "active", p: "passive" };
const GATHER_MS = 5000; // after this, the candidates found so far are used
const MAX_CANDIDATES = 3; // the first (best) host candidates: a phone's Wi-Fi comes first

const invert = (obj) => Object.fromEntries(Object.entries(obj).map(([k, v]) => [v, k]));

function b64url(bytes) {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function unb64url(text) {
  const s = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Array.from(s, (c) => c.charCodeAt(0));
}

function line(sdp, name) {
  const m = sdp.match(new RegExp(`^a=${name}:(.*)$`, "m"));
  return m ? m[1].trim() : null;
}

// A UUID .local address (a browser's mDNS name for a host candidate) packed
// as "m" + base64url of its 16 bytes.
function packAddress(addr) {
  const m = addr.match(/^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/);
  if (!m) return addr;
  const hex = m.slice(1).join("");
  return "m" + b64url(Array.from({ length: 16 }, (_, i) => parseInt(hex.slice(2 * i, 2 * i + 2), 16)));
}

function unpackAddress(text) {
  if (!/^m[A-Za-z0-9_-]{22}$/.test(text)) return text;
  const h = unb64url(text.slice(1)).map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}.local`;
}

export function pack(desc) {
  const sdp = desc.sdp;
  const kind = invert(KINDS)[desc.type];
  const setup = invert(SETUPS)[line(sdp, "setup")];
  const ufrag = line(sdp, "ice-ufrag");
  const pwd = line(sdp, "ice-pwd");
  const fp = line(sdp, "fingerprint");
  if (!kind || !setup || !ufrag || !pwd || !fp || !/^sha-256 /i.test(fp)) {
    throw new Error("net: this description cannot be packed");
  }
  const fpBytes = fp.split(" ")[1].split(":").map((h) => parseInt(h, 16));
  const cands = [];
  for (const m of sdp.matchAll(/^a=candidate:\S+ 1 udp \d+ (\S+) (\d+) typ host/gm)) {
    const c = `${packAddress(m[1])},${m[2]}`;
    if (!cands.includes(c) && cands.length < MAX_CANDIDATES) cands.push(c);
  }
  return [kind + setup, ufrag, pwd, b64url(fpBytes), cands.join(CANDS)].join(FIELD);
}

export function unpack(code) {
  const parts = String(code).trim().split(FIELD);
  if (parts.length !== 5 || parts[0].length !== 2) throw new Error("net: not a connection code");
  const [ks, ufrag, pwd, fp64, cands] = parts;
  const type = KINDS[ks[0]];
  const setup = SETUPS[ks[1]];
  const ice = /^[A-Za-z0-9+/]{4,256}$/;
  if (!type || !setup || !ice.test(ufrag) || !ice.test(pwd)) throw new Error("net: not a connection code");
  const fpBytes = unb64url(fp64);
  if (fpBytes.length !== 32) throw new Error("net: not a connection code");
  const fp = fpBytes.map((b) => b.toString(16).padStart(2, "0").toUpperCase()).join(":");
  const lines = [
    "v=0", `o=- ${Date.now()} 2 IN IP4 127.0.0.1`, "s=-", "t=0 0", "a=group:BUNDLE 0",
    "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    `a=ice-ufrag:${ufrag}`, `a=ice-pwd:${pwd}`, `a=fingerprint:sha-256 ${fp}`, `a=setup:${setup}`,
    "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144",
  ];
  let n = 1;
  for (const c of cands ? cands.split(CANDS) : []) {
    const [addr, port] = c.split(",");
    if (!addr || !/^\d{1,5}$/.test(port || "") || !/^[0-9A-Za-z.:-]{1,64}$/.test(unpackAddress(addr))) {
      throw new Error("net: not a connection code");
    }
    lines.push(`a=candidate:${n} 1 udp ${2122260223 - n} ${unpackAddress(addr)} ${port} typ host generation 0`);
    n += 1;
  }
  lines.push("a=end-of-candidates");
  return { type, sdp: lines.join("\r\n") + "\r\n" };
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
