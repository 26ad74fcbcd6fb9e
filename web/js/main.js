// The controller: boots the engine worker, turns engine events into animations, announcements and dialogs.
// It decides no rule: legality, reasons, scores and sorting all come from the engine's view and events.
import { EngineBridge } from "./bridge.js";
import { Renderer } from "./renderer.js";
import { Animator, ease, lerp } from "./anim.js";
import { Input } from "./input.js";
import { applyI18n, cardName, cardShort, signed, t } from "./i18n.js";
import { loadSettings, saveSettings, urlOverrides } from "./storage.js";
import * as dialogs from "./dialogs.js";
import { botCardPos } from "./layout.js";

const $ = (sel) => document.querySelector(sel);

// ------------------------------------------------------------------------------------------------ state
const model = {
  players: null, hand: [], legal: new Set(), counts: [0, 0, 0], trick: [], trump: null, trumpFixedBy: null,
  tricksWon: [0, 0, 0], net: [0, 0, 0], handNo: 0, handsTotal: 0, lastTrick: null, phase: "loading",
  toPlay: null, dealer: null, selected: -1, hover: -1, flying: [], banner: null, peek: false, busy: true,
  focusVisible: false, handVisible: null, dealVisible: null, dealing: false,
};
let view = null;              // the engine's latest view
let levels = [];
let gen = 0;                  // game generation: bumped by every new game, stops stale loops
let gameOverMessage = null;
const timing = { mainStart: performance.now() };   // load milestones (ms since navigation start)
const settings = loadSettings();
const session = { ...settings, ...urlOverrides() };   // URL overrides last for this visit only

const canvas = $("#table");
const renderer = new Renderer(canvas, model);
const anim = new Animator(renderer);
anim.setSpeed(session.speed);
const bridge = new EngineBridge({ onProgress: onLoadProgress });

// ------------------------------------------------------------------------------------------------ helpers
function setPhase(p) {
  model.phase = p;
  document.body.dataset.phase = p;
}

const logEl = $("#log");
function announce(text) {
  const p = document.createElement("p");
  p.textContent = text;
  logEl.append(p);
  while (logEl.childElementCount > 400) logEl.firstElementChild.remove();
}

let toastTimer = 0;
function toast(text, kind = "info", ms = 4500) {
  const el = $("#toast");
  el.textContent = text;
  el.dataset.kind = kind;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, ms);
}
function hideToast() { $("#toast").hidden = true; }

const nameOf = (seat) => model.players?.[seat]?.name ?? `#${seat}`;

async function engine(req) {
  try {
    return await bridge.request(req);
  } catch (err) {
    fatal(err.message || String(err));
    throw err;
  }
}

// ------------------------------------------------------------------------------------------------ view -> model
function applyView(v) {
  view = v;
  const oldLen = model.hand.length;
  model.players = v.players;
  model.hand = [...v.hand];
  model.legal = new Set(v.legal || []);
  model.counts = [...v.counts];
  model.trick = v.trick ? v.trick.cards.map((c) => ({ ...c })) : [];
  model.trump = v.trump;
  model.trumpFixedBy = v.trump_fixed_by;
  model.tricksWon = [...v.tricks_won];
  model.net = [...v.scores.net];
  model.handNo = v.hand_no;
  model.handsTotal = v.hands_total;
  model.lastTrick = v.last_trick;
  model.toPlay = v.phase === "play" ? v.to_play : null;
  model.dealer = v.dealer;
  model.flying = [];
  if (model.selected >= model.hand.length) model.selected = model.hand.length - 1;
  if (oldLen !== model.hand.length) renderer.relayout(); else renderer.invalidate();
  renderHandButtons();
  updateToolbar();
}

function renderHandButtons() {
  const box = $("#hand-buttons");
  const hadFocus = box.contains(document.activeElement);
  const myTurn = view && view.phase === "play" && view.to_play === 0;
  const frag = document.createDocumentFragment();
  model.hand.forEach((code, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.card = code;
    const legal = myTurn && model.legal.has(code);
    b.setAttribute("aria-disabled", legal ? "false" : "true");
    b.setAttribute("aria-label", legal ? t("aria.card", { card: cardName(code) }) : t("aria.cardIllegal", { card: cardName(code) }));
    b.tabIndex = i === Math.max(0, model.selected) ? 0 : -1;
    b.textContent = cardShort(code);
    frag.append(b);
  });
  box.replaceChildren(frag);
  if (hadFocus && model.hand.length) {
    const i = Math.max(0, Math.min(model.selected, model.hand.length - 1));
    box.children[i]?.focus({ preventScroll: true });
  }
}

