// Play with friends: the invite and the reply code, made small. No server carries the WebRTC offer and answer: the
// invite link and the reply code do, so they keep only what a data channel's SDP needs (ICE user fragment and
// password, the DTLS fingerprint, the setup role, the candidates' kind, address and port) in a few bytes, and the
// other side rebuilds the SDP from that. Bytes -> base64url (no padding). Pure: no DOM, no WebRTC (node tests).

const INVITE_VERSION = 3;   // 3: the table's number of seats (three or four) before its names; 2 had three
const SETUPS = ["actpass", "active", "passive"];
const TYPES = ["host", "srflx", "prflx", "relay"];
const TYPE_PREF = { host: 126, prflx: 110, srflx: 100, relay: 0 };

export class CodeError extends Error {
  constructor(what) { super(`bad ${what}`); this.name = "CodeError"; }
}

/**
 * The parts of an SDP a data channel needs: {ufrag, pwd, fingerprint (32 bytes of SHA-256), setup, candidates:
 * [{type, address, port}]} (UDP candidates only; each address once per type and port).
 * @param {string} sdp
 */
export function shrinkSdp(sdp) {
  const line = (name) => sdp.match(new RegExp(`^a=${name}:(.*)$`, "m"))?.[1]?.trim();
  const fp = line("fingerprint")?.split(" ");
  if (!fp || fp[0].toLowerCase() !== "sha-256") throw new CodeError("fingerprint");
  const fingerprint = fp[1].split(":").map((h) => parseInt(h, 16));
  const setup = line("setup"), ufrag = line("ice-ufrag"), pwd = line("ice-pwd");
  if (fingerprint.length !== 32 || fingerprint.some((b) => !(b >= 0 && b < 256))) throw new CodeError("fingerprint");
  if (!SETUPS.includes(setup) || !ufrag || !pwd) throw new CodeError("sdp");
  const candidates = [], seen = new Set();
  for (const m of sdp.matchAll(/^a=candidate:(\S+) (\d+) (\S+) (\d+) (\S+) (\d+) typ (\S+)/gm)) {
    const [, , component, proto, , address, port, type] = m;
    if (component !== "1" || proto.toLowerCase() !== "udp" || !TYPES.includes(type)) continue;
    const key = `${type} ${address} ${port}`;
    if (seen.has(key)) continue;
    seen.add(key);
    candidates.push({ type, address, port: Number(port) });
  }
  return { ufrag, pwd, fingerprint, setup, candidates };
}

/**
 * The SDP a browser takes back (setRemoteDescription) from shrinkSdp's parts.
 * @param {ReturnType<typeof shrinkSdp>} p
 */
export function rebuildSdp(p) {
  const hex = p.fingerprint.map((b) => b.toString(16).toUpperCase().padStart(2, "0")).join(":");
  const lines = ["v=0", "o=- 1 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0", "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0"];
  p.candidates.forEach((c, i) => {
    const priority = (TYPE_PREF[c.type] << 24) + ((65535 - i) << 8) + 255;
    const rel = c.type === "host" ? "" : " raddr 0.0.0.0 rport 0";
    lines.push(`a=candidate:${i + 1} 1 udp ${priority} ${c.address} ${c.port} typ ${c.type}${rel} generation 0`);
  });
  lines.push("a=end-of-candidates", `a=ice-ufrag:${p.ufrag}`, `a=ice-pwd:${p.pwd}`, `a=fingerprint:sha-256 ${hex}`,
    `a=setup:${p.setup}`, "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144");
  return `${lines.join("\r\n")}\r\n`;
}

// ------------------------------------------------------------------------------------------------ bytes
class Writer {
  constructor() { this.bytes = []; }
  byte(b) { this.bytes.push(b & 255); }
  u16(n) { this.byte(n >> 8); this.byte(n); }
  text(s) {
    const b = new TextEncoder().encode(s);
    if (b.length > 255) throw new CodeError("text");
    this.byte(b.length);
    this.bytes.push(...b);
  }
}

class Reader {
  constructor(bytes) { this.b = bytes; this.i = 0; }
  byte() {
    if (this.i >= this.b.length) throw new CodeError("length");
    return this.b[this.i++];
  }
  u16() { return (this.byte() << 8) | this.byte(); }
  take(n) {
    if (this.i + n > this.b.length) throw new CodeError("length");
    const out = this.b.slice(this.i, this.i + n);
    this.i += n;
    return out;
  }
  text() { return new TextDecoder("utf-8", { fatal: true }).decode(this.take(this.byte())); }
  done() { if (this.i !== this.b.length) throw new CodeError("length"); }
}

