// The zstd decoder of the big downloads (web/js/engine/zstd.js, zstd's own decoder in WebAssembly): what it decodes,
// chunk by chunk as a download arrives, is the original; corrupt or cut data is an error, never a wrong result.
import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";

globalThis.self ??= globalThis;
await import(new URL("../../web/js/engine/zstd.js", import.meta.url).href);
const { decompressStream, isZstd } = globalThis.jassZstd;
// the decoder's wasm as build.py ships it (zstd_decoder_wasm): base64 in the pinned zstddec package's stream build, gzipped
const pkg = fs.readFileSync(new URL(import.meta.resolve("zstddec/stream")), "utf8");
const wasm = Buffer.from(pkg.match(/^const wasm = "([A-Za-z0-9+/=]+)";$/m)[1], "base64");
const fromFile = () => Promise.resolve(new Response(new Blob([wasm]).stream().pipeThrough(new CompressionStream("gzip"))));
// tests/js/fixtures/lines.txt.zst: `zstd -19` of these 6000 lines (220 KB, more than the decoder's output buffer of 128 KB)
let text = "";
for (let i = 0; i < 6000; i++) text += `line ${i}: ${(i * 7919) % 10007} ${"abcdefghij".repeat(i % 5)}\n`;
const packed = new Uint8Array(fs.readFileSync(new URL("./fixtures/lines.txt.zst", import.meta.url)));

/** `bytes` as a stream of pieces of `size` bytes (a download's chunks). */
const chunks = (bytes, size) => new ReadableStream({
  start(ctl) { for (let at = 0; at < bytes.length; at += size) ctl.enqueue(bytes.slice(at, at + size)); ctl.close(); },
});
const decode = async (bytes, size) => new Response(chunks(bytes, size).pipeThrough(await decompressStream(fromFile))).text();

test("zstd data decodes to the original, whatever the size of the chunks it arrives in", async () => {
  assert.ok(isZstd(packed) && !isZstd(new Uint8Array([0x1f, 0x8b, 8, 0])));
  assert.ok(text.length > 131072 && packed.length < text.length / 5);
  for (const size of [packed.length, 65536, 1000, 7]) assert.equal(await decode(packed, size), text, `chunks of ${size}`);
});

test("corrupt or cut zstd data is an error", async () => {
  const bad = packed.slice();
  bad.fill(0xa5, 100, 400);
  await assert.rejects(decode(bad, 4096), /zstd/);
  await assert.rejects(decode(packed.slice(0, packed.length - 10), 4096), /zstd: the data ends early/);
});