function updateToolbar() {
  $("#btn-hint").disabled = !(view && view.phase === "play" && view.to_play === 0);
  $("#btn-last").disabled = !model.lastTrick;
  $("#btn-last").setAttribute("aria-pressed", model.peek ? "true" : "false");
  $("#btn-sheet").disabled = !view;
  $("#btn-new").disabled = !levels.length;
}

// ------------------------------------------------------------------------------------------------ events -> animation
async function playEvents(events, finalView, myGen) {
  for (const ev of events) {
    if (myGen !== gen) return;
    switch (ev.type) {
      case "hand_dealt": await onDealt(ev, finalView); break;
      case "card_played": await onCardPlayed(ev); break;
      case "trump_fixed": await onTrumpFixed(ev); break;
      case "trick_won": await onTrickWon(ev); break;
      case "hand_over":
        announce(t("log.hand", { n: ev.hand_no, result: handResultText(ev) }));
        break;
      case "game_over":
        gameOverMessage = ev.message || null;
        if (ev.message) announce(ev.message);
        break;
      default: break;
    }
  }
  if (myGen !== gen) return;
  applyView(finalView);
}

function handResultText(r) {
  const parts = [0, 1, 2].map((s) => `${nameOf(s)} ${r.card_points[s]} (${signed(r.settlement[s])})`);
  return `${r.explanation} ${parts.join(", ")}`;
}

async function onDealt(ev, finalView) {
  model.peek = false;
  model.banner = null;
  if (ev.redeal) announce(t("log.redeal"));
  applyView(finalView);
  announce(t("log.dealt", { n: ev.hand_no, total: finalView.hands_total, dealer: nameOf(ev.dealer), leader: nameOf(ev.leader) }));
  if (anim.instant) return;
  model.dealing = true;
  const n = model.hand.length;
  model.handVisible = 0;
  model.dealVisible = { 1: 0, 2: 0 };
  await anim.tween(700, (tt) => {
    const k = Math.min(n, Math.floor(tt * n + 0.0001));
    model.handVisible = tt >= 1 ? null : k;
    model.dealVisible = tt >= 1 ? null : { 1: Math.min(model.counts[1], k), 2: Math.min(model.counts[2], k) };
  });
  model.dealing = false;
  model.handVisible = null; model.dealVisible = null;
}

async function onCardPlayed({ seat, card }) {
  const L = renderer.layout;
  let from;
  if (seat === 0) {
    const i = model.hand.indexOf(card);
    from = i >= 0 ? renderer.handCardPos(i) : renderer.seatAnchor(0);
    if (i >= 0) model.hand.splice(i, 1);
    model.legal = new Set();
    if (model.selected >= model.hand.length) model.selected = model.hand.length - 1;
    renderer.relayout();
  } else {
    from = botCardPos(L, seat, Math.floor(model.counts[seat] / 2), model.counts[seat]);
  }
  model.counts[seat] = Math.max(0, model.counts[seat] - 1);
  announce(t("log.played", { name: nameOf(seat), card: cardName(card) }));
  const to = L.trick[seat];
  const f = { card, x: from.x, y: from.y, rot: from.rot, scale: seat === 0 ? 1 : L.bw / L.cardW };
  model.flying.push(f);
  const s0 = f.scale;
  await anim.tween(330, (tt) => {
    const e = ease(tt);
    f.x = lerp(from.x, to.x, e); f.y = lerp(from.y, to.y, e);
    f.rot = lerp(from.rot, to.rot, e); f.scale = lerp(s0, 1, e);
  });
  model.flying = model.flying.filter((x) => x !== f);
  model.trick.push({ seat, card });
  renderer.invalidate();
}

let bannerTimer = 0;
async function onTrumpFixed(ev) {
  model.trump = ev.suit;
  model.trumpFixedBy = ev.seat;
  announce(ev.message);
  const b = { text: ev.message, alpha: 1 };
  model.banner = b;
  renderer.invalidate();
  clearTimeout(bannerTimer);
  const hold = Math.max(1800, 2200 * anim.speed.anim);
  bannerTimer = setTimeout(() => {
    if (model.banner !== b) return;
    anim.tween(400, (tt) => { b.alpha = 1 - tt; }).then(() => { if (model.banner === b) model.banner = null; });
  }, hold);
  await anim.wait(900);
}

