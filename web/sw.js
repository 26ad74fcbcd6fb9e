// Service worker (a template: build.py writes dist/sw.js with the version and the precache list filled in).
//
// * install: precache EVERY file the game needs (page, app modules, engine wheel, Pyodide core, icons, manifest) into
//   one cache per build version. Each file's bytes are checked against the SHA-256 recorded at build time, so a cache
//   never holds a mix of two deployments (e.g. a stale index.html from an HTTP cache next to new modules): on a
//   mismatch the file is fetched again past the HTTP cache, and if it still differs the install fails and the old
//   version stays in charge (the browser retries on a later visit). Unchanged files are copied from the previous
//   version's cache instead of being downloaded again. On a first visit, the files the engine worker downloaded are
//   taken from its staging cache (jass-staged:<site path>, see js/engine/worker.js) and the rest from the HTTP cache
//   (force-cache for the immutable paths: a host that sends no cache headers still gets them from there), so the
//   precache downloads (next to) nothing a second time; the staging cache is deleted once the install is done.
// * languages: the catalogs (LANGS) are not precached: only the player's is downloaded. The page asks for its catalog
//   to be kept ("keep-language", and with every "version" question), and any catalog fetched through this worker is
//   kept, in a cache of this version next to the precache; a new version's install keeps the same languages.
// * fetch: cache-first, from this version's cache only (the page, its worker and Pyodide all come from one build).
//   Anything not in the list goes to the network untouched.
// * update: a new version waits until the page asks it to take over (the page shows "new version — reload");
//   activate deletes the caches of older versions of this copy of the site (other sub-paths of the origin are left
//   alone) and claims the open pages.
// * headers: the page gets the same Content-Security-Policy header as its meta tag, the engine worker its own policy
//   (a dedicated worker takes its CSP from its own response, so a static host that sets no headers still gets one).
"use strict";

const VERSION = "{{VERSION}}";
// build.py (tools/pwa.py) puts a JSON object in place of the next two placeholders: typed as one here
const FILES = /** @type {Record<string, string>} */ (/** @type {unknown} */ ("{{FILES}}"));   // {"path relative to this file": "sha256 hex"}
const LANGS = /** @type {Record<string, string>} */ (/** @type {unknown} */ ("{{LANGS}}"));   // the language catalogs, as FILES: kept when used, not precached
const WORKER_CSP = "{{WORKER_CSP}}";
const PAGE_CSP = "{{PAGE_CSP}}";
const LAB_CSP = "{{LAB_CSP}}";             // the bot lab's worker: WORKER_CSP plus the package index origins

/** The global scope, typed as the service worker's (the WebWorker library types `self` as any worker's). */
const sw = /** @type {ServiceWorkerGlobalScope & typeof globalThis} */ (self);
const BASE = new URL("./", sw.location.href);          // the site root (any sub-path)
const PREFIX = `jass:${BASE.pathname}:`;                 // caches of this copy of the site
const CACHE = PREFIX + VERSION;
const STAGED = `jass-staged:${BASE.pathname}`;            // written by the engine worker on a first visit
const IMMUTABLE = /^(app-[0-9a-f]+|engine|pyodide)\//;    // content-addressed or versioned paths
// The bot lab's files are not precached (the game's first visit does not download them): they are cached when the
// lab first asks for them, in a cache of this version next to the precache, so the lab works offline once opened.
const LAB = /^(app-[0-9a-f]+\/)?lab\//;
const LAB_CACHE = CACHE + ":lab";
const LANG_CACHE = CACHE + ":lang";
const langOf = (path) => path.split("/").pop();          // "de.js": the same language in another version
// The plain pyodide.asm.wasm, pyodide.asm.mjs and standard library zip: made here from the precached .gz or .zst on first use (the zstd
// decoder: js/engine/zstd.js, imported below, and its wasm) and kept in a cache of
// this version next to the precache; the engine worker takes them from here on a warm start (and the lab its
// pyodide.asm.mjs): a same-origin URL that V8's code caches work for, unlike a blob: URL or an unnamed stream.
const PLAIN = /^pyodide\/[^/]+\/(pyodide\.asm\.(wasm|mjs)|python_stdlib-[0-9a-f]+\.zip)$/;
const PLAIN_PREFIX = `jass-plain:${BASE.pathname}:`;
const PLAIN_CACHE = PLAIN_PREFIX + VERSION;
const PLAIN_TYPE = { wasm: "application/wasm", mjs: "text/javascript", zip: "application/zip" };
const PACKED = /\.(gz|zst)$/;
const ZSTD_JS = Object.keys(FILES).find((p) => /^app-[0-9a-f]+\/js\/engine\/zstd\.js$/.test(p));
const ZSTD_WASM = ZSTD_JS && ZSTD_JS.replace(/zstd\.js$/, "zstd-decoder.wasm.gz");
if (ZSTD_JS) importScripts(ZSTD_JS);       // self.jassZstd