function writeSdp(w, p) {
  w.byte(SETUPS.indexOf(p.setup));
  w.bytes.push(...p.fingerprint);
  w.text(p.ufrag);
  w.text(p.pwd);
  const cands = p.candidates.slice(0, 16);
  w.byte(cands.length);
  for (const c of cands) {
    const v4 = /^\d+\.\d+\.\d+\.\d+$/.test(c.address) ? c.address.split(".").map(Number) : null;
    w.byte((TYPES.indexOf(c.type) << 4) | (v4 ? 4 : 0));
    if (v4) w.bytes.push(...v4);
    else w.text(c.address);   // IPv6, or an mDNS name
    w.u16(c.port);
  }
}

function readSdp(r) {
  const setup = SETUPS[r.byte()];
  const fingerprint = [...r.take(32)];
  const ufrag = r.text(), pwd = r.text(), candidates = [];
  for (let n = r.byte(); n > 0; n--) {
    const head = r.byte(), type = TYPES[head >> 4];
    const address = (head & 15) === 4 ? [...r.take(4)].join(".") : r.text();
    if (!type || !/^[\w.:-]+$/.test(address)) throw new CodeError("candidate");
    candidates.push({ type, address, port: r.u16() });
  }
  if (!setup || !/^[\w+/]+$/.test(ufrag) || !/^[\w+/]+$/.test(pwd)) throw new CodeError("sdp");
  return { ufrag, pwd, fingerprint, setup, candidates };
}

function toBase64url(bytes) {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text) {
  if (!/^[\w-]*$/.test(text)) throw new CodeError("characters");
  let s;
  try {
    s = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    throw new CodeError("characters");
  }
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

/**
 * An invite's code: the friend's seat, the table's names (the host's first), the hands of the game and the host's
 * offer (shrunk). `table` tells one hosted table from another (a reply must come back to the table that invited);
 * `seq`: the guest's first sequence number (above the last one the host's engine accepted for that seat: a friend
 * who rejoins on a new link goes on from there, and replays of its old messages stay refused); `nonce`: this invite's
 * own number (a new invite for the seat has another: a reply to an older one is told from the right one at once).
 * @param {{seat: number, names: string[], hands: number, table: number, nonce: number, seq: number, offer: ReturnType<typeof shrinkSdp>}} inv
 */
export function encodeInvite(inv) {
  const w = new Writer();
  w.byte(INVITE_VERSION);
  w.byte(inv.seat);
  w.byte(inv.hands);
  w.u16(inv.table);
  w.u16(inv.nonce);
  w.u16(inv.seq >>> 16);
  w.u16(inv.seq & 0xffff);
  w.byte(inv.names.length);
  for (const n of inv.names) w.text(n);
  writeSdp(w, inv.offer);
  return toBase64url(w.bytes);
}

/** The invite of a code (CodeError when it is not one). */
export function decodeInvite(code) {
  const r = new Reader(fromBase64url(String(code).trim()));
  const version = r.byte();
  if (version !== INVITE_VERSION && version !== 2) throw new CodeError("version");
  const seat = r.byte(), hands = r.byte(), table = r.u16(), nonce = r.u16(), seq = r.u16() * 65536 + r.u16();
  const seats = version === 2 ? 3 : r.byte();   // an invite of the version before: a table of three
  if (seats < 3 || seats > 4) throw new CodeError("seat");
  const names = Array.from({ length: seats }, () => r.text());
  const offer = readSdp(r);
  r.done();
  if (seat < 1 || seat >= seats || seq >= 2 ** 31) throw new CodeError("seat");
  return { seat, names, hands, table, nonce, seq, offer };
}

/**
 * A reply code: the guest's seat, the table and the invite (`nonce`) it answers and its answer (shrunk). Its name
 * travels later, over the connection (hello), so that it never delays the code.
 * @param {{seat: number, table: number, nonce: number, answer: ReturnType<typeof shrinkSdp>}} rep
 */
export function encodeReply(rep) {
  const w = new Writer();
  w.byte(INVITE_VERSION);
  w.byte(rep.seat);
  w.u16(rep.table);
  w.u16(rep.nonce);
  writeSdp(w, rep.answer);
  return toBase64url(w.bytes);
}

/** The reply of a code (CodeError when it is not one); spaces and line breaks a messenger added are ignored. */
export function decodeReply(code) {
  const r = new Reader(fromBase64url(String(code).replace(/\s+/g, "")));
  if (![2, INVITE_VERSION].includes(r.byte())) throw new CodeError("version");   // a reply's form did not change
  const seat = r.byte(), table = r.u16(), nonce = r.u16();
  const answer = readSdp(r);
  r.done();
  return { seat, table, nonce, answer };
}

/** The invite link: this page's address with the code in the fragment (never sent to any server). */
export function inviteUrl(code, loc = location) { return `${loc.origin}${loc.pathname}#join=${code}`; }

/** The invite code in an address's fragment, or null. */
export function inviteCodeOf(hash) { return /^#join=([\w-]+)$/.exec(hash || "")?.[1] ?? null; }
