// Play with friends, the pure parts (web/js/peer/): the SDP made small and rebuilt, the invite and reply codes, the
// QR code (uqr, through qr.js), the flood throttle and the fair deal's seed.
import assert from "node:assert/strict";
import { test } from "node:test";
import { load } from "./web.mjs";

const { shrinkSdp, rebuildSdp, encodeInvite, decodeInvite, encodeReply, decodeReply, inviteUrl, inviteCodeOf, CodeError } = await load("invite");
const { encodeQr, drawQr } = await load("qr");
const { Throttle } = await load("throttle");
const { commitmentOf, parseRounds } = await load("fair");

// Chromium's offer after ICE gathering (a data channel only), with a TCP and a server-reflexive candidate added
const OFFER = [
  "v=0", "o=- 2501681293329315949 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0", "a=extmap-allow-mixed",
  "a=msid-semantic: WMS", "m=application 33693 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 192.0.2.2",
  "a=candidate:3489028830 1 udp 2113937151 192.0.2.2 33693 typ host generation 0 network-cost 999",
  "a=candidate:3364107886 1 udp 2113942271 fd00::2 37279 typ host generation 0 network-cost 999",
  "a=candidate:4233069003 1 tcp 1518280447 192.0.2.2 9 typ host tcptype active generation 0 network-id 1",
  "a=candidate:842163049 1 udp 1686052607 203.0.113.7 52213 typ srflx raddr 192.0.2.2 rport 33693 generation 0",
  "a=ice-ufrag:hUq5", "a=ice-pwd:mnSyuo67/4pQ1Pqkx4NitRqu", "a=ice-options:trickle",
  "a=fingerprint:sha-256 01:4F:A5:74:3D:23:DC:47:05:FB:B0:B1:B0:AB:F2:19:AB:AE:73:0A:93:3A:4F:EC:85:FB:E5:31:80:6B:3E:C2",
  "a=setup:actpass", "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144", "",
].join("\r\n");

test("an SDP shrinks to what a data channel needs (UDP candidates only) and is rebuilt with the same parts", () => {
  const p = shrinkSdp(OFFER);
  assert.equal(p.ufrag, "hUq5");
  assert.equal(p.pwd, "mnSyuo67/4pQ1Pqkx4NitRqu");
  assert.equal(p.setup, "actpass");
  assert.equal(p.fingerprint.length, 32);
  assert.deepEqual(p.candidates, [
    { type: "host", address: "192.0.2.2", port: 33693 }, { type: "host", address: "fd00::2", port: 37279 },
    { type: "srflx", address: "203.0.113.7", port: 52213 }]);
  const sdp = rebuildSdp(p);
  assert.match(sdp, /^a=fingerprint:sha-256 01:4F:A5:74:3D:23:DC:47:05:FB:B0:B1:B0:AB:F2:19:AB:AE:73:0A:93:3A:4F:EC:85:FB:E5:31:80:6B:3E:C2\r$/m);
  assert.match(sdp, /^a=candidate:3 1 udp \d+ 203\.0\.113\.7 52213 typ srflx raddr 0\.0\.0\.0 rport 0 generation 0\r$/m);
  assert.match(sdp, /^m=application 9 UDP\/DTLS\/SCTP webrtc-datachannel\r$/m);
  assert.deepEqual(shrinkSdp(sdp), p);   // the round trip keeps every part
  assert.throws(() => shrinkSdp(OFFER.replace("sha-256", "sha-1")), CodeError);
});

