// The QR code of the invite link and the reply code, drawn on a canvas. The encoding is the npm package uqr's (MIT,
// no dependencies; pinned in package-lock.json, bundled into js/main.js by esbuild at build time; a port of Project
// Nayuki's QR Code generator): byte mode (the text's UTF-8), level L, the smallest version, the mask with the lowest
// penalty. This file only chooses those and draws the modules.
import { encode } from "uqr";

/**
 * The QR code of `text` (UTF-8, byte mode): {size, modules (rows of booleans, true = dark), version, mask}; no quiet
 * zone (drawQr adds it). Throws a RangeError when the text does not fit in version 40.
 * @param {string} text
 * @param {{ecl?: "L" | "M" | "Q" | "H"}} [options]  the error correction level
 */
export function encodeQr(text, { ecl = "L" } = {}) {
  // bytes, not the string: uqr would pick the numeric or alphanumeric mode for a text that fits one
  const qr = encode([...new TextEncoder().encode(text)], { ecc: ecl, border: 0 });
  return { size: qr.size, modules: qr.data, version: qr.version, mask: qr.maskPattern };
}

/** Draw `text`'s QR code on `canvas` (dark on white, a quiet zone of 4 modules), crisp at the device's pixel ratio. */
export function drawQr(canvas, text, cssSize = 180) {
  const qr = encodeQr(text);
  const n = qr.size + 8, dpr = Math.max(1, Math.round(globalThis.devicePixelRatio || 1));
  const scale = Math.max(1, Math.floor((cssSize * dpr) / n));
  canvas.width = canvas.height = n * scale;
  canvas.style.width = canvas.style.height = `${(n * scale) / dpr}px`;
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = "#000";
  qr.modules.forEach((row, y) => row.forEach((dark, x) => { if (dark) ctx.fillRect((x + 4) * scale, (y + 4) * scale, scale, scale); }));
  canvas.dataset.qrVersion = String(qr.version);
}
