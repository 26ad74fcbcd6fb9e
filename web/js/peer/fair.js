// The fair deal's page side (docs/peer.md): each peer's secret, its commitment, and the hand's seed from every
// secret in seat order. The engine checks a played hand against them afterwards (verify_deal): a page that derived
// another seed than the engine's formula would show "not verified" in every hand review. Pure (Web Crypto).

const SEED_PREFIX = "mittlere-jass/fair/v1";

const hex = (bytes) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** 32 random bytes as 64 lowercase hex digits. */
export function newSecret() { return hex(crypto.getRandomValues(new Uint8Array(32))); }

/** SHA-256 of an ASCII text, as 64 lowercase hex digits. */
export async function sha256hex(text) {
  return hex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

/** A secret's commitment. */
export const commitmentOf = (secret) => sha256hex(secret);

/** The hand's seed from every peer's secret, in seat order. */
export const fairSeed = (secrets) => sha256hex([SEED_PREFIX, ...secrets].join("/"));

/** Whether `s` is a secret or a commitment's shape (64 lowercase hex digits). */
export const isHex64 = (s) => typeof s === "string" && /^[0-9a-f]{64}$/.test(s);