test("an invite and a reply survive their codes; damaged codes are refused, never half read", () => {
  const offer = shrinkSdp(OFFER);
  const inv = { seat: 2, names: ["Anna", "Bea", "Zoë 🂡"], hands: 12, table: 4242, nonce: 517, seq: 70_000, offer };
  const code = encodeInvite(inv);
  assert.match(code, /^[\w-]+$/);
  assert.ok(code.length < 200, `invite code ${code.length} characters`);
  assert.deepEqual(decodeInvite(code), inv);
  const url = inviteUrl(code, { origin: "https://example.test", pathname: "/jass/" });
  assert.equal(url, `https://example.test/jass/#join=${code}`);
  assert.equal(inviteCodeOf(new URL(url).hash), code);
  assert.equal(inviteCodeOf("#other"), null);
  const rep = { seat: 2, table: 4242, nonce: 517, answer: { ...offer, setup: "active" } };
  const reply = encodeReply(rep);
  assert.deepEqual(decodeReply(` ${reply.slice(0, 30)}\n${reply.slice(30)} `), rep);   // a messenger's line break
  for (const bad of [code.slice(0, -3), `${code}AA`, "not a code!", "", code.replace(/^./, "B")]) {
    assert.throws(() => decodeInvite(bad), CodeError, bad);
  }
  assert.throws(() => decodeReply(reply.slice(0, 20)), CodeError);
});

test("an invite to a table of four names its four seats, and its friend sits at seat 1, 2 or 3", () => {
  const offer = shrinkSdp(OFFER);
  const inv = { seat: 3, names: ["Anna", "Bea", "Cla", "Dora"], hands: 12, table: 7, nonce: 9, seq: 0, offer };
  assert.deepEqual(decodeInvite(encodeInvite(inv)), inv);
  for (const seat of [0, 4]) assert.throws(() => decodeInvite(encodeInvite({ ...inv, seat })), CodeError, String(seat));
  assert.throws(() => decodeInvite(encodeInvite({ ...inv, names: ["A", "B"] })), CodeError);   // two seats: no table
});

// "HELLO WORLD" as bytes (byte mode), level L: version 1, mask 0 (uqr's lowest penalty). jsQR 1.4.0 decodes this
// matrix to the same text (checked when uqr replaced our own encoder; uqr with mask 3 forced gives, module for module,
// the matrix our encoder made, which zxing-cpp 3.1 had decoded); another uqr that changes the code changes these rows.
const HELLO = ["111111100101101111111", "100000100111001000001", "101110101101101011101", "101110100101001011101",
  "101110100010101011101", "100000100000101000001", "111111101010101111111", "000000001101100000000",
  "111011111111011000100", "100110000010001100010", "011111101010110111111", "111000010110000010010",
  "110110111010111110100", "000000001001010000110", "111111101011000110111", "100000101001100100001",
  "101110101001001010100", "101110100101001110110", "101110101000101010101", "100000101001000010010",
  "111111101001101100111"];

/** The 7x7 finder pattern (a dark ring, a light ring, a dark 3x3 core) at column x, row y of `m`? */
const finderAt = (m, x, y) => [0, 1, 2, 3, 4, 5, 6].every((dy) => [0, 1, 2, 3, 4, 5, 6].every((dx) => {
  const d = Math.max(Math.abs(dx - 3), Math.abs(dy - 3));
  return m[y + dy][x + dx] === (d !== 2);
}));

test("the QR code of a known text (uqr through qr.js), and the versions invites need", () => {
  const q = encodeQr("HELLO WORLD");
  assert.equal(q.version, 1);
  assert.equal(q.mask, 0);
  assert.equal(q.size, 21);
  assert.deepEqual(q.modules.map((r) => r.map((c) => (c ? 1 : 0)).join("")), HELLO);
  // byte mode, UTF-8: a text of digits only is not packed as numbers (it would fit version 1 then)
  assert.equal(encodeQr("1".repeat(20)).version, 2);
  // a 192-character invite link fills version 8 at level L exactly; the longest byte mode text at 40-L is 2953 bytes
  const link = encodeQr(`https://example.test/jass/#join=${"A".repeat(160)}`);
  assert.equal(link.version, 8);
  assert.equal(link.size, 8 * 4 + 17);
  assert.ok(finderAt(link.modules, 0, 0) && finderAt(link.modules, link.size - 7, 0) && finderAt(link.modules, 0, link.size - 7));
  assert.ok(!finderAt(link.modules, link.size - 7, link.size - 7));
  assert.equal(encodeQr(`https://example.test/jass/#join=${"A".repeat(161)}`).version, 9);
  assert.equal(encodeQr("x".repeat(2953)).version, 40);
  assert.throws(() => encodeQr("x".repeat(2954)), RangeError);
  assert.equal(encodeQr("ü".repeat(100)).version, encodeQr("x".repeat(200)).version);   // two bytes each
});

