// @ts-check
// Warm start: a Pyodide memory snapshot of the interpreter with the engine imported, kept in Cache Storage.
//
// A plain loadPyodide spends seconds initialising Python (CPU-bound: the service worker cannot help there); restoring
// a snapshot skips Python's start-up, the stdlib unpacking and the engine import (~8 s -> ~1 s on the 2-core test
// machine). Robustness:
// * the key holds the Pyodide version and the engine wheel's name (which carries the engine's content hash), and
//   Pyodide itself refuses a snapshot of another build (BUILD_ID check): a new deployment never restores old code;
// * it is taken once the worker has answered no request for 400 ms after its ready (worker.js: each request restarts
//   the wait; on a first visit that is after the first hand is playable), with a fresh session standing in
//   for the player's meanwhile (engine.web.set_session_aside: no game inside), and the restored interpreter's global
//   random generator is reseeded (game seeds come from os.urandom anyway);
// * any failure to restore deletes the snapshot and falls back to the plain start; one entry per site copy is kept.
// Only where Cache Storage exists (secure contexts). Costs ~30 MB of storage and 0.03-0.25 s of the worker's time
// (plus a background write) once the first hand is playable. The bot lab's worker (web/lab/lab-worker.js) keeps its own snapshot (its Python has the whole
// standard library, the lab engine and micropip) in a cache of its own: `kind` "lab".
const SCOPE = new URL("../../../", import.meta.url);

export class Snapshots {
  /** `contentKey`: what the snapshot was made of (wheel and stdlib names, which carry content hashes); `kind`: ""
   *  for the game's worker, "lab" for the lab's (one snapshot per kind and site copy).
   * @param {string} pyodideVersion
   * @param {string} contentKey */
  constructor(pyodideVersion, contentKey, enabled = true, kind = "") {
    this.enabled = enabled && typeof caches !== "undefined";
    this.cache = `jass-snapshot${kind ? `-${kind}` : ""}:${SCOPE.pathname}`;
    this.key = new URL(`snapshot/${kind ? `${kind}/` : ""}${pyodideVersion}/${contentKey}.bin`, SCOPE).href;
    this.used = false;
  }

  /** -> a promise of the snapshot's bytes (Uint8Array), or null when there is none. Resolves as soon as the cache
   *  lookup is done; the bytes are read while Pyodide loads its own files (loadPyodide awaits _loadSnapshot late). */
  async find() {
    if (!this.enabled) return null;
    try {
      const hit = await (await caches.open(this.cache)).match(this.key);
      if (!hit) return null;
      const bytes = hit.arrayBuffer().then((b) => new Uint8Array(b));
      bytes.catch(() => {});
      return { bytes };
    } catch {
      return null;
    }
  }

  async drop() {
    try { await caches.delete(this.cache); } catch { /* nothing to drop */ }
  }

  /** Store `bytes` (a Uint8Array from pyodide.makeMemorySnapshot()) as the only snapshot of this site copy.
   * @param {Uint8Array<ArrayBuffer>} bytes */
  async save(bytes) {
    if (!this.enabled) return;
    try {
      const cache = await caches.open(this.cache);
      for (const req of await cache.keys()) if (req.url !== this.key) await cache.delete(req);
      await cache.put(this.key, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
    } catch { /* quota or private mode: the next start is a plain one */ }
  }
}
