// @ts-check
// Sound effects, synthesized with Web Audio (no files): card played, trick taken, trump fixed, hand over; and the
// optional vibration on the player's turn. Silent until the player turns sound on; the audio context is created
// only after a user gesture (never at page load), so nothing plays before the player has touched the page.
import { onPrefChange, prefs } from "../ui/settings.js";

/** @type {AudioContext|null} */
let ctx = null;          // the AudioContext, created on the first gesture while sound is on
let gestured = false;    // the page has seen a user gesture (browsers allow audio and vibration only after one)
export const soundStats = { played: 0, contextCreated: false, vibrations: 0 };

function ensureContext() {
  if (ctx || !prefs.sound || !gestured) return ctx;
  const AC = window.AudioContext || window.webkitAudioContext;
  if (!AC) return null;
  ctx = new AC();
  soundStats.contextCreated = true;
  return ctx;
}

for (const type of ["pointerdown", "keydown"]) {
  window.addEventListener(type, () => {
    gestured = true;
    if (prefs.sound) ensureContext()?.resume?.();
  }, { capture: true, passive: true });
}
onPrefChange((name, value) => {
  if (name === "sound" && value) ensureContext()?.resume?.();
  if (name === "sound" && !value && ctx) { ctx.close?.(); ctx = null; }
});

/**
 * One tone: frequency f (Hz) from `at` seconds for `dur`, with a quick attack and an exponential fade.
 * @param {BaseAudioContext} c @param {number} f @param {number} at @param {number} dur
 * @param {{type?: OscillatorType, gain?: number, slide?: number}} [options]
 */
function tone(c, f, at, dur, { type = "sine", gain = 0.18, slide = 0 } = {}) {
  const o = c.createOscillator(), g = c.createGain();
  o.type = type;
  o.frequency.setValueAtTime(f, at);
  if (slide) o.frequency.exponentialRampToValueAtTime(f * slide, at + dur);
  g.gain.setValueAtTime(0.0001, at);
  g.gain.exponentialRampToValueAtTime(gain, at + 0.01);
  g.gain.exponentialRampToValueAtTime(0.0001, at + dur);
  o.connect(g).connect(c.destination);
  o.start(at); o.stop(at + dur + 0.02);
}

/** A short burst of filtered noise: the snap of a card on the cloth. @param {BaseAudioContext} c @param {number} at */
function snap(c, at) {
  const n = Math.round(c.sampleRate * 0.06), buf = c.createBuffer(1, n, c.sampleRate), d = buf.getChannelData(0);
  for (let i = 0; i < n; i++) d[i] = (Math.random() * 2 - 1) * Math.pow(1 - i / n, 3);
  const src = c.createBufferSource(), f = c.createBiquadFilter(), g = c.createGain();
  src.buffer = buf; f.type = "bandpass"; f.frequency.value = 1800; f.Q.value = 0.8; g.gain.value = 0.5;
  src.connect(f).connect(g).connect(c.destination);
  src.start(at);
}

/** @type {Record<string, (c: BaseAudioContext, t: number) => void>} */
const SOUNDS = {
  card: (c, t) => snap(c, t),
  trick: (c, t) => { tone(c, 523, t, 0.12, { gain: 0.12 }); tone(c, 659, t + 0.08, 0.16, { gain: 0.12 }); },
  trump: (c, t) => { [523, 659, 784, 1046].forEach((f, k) => tone(c, f, t + k * 0.07, 0.18, { type: "triangle", gain: 0.14 })); },
  handOver: (c, t) => { [392, 494, 587].forEach((f) => tone(c, f, t, 0.6, { type: "triangle", gain: 0.09 })); },
  turn: (c, t) => tone(c, 880, t, 0.09, { gain: 0.06 }),
};

/** Play a sound effect by name, if the player turned sound on (after a gesture); otherwise nothing at all. @param {string} name */
export function sfx(name) {
  if (!prefs.sound) return;
  const c = ensureContext();
  if (!c || !SOUNDS[name]) return;
  if (c.state === "suspended") c.resume?.();
  SOUNDS[name](c, c.currentTime + 0.01);
  soundStats.played++;
}

/** A short vibration (phones), if the player turned it on and has touched the page. */
export function buzz(ms = 40) {
  if (!prefs.vibrate || !gestured || !navigator.vibrate) return;
  navigator.vibrate(ms);
  soundStats.vibrations++;
}
