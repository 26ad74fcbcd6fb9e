// A read-only hook for the end-to-end tests and the measurement script: no game move can be made through it.
import { handHidden, shown, store } from "../game/store.js";
import { CardArt } from "../table/cards.js";

// the engine requests ask() passes on; a `view` with a `seat` would make that seat the viewer: refused
const READ_ONLY = ["why", "view", "hello", "records", "review"];
const readOnly = (req) => READ_ONLY.includes(req?.cmd) && !(req.cmd === "view" && "seat" in req);

/** @type {{list: object[], stop: (() => void)|null, whole: Record<string, string>|null, images: {drawn: string, whole: string}|null}}
 *  the partial frames checked so far (checkPartialFrames), what the table was drawn from at the last whole paint, and
 *  the first partial frame that differed from a whole one with that whole one (PNG data URLs) */
const checks = { list: [], stop: null, whole: null, images: null };

/** What a whole paint draws from, but the cards in flight, by part: a partial frame that differs from a whole one
 *  names the parts that changed since the last whole paint without the table being invalidated. */
function drawnFrom(renderer) {
  const m = /** @type {Record<string, unknown>} */ ({ ...shown() });
  delete m.flying;
  const { selected, hover, raised, focusVisible, busy, phase, handover, peek, banner, nudge } = store.ui;
  const json = (v) => JSON.stringify(v, (_k, x) => (x instanceof Set ? [...x] : x));
  return Object.fromEntries([
    ...Object.entries(m).map(([k, v]) => [`shown.${k}`, json(v)]),
    ["ui", json({ selected, hover, raised, focusVisible, busy, phase, handover, peek, banner, nudge })],
    ["layout", json([renderer.W, renderer.H, renderer.dpr, renderer.layout?.cardW, renderer.layout?.hand])],
    ["handSprite", renderer.handSprite?.key ?? ""], ["art", renderer.art.key ?? ""],
  ]);
}

/** Pixels (from getImageData) of a canvas of `width` x `height` -> a PNG data URL. */
function picture(px, width, height) {
  const c = document.createElement("canvas");
  c.width = width; c.height = height;
  c.getContext("2d").putImageData(new ImageData(new Uint8ClampedArray(px.buffer.slice(0)), width, height), 0, 0);
  return c.toDataURL("image/png");
}

/**
 * The canvas just drawn in part (the device pixels of `part`), compared with the whole table painted over it: the
 * same state, so a whole frame's pixels. -> `part`, how many pixels differed (the first few: where, and their RGBA
 * drawn in part / whole) and the cards in flight.
 */
function checkPartial(renderer, canvas, part) {
  const ctx = canvas.getContext("2d");
  const pixels = () => new Uint32Array(ctx.getImageData(0, 0, canvas.width, canvas.height).data.buffer);
  const drawn = pixels();
  renderer.paint();
  const whole = pixels();
  let differ = 0;
  const some = [];
  for (let i = 0; i < whole.length; i++) {
    if (drawn[i] === whole[i]) continue;
    if (differ++ < 8) some.push({ x: i % canvas.width, y: Math.floor(i / canvas.width), part: drawn[i].toString(16), whole: whole[i].toString(16) });
  }
  if (differ && !checks.images) {   // the first frame that differs, as pictures (the test saves them on failure)
    checks.images = { drawn: picture(drawn, canvas.width, canvas.height), whole: picture(whole, canvas.width, canvas.height) };
  }
  const now = drawnFrom(renderer), was = checks.whole ?? {};
  checks.whole = now;   // renderer.paint() above was a whole paint
  const changed = Object.keys({ ...was, ...now }).filter((k) => was[k] !== now[k]).map((k) => ({ k, was: was[k], now: now[k] }));
  return { part: { ...part }, differ, some, flying: (store.scene?.flying ?? []).map((f) => f.card), ...(differ ? { changed } : {}) };
}

/** Install `window.__jass`. */
export function installTestHook({ bridge, renderer, canvas, timing, controller }) {
  window.__jass = {
    state: () => {
      const { model, ui, view } = store;
      return {
        // the hand the table shows: none behind the hand-over screen (pass-and-play)
        phase: ui.phase, busy: ui.busy || !!store.scene, toPlay: view?.to_play ?? null, hand: handHidden() ? [] : [...model.hand],
        viewer: view?.viewer ?? null, handover: ui.handover,
        legal: [...model.legal], selected: ui.selected, handNo: model.handNo, counts: [...model.counts],
        trump: model.trump, peek: ui.peek, banner: ui.banner && ui.banner.alpha > 0 ? ui.banner.text : null,
        // a friend's page: its card is sent and raised, the host has not answered yet (a tap says "on its way")
        sending: controller.cardOnItsWay,
      };
    },
    view: () => (store.view ? JSON.parse(JSON.stringify({ ...store.view, history: store.history })) : null),
    cardRects: () => {
      const r = canvas.getBoundingClientRect(), L = renderer.layout, m = shown();
      return (handHidden() ? [] : m.hand).map((card, i) => {
        const p = renderer.handClickPoint(i), c = renderer.handCardPos(i);
        return { card, legal: m.legal.has(card), x: p ? r.left + p.x : null, y: p ? r.top + p.y : null,
          cx: r.left + c.x, cy: r.top + c.y, w: L.cardW, h: L.cardH };
      });
    },
    pileRect: (seat) => { const r = canvas.getBoundingClientRect(), p = renderer.layout.pile[seat]; return { x: r.left + p.x, y: r.top + p.y }; },
    ask: (req) => (readOnly(req) ? bridge.request(req) : Promise.reject(new Error("read-only"))),
    stats: () => bridge.stats.slice(),
    timing: () => ({ ...timing, snapshot: bridge.snapshot }),
    // fault injection for the recovery tests: the worker dies silently, as a crash or an out-of-memory kill would
    killWorker: () => bridge.killSilently(),
    recovery: () => ({ deaths: controller.deaths.length, recoveredAt: controller.recoveredAt ?? null, journal: controller.journal.restoreRequest() }),
    table: () => renderer.tableState(),
    // the cached card faces the table draws that differ from the same faces painted now (say, painted before the
    // language's catalog was in: "deck.idx.K" in a corner): [] when every face shows what it should
    staleFaces: () => {
      const art = renderer.art, now = new CardArt();
      now.setSize(art.w, art.h, art.dpr, art.deck);
      const px = (c) => c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
      return [...art.cache.keys()].filter((code) => {
        const a = px(art.cache.get(code)), b = px(now.get(code));
        return a.length !== b.length || a.some((v, i) => v !== b[i]);
      });
    },
    // checkPartialFrames(true): from now on, each frame drawn only where cards fly (a partial frame) is compared with
    // the whole table painted again over it (checkPartial); (false) stops. -> the checks since the start
    checkPartialFrames: (on) => {
      if (on !== undefined) {
        checks.stop?.();
        checks.stop = null;
      }
      if (on) {
        checks.list = [];
        checks.images = null;
        checks.whole = null;
        checks.stop = renderer.on("drawn", (part) => {
          if (part) checks.list.push(checkPartial(renderer, canvas, part));
          else checks.whole = drawnFrom(renderer);
        });
      }
      return checks.list.slice();
    },
    // the first partial frame that differed from a whole one, and that whole one (PNG data URLs), or null
    partialFrameImages: () => checks.images,
    drawCost: (n = 30) => { const t0 = performance.now(); for (let i = 0; i < n; i++) renderer.draw(); return (performance.now() - t0) / n; },
  };
}