async function onTrickWon(ev) {
  const L = renderer.layout;
  await anim.wait(700);
  const dest = L.pile[ev.seat];
  const flying = model.trick.map(({ seat, card }) => ({ card, seat, x: L.trick[seat].x, y: L.trick[seat].y, rot: L.trick[seat].rot, scale: 1 }));
  const starts = flying.map((f) => ({ ...f }));
  model.trick = [];
  model.flying.push(...flying);
  const small = L.bw / L.cardW * 0.8;
  await anim.tween(420, (tt) => {
    const e = ease(tt);
    flying.forEach((f, k) => {
      const s = starts[k];
      f.x = lerp(s.x, dest.x, e); f.y = lerp(s.y, dest.y, e); f.rot = lerp(s.rot, 0, e);
      f.scale = lerp(1, small, e); f.alpha = 1 - 0.5 * e;
    });
  });
  model.flying = model.flying.filter((f) => !flying.includes(f));
  model.tricksWon[ev.seat] += 1;
  model.lastTrick = { cards: ev.cards, winner: ev.seat, points: ev.points, leader: ev.cards[0]?.seat };
  announce(t("log.won", { name: nameOf(ev.seat), points: ev.points }));
  updateToolbar();
  renderer.invalidate();
}

// ------------------------------------------------------------------------------------------------ game flow
async function advance(myGen) {
  model.busy = true;
  while (myGen === gen && view.phase === "play" && view.to_play != null && view.to_play !== 0) {
    await anim.wait(anim.speed.pause, true);
    if (myGen !== gen) return;
    const r = await engine({ cmd: "bot_move" });
    if (myGen !== gen) return;
    if (!r.ok) { engineError(r); return; }
    await playEvents(r.events, r.view, myGen);
    if (anim.instant) await new Promise((res) => setTimeout(res, 0));  // let the page breathe between moves
  }
  if (myGen !== gen) return;
  model.busy = false;
  settle();
}

function settle() {
  renderer.invalidate();
  if (view.phase === "hand-over") {
    setPhase("hand-over");
    dialogs.showHandOver({ view, onNext: nextHand, onSheet: () => dialogs.showSheet(view) });
  } else if (view.phase === "game-over") {
    setPhase("game-over");
    dialogs.showGameOver({ view, message: gameOverMessage, onNew: openNewGame, onSheet: () => dialogs.showSheet(view) });
  } else {
    setPhase("play");
    if (view.to_play === 0) announce(t("log.yourTurn"));
  }
  updateToolbar();
  renderHandButtons();
}

function engineError(r) {
  const msg = r?.error?.message || "unknown error";
  toast(t("msg.engineError", { message: msg }), "error", 8000);
  announce(t("msg.engineError", { message: msg }));
  model.busy = false;
}

async function startGame(opts) {
  const myGen = ++gen;
  anim.cancelAll();
  dialogs.closeAll();
  hideToast();
  model.busy = true;
  model.peek = false;
  model.banner = null;
  model.selected = -1;
  gameOverMessage = null;
  const req = { cmd: "new_game", hands: opts.hands, bots: opts.bots };
  if (opts.seed !== "" && opts.seed != null) req.seed = /^-?\d+$/.test(String(opts.seed)) ? Number(opts.seed) : String(opts.seed);
  const r = await engine(req);
  if (myGen !== gen) return;
  if (!r.ok) { engineError(r); return; }
  await playEvents(r.events, r.view, myGen);
  if (myGen !== gen) return;
  if (document.body.dataset.phase === "loading") dialogs.loading.hide();
  setPhase("play");
  advance(myGen);
}

async function nextHand() {
  const myGen = gen;
  model.busy = true;
  setPhase("play");
  const r = await engine({ cmd: "next_hand" });
  if (myGen !== gen) return;
  if (!r.ok) { engineError(r); return; }
  await playEvents(r.events, r.view, myGen);
  advance(myGen);
}

async function humanPlay(card) {
  if (!view || view.phase !== "play") return;
  if (view.to_play !== 0) { toast(t("msg.notYourTurn", { name: nameOf(view.to_play) })); return; }
  if (model.busy) return;
  model.busy = true;
  const myGen = gen;
  const r = await engine({ cmd: "play", card });
  if (myGen !== gen) return;
  if (!r.ok) {
    // the engine's reason, shown as it is (the UI knows no rules)
    model.busy = false;
    toast(r.error.message, "illegal");
    announce(r.error.message);
    renderer.invalidate();
    return;
  }
  hideToast();
  await playEvents(r.events, r.view, myGen);
  advance(myGen);
}

function openNewGame() {
  dialogs.showNewGame({
    levels, settings: session, names: view?.players?.map((p) => p.name),
    onStart: (opts) => {
      Object.assign(session, opts);
      Object.assign(settings, opts);
      saveSettings(settings);
      startGame(session);
    },
  });
}

function setPeek(on) {
  model.peek = on && !!model.lastTrick;
  updateToolbar();
  renderer.invalidate();
}

