// Globals the app's scripts set on window or self (the workers, the end-to-end tests and the measurement script read
// them). Types only: the type checker reads this file (jsconfig*.json); nothing ships it.

/** Where web/js/engine/zstd.js's decoder (zstd-decoder.wasm.gz) comes from: its URL, or a function that returns a
 *  promise of its Response (the service worker takes it from its cache) */
type ZstdDecoderSource = string | (() => Promise<Response | undefined>);

/** web/js/engine/zstd.js (a classic script): the zstd decoder it installs on the global object */
interface JassZstd {
  /** instantiate the decoder once */
  prepare(from: ZstdDecoderSource): Promise<WebAssembly.Exports>;
  /** a TransformStream that decompresses zstd frames chunk by chunk */
  decompressStream(from: ZstdDecoderSource): Promise<TransformStream<Uint8Array, Uint8Array>>;
  /** the zstd magic number (28 b5 2f fd) at the start of `head`? */
  isZstd(head: Uint8Array): boolean;
}

declare var jassZstd: JassZstd;

interface Window {
  /** Safari before 14.1: web/js/table/sound.js's AudioContext */
  webkitAudioContext?: typeof AudioContext;
}
/** web/js/engine/worker.js: the engine's Python module, for debugging */
declare var __jassPython: unknown;
/** web/js/hooks/testhook.js: the read-only test hook */
declare var __jass: object | undefined;
/** web/js/peer/host.js, guest.js: the open table's host or guest (tests and measurements read it) */
declare var __jassPeer: object | undefined;
/** web/js/offline/sw-register.js: the service worker's state, for tests and measurements */
declare var __jassSW: (() => Promise<object>) | undefined;
