// @ts-check
// Play with friends: one WebRTC data channel per friend, with no server of any kind. The host makes an offer, the
// guest an answer; each waits until its ICE candidates are all gathered (no trickle: nothing could carry them later)
// and hands the shrunk SDP to the invite or the reply code (invite.js). The channel is negotiated (id 0) on both
// sides, so neither waits for the other to announce it. ICE servers: none with ?ice=none (tests) or when the
// player turned STUN off in Settings; else the one STUN server of Settings (no relay: some networks cannot connect).
import { addSettingRow } from "../ui/settings.js";
import { rebuildSdp, shrinkSdp } from "./invite.js";

const STUN_KEY = "mittlere-jass.stun.v1";
const DEFAULT_STUN = "stun:stun.l.google.com:19302";
/** @typedef {ReturnType<typeof shrinkSdp>} SdpParts an SDP shrunk (invite.js) */
const GATHER_MS = 5000;   // gathering longer than this (an unreachable STUN server): go on with what is there

/** The STUN server in use ("" when off). */
function stunServer() {
  try {
    const v = localStorage.getItem(STUN_KEY);
    return v == null ? DEFAULT_STUN : v;
  } catch {
    return DEFAULT_STUN;
  }
}

function iceServers() {
  if (new URLSearchParams(location.search).get("ice") === "none") return [];
  const url = stunServer().trim();
  return /^stuns?:[\w.-]+(:\d+)?$/.test(url) ? [{ urls: url }] : [];
}

/** The Settings row: the STUN server (empty: off, the same network only). */
export function installStunSetting() {
  addSettingRow({
    id: "set-stun", order: 110, label: "settings.stun", help: "settings.stun.help",
    control: () => {
      const box = document.createElement("input");
      box.type = "text";
      box.id = "set-stun";
      box.value = stunServer();
      box.placeholder = DEFAULT_STUN;
      box.spellcheck = false;
      box.autocomplete = "off";
      box.addEventListener("change", () => {
        try { localStorage.setItem(STUN_KEY, box.value.trim()); } catch { /* this visit only */ }
      });
      return box;
    },
  });
}

/** @param {RTCPeerConnection} pc @returns {Promise<void>} */
function gathered(pc) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((done) => {
    const timer = setTimeout(done, GATHER_MS);
    pc.addEventListener("icegatheringstatechange", () => {
      if (pc.iceGatheringState === "complete") { clearTimeout(timer); done(); }
    });
  });
}

/**
 * One friend's connection: `send(text)`, and callbacks onOpen(), onMessage(text), onClose() (the channel closed or
 * the connection failed: the friend is gone). `close()` ends it.
 */
export class RtcLink {
  constructor() {
    this.pc = new RTCPeerConnection({ iceServers: iceServers() });
    this.channel = this.pc.createDataChannel("jass", { negotiated: true, id: 0, ordered: true });
    /** @type {() => void} */
    this.onOpen = () => {};
    /** @type {(text: string) => void} */
    this.onMessage = () => {};
    /** @type {() => void} */
    this.onClose = () => {};
    this.closed = false;
    this.channel.addEventListener("open", () => this.onOpen());
    this.channel.addEventListener("message", (e) => { if (typeof e.data === "string") this.onMessage(e.data); });
    const gone = () => {
      if (this.closed) return;
      this.closed = true;
      this.onClose();
    };
    this.channel.addEventListener("close", gone);
    this.pc.addEventListener("connectionstatechange", () => {
      if (["failed", "closed"].includes(this.pc.connectionState)) gone();
    });
  }

  get open() { return this.channel.readyState === "open"; }

  /** Host: the offer, shrunk (all candidates gathered). */
  async offer() {
    await this.pc.setLocalDescription(await this.pc.createOffer());
    await gathered(this.pc);
    return shrinkSdp(/** @type {RTCSessionDescription} */ (this.pc.localDescription).sdp);
  }

  /** Guest: take the host's offer (shrunk), answer it; the answer, shrunk (all candidates gathered). @param {SdpParts} offer */
  async answer(offer) {
    await this.pc.setRemoteDescription({ type: "offer", sdp: rebuildSdp(offer) });
    await this.pc.setLocalDescription(await this.pc.createAnswer());
    await gathered(this.pc);
    return shrinkSdp(/** @type {RTCSessionDescription} */ (this.pc.localDescription).sdp);
  }

  /** Host: the guest's answer (shrunk) from its reply code; the channel opens once ICE and DTLS are through.
   *  @param {SdpParts} answer */
  accept(answer) { return this.pc.setRemoteDescription({ type: "answer", sdp: rebuildSdp(answer) }); }

  /** @param {string} text */
  send(text) {
    if (this.open) this.channel.send(text);
  }

  close() {
    this.closed = true;
    try { this.channel.close(); } catch { /* already closed */ }
    try { this.pc.close(); } catch { /* already closed */ }
  }
}
