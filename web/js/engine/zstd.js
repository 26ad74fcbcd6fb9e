// Zstandard decompression for the big downloads (pyodide.asm.wasm.zst, the standard library): browsers decode only
// gzip and deflate natively (DecompressionStream in Chromium 156; Firefox 147 and Safari add brotli), and zstd -19 is
// 18 % (wasm) to 30 % (standard library) smaller than gzip -9 at about gzip's decoding speed, with the decoder: zstd's
// own (the streaming build of the npm package zstddec, pinned in package-lock.json; BSD licence, 59 KB, shipped
// gzipped: 23 KB, written by build.py beside this file as zstd-decoder.wasm.gz; see docs/web.md "Fewer bytes").
// The package's JavaScript is not used: it decodes a list of arrays it is handed whole, not a download as its chunks
// arrive (it opens and frees its decoder per call), it loops for ever on corrupt data, and it fetches its wasm from a
// data: URL, which the workers' connect-src 'self' forbids; decompressStream below drives the wasm's exports itself.
// A classic script (no import/export): the engine worker imports it as a module, the service worker with
// importScripts (it makes the plain wasm for warm starts); both then call self.jassZstd.
(() => {
  let ready = null;

  /** The decoder, instantiated once from its gzipped wasm: `from` is its URL, or a function that returns a promise of
   *  its Response (the service worker takes it from its cache). */
  function decoder(from) {
    ready ??= (async () => {
      const resp = typeof from === "function" ? await from() : await fetch(from);
      if (!resp || !resp.ok) throw new Error(`zstd-decoder.wasm.gz: ${resp ? `HTTP ${resp.status}` : "not cached"}`);   // i18n-ignore: a technical detail
      const bytes = await new Response(resp.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
      const { instance } = await WebAssembly.instantiate(bytes, { env: { emscripten_notify_memory_growth() {} } });
      return instance.exports;
    })();
    ready.catch(() => { ready = null; });
    return ready;
  }

  /** A TransformStream that decompresses one zstd frame (or several in a row), chunk by chunk as they arrive. */
  async function decompressStream(from) {
    const z = await decoder(from);
    const IN = z.ZSTD_DStreamInSize(), OUT = z.ZSTD_DStreamOutSize();
    const dctx = z.ZSTD_createDCtx();
    const inBuf = z.malloc(IN), outBuf = z.malloc(OUT), inDesc = z.malloc(12), outDesc = z.malloc(12);
    let last = 0;
    const free = () => { for (const p of [inBuf, outBuf, inDesc, outDesc]) z.free(p); z.ZSTD_freeDCtx(dctx); };
    const view = () => new DataView(z.memory.buffer);   // anew each time: the memory may have grown
    const feed = (chunk, ctl) => {
      for (let at = 0; at < chunk.byteLength; at += IN) {
        const piece = chunk.subarray(at, at + IN);
        new Uint8Array(z.memory.buffer, inBuf, piece.byteLength).set(piece);
        const v = view();
        v.setUint32(inDesc, inBuf, true); v.setUint32(inDesc + 4, piece.byteLength, true); v.setUint32(inDesc + 8, 0, true);
        let full;
        do {
          view().setUint32(outDesc, outBuf, true); view().setUint32(outDesc + 4, OUT, true); view().setUint32(outDesc + 8, 0, true);
          last = z.ZSTD_decompressStream(dctx, outDesc, inDesc);
          if (last < 0) throw new Error(`zstd: corrupt data (error ${-last})`);   // size_t errors are -1..-120
          const produced = view().getUint32(outDesc + 8, true);
          if (produced) ctl.enqueue(new Uint8Array(z.memory.buffer, outBuf, produced).slice());
          full = produced === OUT;
        } while (view().getUint32(inDesc + 8, true) < piece.byteLength || full);
      }
    };
    return new TransformStream({
      transform(chunk, ctl) {
        try { feed(chunk, ctl); } catch (e) { free(); throw e; }
      },
      flush() {
        free();
        if (last !== 0) throw new Error("zstd: the data ends early");
      },
    });
  }

  /** The zstd magic number (28 b5 2f fd) at the start of `head`? */
  const isZstd = (head) => head[0] === 0x28 && head[1] === 0xb5 && head[2] === 0x2f && head[3] === 0xfd;

  self.jassZstd = { prepare: decoder, decompressStream, isZstd };
})();

// The decoder (zstd-decoder.wasm.gz: build.py takes the wasm of zstddec's dist/zstddec-stream.mjs, gzip -9; its
// wrapper, MIT (c) 2020 Don McCurdy, is not used here) is Zstandard compiled to WebAssembly, under this licence:
//
// BSD License
//
// For Zstandard software
//
// Copyright (c) 2016-present, Yann Collet, Facebook, Inc. All rights reserved.
//
// Redistribution and use in source and binary forms, with or without modification,
// are permitted provided that the following conditions are met:
//
//  * Redistributions of source code must retain the above copyright notice, this
//    list of conditions and the following disclaimer.
//
//  * Redistributions in binary form must reproduce the above copyright notice,
//    this list of conditions and the following disclaimer in the documentation
//    and/or other materials provided with the distribution.
//
//  * Neither the name Facebook nor the names of its contributors may be used to
//    endorse or promote products derived from this software without specific
//    prior written permission.
//
// THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND
// ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED
// WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
// DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE FOR
// ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES
// (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES;
// LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON
// ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT
// (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS
// SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
