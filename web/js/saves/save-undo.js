// Undo in practice games (chosen in the New game dialog; off by default): take back your last card of this hand and
// the bots' cards after it. The engine rebuilds the position from the shortened journal (its `restore` checks every
// card); the game is marked as played with undo in the history.
import { toast } from "../ui/a11y.js";
import { t } from "../i18n/i18n.js";
import { isMyTurn, people, store, viewerSeat } from "../game/store.js";
import { helpAllowed } from "../ui/settings.js";

/**
 * What the undo asks of the controller and the autosave (game/controller.js's Controller and save.js's Autosave,
 * typed here: those files are not type-checked yet).
 * @typedef {object} UndoController
 * @property {import("../game/journal.js").Journal} journal
 * @property {(setup: object, hands: string[][], rebuilt: () => void, options: {keepViewer?: boolean}) =>
 *   Promise<import("../engine/protocol.js").Answer | null>} restore
 * @typedef {object} UndoAutosave
 * @property {number[][]|null} seats  who played each card of the journal, per dealt hand (null: not known)
 * @property {boolean} usedUndo
 * @property {() => void} write
 */

export class Undo {
  /** @param {{controller: UndoController, autosave: UndoAutosave}} deps */
  constructor({ controller, autosave }) {
    this.controller = controller; this.autosave = autosave;
    this.button = /** @type {HTMLButtonElement|null} */ (document.getElementById("btn-undo"));
  }

  /** Where the viewer's last card of the current hand is in the journal, or -1. */
  lastOwnCard() {
    const j = this.controller.journal, seats = this.autosave.seats;
    const h = j.hands.length - 1;
    if (h < 0 || !seats || seats.length !== j.hands.length || seats[h].length !== j.hands[h].length) return -1;
    return seats[h].lastIndexOf(viewerSeat());
  }

  /** Show the Undo button in practice games; enable it when there is a card of yours to take back. */
  update() {
    if (!this.button) return;
    const practice = !!this.controller.journal.setup?.practice && helpAllowed(people().length);
    this.button.hidden = !practice;
    this.button.disabled = !(practice && isMyTurn() && this.lastOwnCard() >= 0);
  }

  async undo() {
    const c = this.controller, j = c.journal, i = this.lastOwnCard();
    if (!j.setup?.practice || !helpAllowed(people().length) || !isMyTurn() || i < 0) return;
    const h = j.hands.length - 1;
    const hands = j.hands.map((x) => [...x]);
    hands[h] = hands[h].slice(0, i);
    store.ui.busy = true;
    const r = await c.restore(j.setup, hands, () => {
      this.autosave.seats[h] = this.autosave.seats[h].slice(0, i);
      this.autosave.usedUndo = true;
    }, { keepViewer: true });
    if (!r) return;   // the worker died (the recovery rebuilds the game as it was) or the game moved on
    if (!r.ok) { store.ui.busy = false; toast(t("undo.failed"), "error"); return; }
    this.autosave.write();
    toast(t("undo.done"));
  }
}
