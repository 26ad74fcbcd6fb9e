// @ts-check
// The player's language at start-up and its menus (the Settings dialog and the loading screen): every catalog listed
// by its own name; a switch redraws the static texts, How to play and whatever `onChange` redraws.
import { refreshHowTo, showHowTo } from "../learn/howto.js";
import { suitIcon } from "../table/cards.js";
import { LANGUAGES, SUIT_SYMBOL, applyI18n, chooseLanguage, getDeck, getLanguage, initLanguage, onLanguageChange, setDeck, t } from "./i18n.js";
import { LANGUAGE_NAMES } from "./names.js";
import { toast } from "../ui/a11y.js";
import { addSettingRow, deckFor, onPrefChange, openSettings } from "../ui/settings.js";

/** @param {HTMLSelectElement} select */
function languageSelect(select) {
  const cur = getLanguage();
  select.replaceChildren(...LANGUAGES.map((code) => {
    const o = document.createElement("option");
    o.value = code;
    o.lang = code;
    o.textContent = LANGUAGE_NAMES[code];
    o.selected = code === cur;
    return o;
  }));
  select.disabled = false;   // the loading screen's menu comes with the page (build.py), readable but inert until now
  select.onchange = async () => {
    if (await chooseLanguage(select.value)) return;
    select.value = getLanguage();   // its catalog could not be loaded (offline, never used here)
    toast(t("lang.unavailable"), "error", 6000);
  };
  return select;
}

/** The loading screen's four tiles in the pack the table will deal (the page's HTML has the French signs).
 *  @param {string} deck */
function loadingSuits(deck) {
  const tiles = document.querySelectorAll(".loading-suits span");
  tiles.forEach((tile, i) => {
    const suit = "SHDC"[i];
    if (deck === "swiss") tile.replaceChildren(suitIcon("swiss", suit, 34));
    else if (tile.textContent !== SUIT_SYMBOL[suit]) tile.textContent = SUIT_SYMBOL[suit];   // as index.html has it: not repainted
  });
}

/** Choose the language (its catalog loaded), fill the page's texts, add the menus and the How to play buttons.
 *  @param {() => void} [onChange] */
export async function installLanguage(onChange = () => {}) {
  await initLanguage();
  applyI18n();
  const useDeck = () => {
    setDeck(deckFor());
    document.documentElement.dataset.deck = getDeck();   // the header's ♠♥♦♣ only with the French pack (app.css)
    loadingSuits(getDeck());
  };
  useDeck();
  onPrefChange((name) => { if (name === "deck") useDeck(); });
  const menus = () => /** @type {NodeListOf<HTMLSelectElement>} */ (document.querySelectorAll(".lang-select"));
  for (const s of menus()) languageSelect(s);
  addSettingRow({
    id: "set-lang", order: 10, label: "lang.label", help: "lang.help",
    control: () => { const s = languageSelect(document.createElement("select")); s.id = "set-lang"; return s; },
  });
  onLanguageChange(() => {
    useDeck();   // "automatic" picks the pack by language
    applyI18n();
    for (const s of menus()) languageSelect(s);
    if (document.querySelector("#dlg-settings[open]")) {   // the open Settings dialog speaks the new language too
      openSettings();
      /** @type {HTMLElement|null} */ (document.querySelector("#set-lang"))?.focus();
    }
    onChange();
    refreshHowTo();
  });
  for (const b of ["#btn-howto", "#btn-howto-loading"]) {
    const button = /** @type {HTMLButtonElement|null} */ (document.querySelector(b));
    if (!button) continue;
    button.addEventListener("click", showHowTo);
    // the loading screen's button comes with the page, inert until now (as its language menu): a click before the
    // app's modules had loaded did nothing at all (seen in the e2e tests under load)
    button.disabled = false;
  }
}