const hex = (buf) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, "0")).join("");
const sha256 = async (buf) => hex(await crypto.subtle.digest("SHA-256", buf));

async function verified(resp, want) {
  if (!resp || !resp.ok || resp.type === "opaque") return null;
  const body = await resp.arrayBuffer();
  if ((await sha256(body)) !== want) return null;
  return new Response(body, { status: 200, statusText: "OK", headers: resp.headers });
}

async function fromOlderCache(url, want) {
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const hit = await (await caches.open(name)).match(url);
    const ok = hit && (await verified(hit, want));
    if (ok) return ok;
  }
  return null;
}

async function precacheOne(cache, path, want) {
  const url = new URL(path, BASE).href;
  const have = await cache.match(url);
  if (have && (await verified(have.clone(), want))) return;
  let resp = await fromOlderCache(url, want);
  if (!resp) resp = await verified(await (await caches.open(STAGED)).match(url), want);
  // immutable paths may come from the HTTP cache even when stale; the rest is revalidated; a mismatch is fetched past
  // every cache
  if (!resp) resp = await verified(await fetch(url, { cache: IMMUTABLE.test(path) ? "force-cache" : "no-cache" }), want);
  if (!resp) resp = await verified(await fetch(url, { cache: "reload" }), want);
  if (!resp) throw new Error(`precache: ${path} does not match build ${VERSION}`);
  await cache.put(url, resp);
}

sw.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all(Object.entries(FILES).map(([path, want]) => precacheOne(cache, path, want)));
    await keepOlderLanguages();
    await caches.delete(STAGED);
    // a first install takes over right away (nothing to mix with); an update waits for the page's go-ahead
    if (!sw.registration.active) await sw.skipWaiting();
  })());
});

sw.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && ![CACHE, LAB_CACHE, LANG_CACHE].includes(name)) await caches.delete(name);
      if (name.startsWith(PLAIN_PREFIX) && name !== PLAIN_CACHE) await caches.delete(name);
    }
    await sw.clients.claim();
    makePlainCopies().catch(() => {});    // not awaited: fetch events wait while this worker is activating
  })());
});

sw.addEventListener("message", (event) => {
  const type = event.data && event.data.type;
  if (type === "skip-waiting") sw.skipWaiting();
  else if (type === "cache-lab" && Array.isArray(event.data.urls)) {
    const port = event.ports[0];
    event.waitUntil(cacheLab(event.data.urls).then((ok) => port?.postMessage({ ok }), () => port?.postMessage({ ok: false })));
  }
  else if (type === "keep-language") event.waitUntil(keepLanguage(event.data.url));
  else if (type === "version" && event.ports[0]) {
    // the files the game needs offline: the precache and, when the page names it, the player's catalog
    event.waitUntil((async () => {
      const kept = event.data.lang ? await keepLanguage(event.data.lang) : null;
      const keys = await (await caches.open(CACHE)).keys();
      event.ports[0].postMessage({ version: VERSION, files: Object.keys(FILES).length + (kept === null ? 0 : 1),
        cached: keys.length + (kept ? 1 : 0) });
    })());
  }
});

function withHeader(resp, csp) {
  const headers = new Headers(resp.headers);
  headers.set("Content-Security-Policy", csp);
  return new Response(resp.body, { status: resp.status, statusText: resp.statusText, headers });
}

async function respond(path, request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(new URL(path, BASE).href);
  if (!hit) return fetch(request);          // evicted or never stored: the network is the only source left
  if (path === "index.html") return withHeader(hit, PAGE_CSP);
  if (/^app-[0-9a-f]+\/js\/engine\/worker\.js$/.test(path)) return withHeader(hit, WORKER_CSP);
  return hit;
}