async function hint() {
  if (!view || view.to_play !== 0 || model.busy) return;
  const r = await engine({ cmd: "hint" });
  if (!r.ok) { engineError(r); return; }
  const i = model.hand.indexOf(r.card);
  if (i >= 0) input.select(i, false);
  toast(t("msg.hint", { card: cardName(r.card), reason: r.reason || "" }), "info", 6000);
}

// ------------------------------------------------------------------------------------------------ boot
function onLoadProgress(m) {
  const mb = (b) => (b / 1e6).toFixed(1);
  if (m.stage === "download" && m.total && m.loaded >= m.total) dialogs.loading.progress(0.86, t("loading.python"));
  else if (m.stage === "download") dialogs.loading.progress(0.05 + 0.8 * (m.total ? m.loaded / m.total : 0), t("loading.download", { done: mb(m.loaded), total: mb(m.total) }));
  else if (m.stage === "engine") dialogs.loading.progress(0.9, t("loading.engine"));
  else if (m.stage === "ready") dialogs.loading.progress(0.97, t("loading.ready"));
}

function fatal(message) {
  gen++;
  anim.cancelAll();
  dialogs.closeAll();
  setPhase("error");
  dialogs.loading.fail(message);
  announce(`${t("loading.failed")} ${message}`);
}

async function boot() {
  setPhase("loading");
  dialogs.loading.show();
  try {
    timing.workerCreated = performance.now();
    const info = await bridge.start();
    timing.engineReady = performance.now();
    timing.worker = info.stages;
    timing.workerStartedAt = info.workerStart - performance.timeOrigin;
    const lv = await bridge.request({ cmd: "levels" });
    if (!lv.ok || !Array.isArray(lv.levels) || !lv.levels.length) throw new Error(lv?.error?.message || "the engine offers no bots");
    levels = lv.levels;
    const ids = levels.map((l) => l.id);
    const fallback = ids.includes("normal") ? "normal" : (levels.find((l) => l.id !== "random") || levels[0]).id;
    session.bots = session.bots.map((b) => (ids.includes(b) ? b : fallback));
    settings.bots = settings.bots.map((b) => (ids.includes(b) ? b : fallback));
    updateToolbar();
    await startGame(session);
    timing.playable = performance.now();
  } catch (err) {
    fatal(err.message || String(err));
  }
}

applyI18n();
dialogs.fillSpeedSelect($("#speed"), session.speed);
$("#speed").addEventListener("change", (e) => {
  session.speed = settings.speed = e.target.value;
  saveSettings(settings);
  anim.setSpeed(session.speed);
});
$("#btn-new").addEventListener("click", openNewGame);
$("#btn-sheet").addEventListener("click", () => view && dialogs.showSheet(view));
$("#btn-last").addEventListener("click", () => setPeek(!model.peek));
$("#btn-hint").addEventListener("click", hint);
$("#btn-retry").addEventListener("click", boot);
for (const b of document.querySelectorAll("[data-close]")) b.addEventListener("click", () => b.closest("dialog").close());
$("#hand-buttons").addEventListener("click", (e) => {
  const b = e.target.closest("button[data-card]");
  if (b) humanPlay(b.dataset.card);
});
const input = new Input({
  canvas, renderer, model, handButtons: $("#hand-buttons"),
  onPlay: humanPlay, onPeek: setPeek,
  isBlocked: () => model.phase !== "play",
});

// test and measurement hook (read-only: no game moves can be made through it)
window.__jass = {
  state: () => ({
    phase: model.phase, busy: model.busy, toPlay: view?.to_play ?? null, hand: [...model.hand], legal: [...model.legal],
    selected: model.selected, handNo: model.handNo, counts: [...model.counts], trump: model.trump, peek: model.peek,
  }),
  view: () => (view ? JSON.parse(JSON.stringify(view)) : null),
  cardRects: () => {
    const r = canvas.getBoundingClientRect(), L = renderer.layout;
    return model.hand.map((card, i) => {
      const p = renderer.handClickPoint(i), c = renderer.handCardPos(i);
      return { card, legal: model.legal.has(card), x: p ? r.left + p.x : null, y: p ? r.top + p.y : null, cx: r.left + c.x, cy: r.top + c.y, w: L.cardW, h: L.cardH };
    });
  },
  pileRect: (seat) => { const r = canvas.getBoundingClientRect(), p = renderer.layout.pile[seat]; return { x: r.left + p.x, y: r.top + p.y }; },
  ask: (req) => (["why", "view", "levels", "records"].includes(req?.cmd) ? bridge.request(req) : Promise.reject(new Error("read-only"))),
  stats: () => bridge.stats.slice(),
  timing: () => ({ ...timing }),
  drawCost: (n = 30) => { const t0 = performance.now(); for (let i = 0; i < n; i++) renderer.draw(); return (performance.now() - t0) / n; },
};

boot();