test("drawQr draws the modules inside a quiet zone of four, on white", () => {
  const rects = [];
  const ctx = { fillStyle: "", fillRect: (x, y, w, h) => rects.push([ctx.fillStyle, x, y, w, h]) };
  const canvas = { width: 0, height: 0, style: {}, dataset: {}, getContext: () => ctx };
  drawQr(canvas, "HELLO WORLD", 116);   // 21 + 8 = 29 modules, 4 pixels each
  assert.equal(canvas.width, 116);
  assert.equal(canvas.dataset.qrVersion, "1");
  assert.deepEqual(rects[0], ["#fff", 0, 0, 116, 116]);
  const dark = rects.slice(1);
  assert.equal(dark.length, HELLO.join("").split("1").length - 1);
  assert.ok(dark.every(([fill, x, y, w]) => fill === "#000" && w === 4 && x >= 16 && y >= 16 && x < 100 && y < 100));
  assert.deepEqual(dark[0], ["#000", 16, 16, 4, 4]);
});

test("the throttle lets a burst through, then the rate; the dropped ones are counted", () => {
  const th = new Throttle({ rate: 8, burst: 16 });
  let passed = 0;
  for (let i = 0; i < 100; i++) if (th.take(1000)) passed++;   // 100 at once
  assert.equal(passed, 16);
  assert.equal(th.dropped, 84);
  assert.equal(th.take(1000 + 125), true);    // one token back after 1/8 s
  assert.equal(th.take(1000 + 125), false);
  assert.equal(th.take(1000 + 125 + 60_000), true);   // a quiet minute refills the burst, no more
  assert.equal(th.tokens, 15);
});

test("a friend's commitment is the engine's (SHA-256 of the secret's text)", async () => {
  assert.equal(await commitmentOf("a".repeat(64)), "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb");
});

test("the host's stored fair-deal proofs are read back only for their own game, and only well-formed rounds", () => {
  const h = (c) => c.repeat(64);
  const good = { handNo: 1, order: [0, 2], commitments: [h("a"), h("b")], secrets: [h("c"), h("d")] };
  const text = (rounds, game = "g1") => JSON.stringify({ game, rounds });
  assert.deepEqual(parseRounds(text([good]), "g1", 3), [good]);
  assert.deepEqual(parseRounds(text([good]), "g2", 3), []);              // another game's
  const four = { handNo: 2, order: [0, 1, 3], commitments: [h("a"), h("b"), h("e")], secrets: [h("c"), h("d"), h("f")] };
  assert.deepEqual(parseRounds(text([four]), "g1", 4), [four]);          // a table of four (the view's seats): seat 3 too
  assert.deepEqual(parseRounds(text([four]), "g1", 3), []);              // not at a table of three
  for (const bad of ["", "null", "[]", "{", JSON.stringify({ game: "g1", rounds: {} })]) assert.deepEqual(parseRounds(bad, "g1", 4), []);
  const broken = [
    { ...good, handNo: 0 }, { ...good, handNo: "1" }, { ...good, order: [2, 0] }, { ...good, order: [1, 2] },
    { ...good, order: [0, 0] }, { ...good, order: [0, 4] }, { ...good, commitments: [h("a")] },
    { ...good, secrets: [h("c"), "D".repeat(64)] }, null, 7,
  ];
  assert.deepEqual(parseRounds(text([...broken, good]), "g1", 4), [good]);   // each broken round dropped, the good kept
  const extra = parseRounds(text([{ ...good, extra: "<script>" }]), "g1", 4)[0];
  assert.equal("extra" in extra, false);
});
