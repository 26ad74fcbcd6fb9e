// The fair deal's page side (docs/peer.md): a friend's secret and its commitment (the host's round runs in its
// engine), and the host's kept proofs read back from storage. The engine checks a played hand against them afterwards
// (verify_deal). Pure (Web Crypto).

const hex = (bytes) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** 32 random bytes as 64 lowercase hex digits. */
export function newSecret() { return hex(crypto.getRandomValues(new Uint8Array(32))); }

/** SHA-256 of an ASCII text, as 64 lowercase hex digits. */
async function sha256hex(text) {
  return hex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

/** A secret's commitment. */
export const commitmentOf = (secret) => sha256hex(secret);

/** Whether `s` is a secret or a commitment's shape (64 lowercase hex digits). */
const isHex64 = (s) => typeof s === "string" && /^[0-9a-f]{64}$/.test(s);

/** Where the host keeps its game's fair-deal proofs (a reload still verifies the hands before it). */
export const FAIR_KEY = "mittlere-jass.fair.v1";
const MAX_ROUNDS = 1000;

/** The seats of a fair deal at a table of `n` seats (the engine's view says how many): 1..n distinct seats,
 *  ascending, the host's 0 first (the engine checks kept rounds again: fair_rounds). */
const isSeats = (s, n) => Array.isArray(s) && s.length >= 1 && s.length <= n && s[0] === 0
  && s.every((x, i) => Number.isInteger(x) && x >= 0 && x < n && (i === 0 || x > s[i - 1]));

/** One commitment or secret (64 hex digits) per seat of `seats`, in their order. */
const onePerSeat = (list, seats) => Array.isArray(list) && list.length === seats.length && list.every(isHex64);

/** A round's shape: its hand number, the seats that took part, their commitments and secrets in that order. */
function isRound(r, n) {
  return !!r && Number.isInteger(r.handNo) && r.handNo >= 1 && isSeats(r.order, n)
    && onePerSeat(r.commitments, r.order) && onePerSeat(r.secrets, r.order);
}

/** The stored proofs (`text`, as read from storage) of the game `game` (its seed) at a table of `seats` seats: the
 *  valid rounds, else none. */
export function parseRounds(text, game, seats) {
  let data;
  try { data = JSON.parse(text); } catch { return []; }
  if (!data || typeof data !== "object" || data.game !== game || typeof game !== "string" || !Array.isArray(data.rounds)) return [];
  return data.rounds.slice(0, MAX_ROUNDS).filter((r) => isRound(r, seats))
    .map((r) => ({ handNo: r.handNo, order: [...r.order], commitments: [...r.commitments], secrets: [...r.secrets] }));
}