// The lab asks for its files to be cached once it has started: when it opened before this worker controlled the page
// (a first visit), its downloads went past it, and the lab would not start offline later. Resolves with whether every
// lab file asked for is now kept: the lab says it works offline only then, because entries still being stored when
// the network went away were seen lost in Chromium, even ones already listed. One request at a time, so that an
// answer covers every file stored before it.
let labQueue = Promise.resolve(true);
function cacheLab(urls) {
  labQueue = labQueue.catch(() => false).then(() => cacheLabNow(urls));
  return labQueue;
}
async function cacheLabNow(urls) {
  const cache = await caches.open(LAB_CACHE);
  const kept = await Promise.all(urls.map(async (u) => {
    const url = new URL(u, BASE);
    if (url.origin !== BASE.origin || !url.pathname.startsWith(BASE.pathname)) return true;
    if (!LAB.test(decodeURIComponent(url.pathname.slice(BASE.pathname.length)))) return true;
    if (await cache.match(url.href)) return true;
    try {
      const resp = await fetch(url.href);
      if (!resp.ok) return false;
      await cache.put(url.href, resp);
      return true;
    } catch { return false; }   // offline: the next time
  }));
  return kept.every(Boolean);
}

/** Keep a language's catalog (a URL of this site in LANGS) in this version's language cache. -> whether it is kept. */
async function keepLanguage(u) {
  try {
    const url = new URL(u, BASE);
    const path = decodeURIComponent(url.pathname.slice(BASE.pathname.length));
    if (url.origin !== BASE.origin || !Object.hasOwn(LANGS, path)) return false;
    const cache = await caches.open(LANG_CACHE);
    if (await cache.match(url.href)) return true;
    await precacheOne(cache, path, LANGS[path]);
    return true;
  } catch { return false; }   // offline: the next time
}

/** At install: the languages an older version of this site kept, in this version's files. */
async function keepOlderLanguages() {
  const used = new Set();
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || !name.endsWith(":lang") || name === LANG_CACHE) continue;
    for (const req of await (await caches.open(name)).keys()) used.add(langOf(new URL(req.url).pathname));
  }
  const cache = await caches.open(LANG_CACHE);
  await Promise.all(Object.entries(LANGS).filter(([path]) => used.has(langOf(path)))
    .map(([path, want]) => precacheOne(cache, path, want).catch(() => {})));
}

async function respondLang(path, request) {
  const cache = await caches.open(LANG_CACHE);
  const hit = await cache.match(new URL(path, BASE).href);
  if (hit) return hit;
  const resp = await fetch(request);
  if (resp.ok) await cache.put(new URL(path, BASE).href, resp.clone()).catch(() => {});
  return resp;
}

async function respondLab(path, request) {
  const cache = await caches.open(LAB_CACHE);
  const url = new URL(path, BASE).href;
  let hit = await cache.match(url);
  if (!hit) {
    const resp = await fetch(request);
    if (!resp.ok) return resp;
    await cache.put(url, resp.clone());
    hit = resp;
  }
  return /lab\/lab-worker\.js$/.test(path) ? withHeader(hit, LAB_CSP) : hit;
}

/** the plain copy of a precached .gz (made and stored on first use), or null */
async function plainCopy(path) {
  const url = new URL(path, BASE).href;
  const plain = await caches.open(PLAIN_CACHE);
  const hit = await plain.match(url);
  if (hit) return hit;
  const cache = await caches.open(CACHE);
  const zst = await cache.match(url + ".zst");
  const packed = zst || (await cache.match(url + ".gz"));
  if (!packed) return null;                 // not precached (e.g. an install still running)
  try {
    const decoder = zst ? await self.jassZstd.decompressStream(() => cache.match(new URL(ZSTD_WASM, BASE).href))
      : new DecompressionStream("gzip");
    const bytes = await new Response(packed.body.pipeThrough(decoder)).blob();
    await plain.put(url, new Response(bytes, { headers: { "Content-Type": PLAIN_TYPE[path.split(".").pop()] } }));
    return await plain.match(url);
  } catch { return null; }                  // e.g. storage full
}
const respondPlain = async (path, request) => (await plainCopy(path)) || fetch(request);
// made right after activation (from the cache, no download), so that the first warm start finds them ready
const makePlainCopies = () => Promise.all(Object.keys(FILES).map((p) => p.replace(PACKED, ""))
  .filter((p) => PLAIN.test(p) && !Object.hasOwn(FILES, p)).map((p) => plainCopy(p)));

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== BASE.origin || !url.pathname.startsWith(BASE.pathname)) return;
  let path = decodeURIComponent(url.pathname.slice(BASE.pathname.length));
  if (path === "" && request.mode === "navigate") path = "index.html";
  if (PLAIN.test(path)) { event.respondWith(respondPlain(path, request)); return; }
  if (LAB.test(path)) { event.respondWith(respondLab(path, request)); return; }
  if (Object.prototype.hasOwnProperty.call(LANGS, path)) { event.respondWith(respondLang(path, request)); return; }
  if (!Object.prototype.hasOwnProperty.call(FILES, path)) return;
  event.respondWith(respond(path, request));
});
