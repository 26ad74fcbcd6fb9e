// Where the browser app's pure modules live (one table, so a move in web/js/ changes one line here), and the few
// browser globals they touch, made up for Node.
export const MODULES = {
  layout: "table/layout.js",
  store: "game/store.js",
  save: "saves/save.js",
  share: "saves/share.js",
  history: "saves/history.js",
  records: "saves/records.js",
  i18n: "i18n/i18n.js",
  events: "game/events.js",
  words: "review/words.js",
  labWords: "../lab/lab-words.js",
  renderer: "table/renderer.js",
  storage: "ui/storage.js",
  journal: "game/journal.js",
  seats: "game/seats.js",
  settings: "ui/settings.js",
  invite: "peer/invite.js",
  qr: "peer/qr.js",
  throttle: "peer/throttle.js",
  fair: "peer/fair.js",
  loadbar: "ui/loadbar.js",
};

/** Import one of the app's modules by its short name. */
export function load(name) {
  return import(new URL(`../../web/js/${MODULES[name]}`, import.meta.url).href);
}

// i18n.setLanguage writes <html lang>; share.shareLink reads the page's address.
globalThis.document ??= { documentElement: { lang: "" } };
globalThis.location ??= { origin: "https://example.test", pathname: "/jass/", search: "", hash: "" };

// Only the player's catalog is loaded in the page; the tests have them all, English in use.
const i18n = await load("i18n");
await Promise.all(i18n.LANGUAGES.map(i18n.loadCatalog));
i18n.setLanguage("en", { persist: false });
