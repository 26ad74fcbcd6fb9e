// The "Games" dialog: this game (download it, share its deal), import a record, statistics with charts, the history
// of finished and abandoned games (review or download each), "reset statistics" with a confirmation.
import { toast } from "../ui/a11y.js";
import { fmtDate, signed, t } from "../i18n/i18n.js";
import { dropUnreadable, historyList, keepUnreadable, loadHistory, resetHistory, statisticsSection, unreadableHistories } from "./history.js";
import { downloadGame, gameFile, recordsFromFile } from "./records.js";
import { downloadJSON, modal } from "./save-ui.js";
import { el } from "../ui/dom.js";
import { compareLine, shareLink } from "./share.js";
import { humanSeat, people, store } from "../game/store.js";
import { levelsOf, seatsOfLevels } from "../game/seats.js";

export class GamesDialog {
  /**
   * @param {object} deps
   * @param {import("./save.js").Autosave} deps.autosave
   * @param {import("../review/review.js").HandReview} deps.review
   */
  constructor({ autosave, review }) {
    this.autosave = autosave;
    this.review = review;
  }

  /** Import a file (picker or drop): the engine checks it, the review opens it; a bad file gets one line. */
  async importFile(file) {
    /** @type {{ok: boolean, records?: object[], names?: string[]|null, reason?: string}} */
    const got = await recordsFromFile(file);
    /** @type {{ok: boolean, message?: string}} */
    const r = got.ok ? await this.review.open(got.records, { names: got.names, start: 0 }) : { ok: false, message: got.reason };
    const status = document.getElementById("import-status");
    if (r.ok) { if (status) status.textContent = ""; return true; }
    const line = got.ok ? t("import.invalid", { reason: r.message }) : r.message;
    if (status) { status.textContent = line; status.dataset.ok = "false"; }
    toast(line, "error", 8000);
    return false;
  }

  /** A stored history this version could not read, set aside when the next game was kept: offered for download (to
   *  keep, or to report a problem) and to be deleted, as a damaged save is. */
  unreadableSection() {
    keepUnreadable();
    const kept = unreadableHistories();
    if (!kept.length) return [];
    const btn = (id, key, fn) => { const b = el("button", { type: "button", id, class: "small", text: t(key) }); b.onclick = fn; return b; };
    const when = (at) => { const d = new Date(at); return Number.isNaN(d.getTime()) ? at.slice(0, 40) : fmtDate(d); };
    return [el("h3", { text: t("games.unreadable.title") }), el("p", { class: "hint", text: t("games.unreadable.help") }),
      el("ul", { id: "unreadable-histories" }, ...kept.map((x, i) => el("li", {}, t("games.unreadable.item", { date: when(x.at) }), " ",
        btn(`unreadable-download-${i}`, "games.downloadShort", () => downloadJSON(`mittlere-jass-history-${x.at.replace(/[^0-9T]/g, "")}.json`, x.text)), " ",
        btn(`unreadable-delete-${i}`, "games.unreadable.delete", () => {
          if (!confirm(t("games.unreadable.deleteConfirm"))) return;
          dropUnreadable(x.key);
          this.open();
        }))))];
  }

  open() {
    const a = this.autosave, setup = this.autosave.controller.journal.setup, v = store.view;
    const games = loadHistory();
    const btn = (id, key, fn, attrs = {}) => { const b = el("button", { type: "button", id, text: t(key), ...attrs }); b.onclick = fn; return b; };
    const body = [];
    // people sharing this device (pass-and-play): the seed and the game's records would show every hand to whoever
    // holds the device, so neither is offered until the game is over
    const hidden = setup && v && v.phase !== "game-over" && people().length > 1;
    if (hidden) body.push(el("h3", { text: t("games.current") }), el("p", { id: "share-hidden", text: t("games.sharedDevice") }));
    if (setup && v && !hidden) {
      const over = v.phase === "game-over";
      const deal = { seed: String(setup.seed), hands: setup.hands, bots: levelsOf(setup.seats), game: setup.game };
      const link = shareLink(deal, over ? v.scores.net[humanSeat()] : null);
      const linkBox = el("input", { id: "share-link", type: "text", readonly: true, value: link, "aria-label": t("share.link") });
      body.push(el("h3", { text: t("games.current") }),
        el("p", {}, btn("btn-download-game", "games.download", () => {
          downloadGame(gameFile(setup, a.records, store.history), setup.seed);
        }), " ", btn("btn-copy-link", "share.copy", () => {
          linkBox.select();
          navigator.clipboard?.writeText(link).then(() => toast(t("share.copied")), () => {});
        })),
        el("p", {}, el("label", {}, t("share.link") + " ", linkBox)));
      if (over && a.shared?.friend != null) body.push(el("p", { id: "share-compare", text: compareLine(v.scores.net[humanSeat()], a.shared.friend, signed) }));
    }
    // The native picker's own words follow the browser's language, not the player's: it is hidden inside a label
    // that looks like a button and speaks the catalog's words (the label still opens it, by click or keyboard).
    const picker = el("input", { type: "file", id: "import-file", class: "file-input", accept: ".json,application/json" });
    picker.onchange = () => { if (picker.files[0]) this.importFile(picker.files[0]); picker.value = ""; };
    body.push(el("h3", { text: t("games.import") }),
      el("p", {}, el("label", { class: "file-pick", id: "import-pick" }, t("games.importPick"), picker)),
      el("p", { class: "hint", text: t("games.importDrop") }), el("p", { id: "import-status", role: "status" }));
    body.push(...this.unreadableSection());
    body.push(el("h3", { text: t("games.stats") }), ...statisticsSection(games, null));
    const review = (g) => this.review.open(g.records, { names: g.names, start: 0, coachSeat: humanSeat() });
    const setupOf = (g) => ({ ...(g.game ? { game: g.game } : {}), hands: g.hands_total, seats: seatsOfLevels(g.bots), seed: g.seed, names: g.names });
    const download = (g) => downloadGame(gameFile(setupOf(g), g.records, g.results), g.seed);
    body.push(el("h3", { text: t("games.history") }), ...historyList(games, (g) => [
      g.records?.length ? btn(`review-${g.id}`, "games.review", () => review(g), { class: "small" }) : null,
      g.records?.length ? btn(`download-${g.id}`, "games.downloadShort", () => download(g), { class: "small" }) : null,
    ]));
    const reset = btn("btn-reset-stats", "games.reset", () => {
      if (!confirm(t("games.resetConfirm"))) return;
      resetHistory();
      this.open();
    }, { disabled: !games.length });
    const dialog = () => /** @type {HTMLDialogElement} */ (document.getElementById("dlg-games"));
    const close = btn("btn-games-close", "btn.close", () => dialog().close(), { class: "primary" });
    modal("dlg-games", t("games.title"), body, [reset, close], { dismissible: true, wide: true });
  }
}
