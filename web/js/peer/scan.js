// Play with friends: the host reads a friend's reply QR code with the device's camera, where the browser has a
// barcode reader (the BarcodeDetector API: Chrome on Android, ChromeOS and macOS among others). Where it has none, no
// Scan button is shown and the code is pasted. The camera runs only while the scan dialog is open.
import { modal } from "../saves/save-ui.js";
import { el } from "../ui/dom.js";
import { t } from "../i18n/i18n.js";

const LOOK_MS = 200;   // how often a frame is read

/** Can this browser read a QR code from the camera? */
function canScan() {
  return typeof globalThis.BarcodeDetector === "function" && !!navigator.mediaDevices?.getUserMedia;
}

/** A "Scan" button (null where scanning is not possible): the first QR code the camera reads goes to `onCode(text)`. */
export function scanButton(onCode) {
  if (!canScan()) return null;
  const b = el("button", { type: "button", "data-action": "scan-reply", text: t("friends.scan") });
  b.addEventListener("click", () => scan(onCode));
  return b;
}

/** Open the scan dialog over the host's dialog; the camera stops when a code is read or the dialog closes. */
async function scan(onCode) {
  const video = el("video", { id: "scan-video", muted: true, playsinline: true, autoplay: true });
  const status = el("p", { id: "scan-status", class: "help", role: "status", text: t("friends.scan.help") });
  const cancel = el("button", { type: "button", text: t("btn.cancel") });
  const dlg = modal("dlg-scan", t("friends.scan.title"), [video, status], [cancel], { dismissible: true });
  let stream = null, timer = null, done = false;
  const stop = () => {
    done = true;
    clearTimeout(timer);
    for (const track of stream?.getTracks() ?? []) track.stop();
    stream = null;
    video.srcObject = null;
  };
  cancel.addEventListener("click", () => dlg.close());
  dlg.addEventListener("close", stop, { once: true });
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
  } catch {
    status.textContent = t("friends.scan.denied");
    return;
  }
  if (done) { stop(); return; }   // closed while the browser asked for the camera
  video.srcObject = stream;
  let reader;
  try {
    reader = new globalThis.BarcodeDetector({ formats: ["qr_code"] });
  } catch {
    status.textContent = t("friends.scan.denied");
    stop();
    return;
  }
  const look = async () => {
    if (done) return;
    try {
      const found = video.readyState >= 2 ? await reader.detect(video) : [];
      const code = found.find((f) => typeof f.rawValue === "string" && f.rawValue)?.rawValue;
      if (code && !done) {
        dlg.close();
        onCode(code);
        return;
      }
    } catch { /* a frame that could not be read: the next one */ }
    if (!done) timer = setTimeout(look, LOOK_MS);
  };
  look();
}
