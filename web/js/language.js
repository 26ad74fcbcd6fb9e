// The language menu: lists every catalog by its own name, switches the language and redraws the static texts.
import { CATALOGS, LANGUAGES, applyI18n, getLanguage, onLanguageChange, setLanguage } from "./i18n.js";

/** Fill each of `selects` with the languages (each in its own name) and switch on change; `onChange` redraws the rest. */
export function installLanguageMenu(selects, onChange = () => {}) {
  const fill = () => {
    const cur = getLanguage();
    for (const select of selects) select.replaceChildren(...LANGUAGES.map((code) => {
      const o = document.createElement("option");
      o.value = code;
      o.lang = code;
      o.textContent = CATALOGS[code]["lang.name"];
      o.selected = code === cur;
      return o;
    }));
  };
  fill();
  for (const select of selects) select.addEventListener("change", () => setLanguage(select.value));
  onLanguageChange(() => { applyI18n(); fill(); onChange(); });
}
