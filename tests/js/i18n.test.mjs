// Language (web/js i18n): plural forms by each language's rules, numbers in Swiss usage, the real minus sign.
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";
import { load } from "./web.mjs";

const { store } = await load("store");
const { t, tSeat, setLanguage, fmtNumber, signed, detectLanguage, levelName, has, CATALOGS, LANGUAGES, chooseLanguage,
  getLanguage, loadCatalog, playerSeatByName } = await load("i18n");
const { LANGUAGE_NAMES, PLAYER_NAMES } = await import(new URL("../../web/js/i18n/names.js", import.meta.url).href);
afterEach(() => setLanguage("en", { persist: false }));

test("plural forms follow the language: one/other in English and German, 0 and 1 singular in French", () => {
  setLanguage("en", { persist: false });
  assert.equal(t("seat.tricks", { n: 1 }), "1 trick");
  assert.equal(t("seat.tricks", { n: 0 }), "0 tricks");
  assert.equal(t("seat.tricks", { n: 2 }), "2 tricks");
  setLanguage("fr", { persist: false });
  assert.equal(t("seat.tricks", { n: 0 }), "0 pli");
  assert.equal(t("seat.tricks", { n: 1 }), "1 pli");
  assert.equal(t("seat.tricks", { n: 2 }), "2 plis");
  setLanguage("de", { persist: false });
  assert.notEqual(t("seat.tricks", { n: 1 }), t("seat.tricks", { n: 2 }).replace("2", "1"), "German: Stich / Stiche");
  setLanguage("ja", { persist: false });
  assert.equal(t("seat.tricks", { n: 1 }), t("seat.tricks", { n: 5 }).replace("5", "1"), "Japanese has one form");
});

test("every plural entry of every catalog has an 'other' form, and every form its {n}", () => {
  for (const [lang, cat] of Object.entries(CATALOGS)) {
    for (const [key, v] of Object.entries(cat)) {
      if (typeof v !== "object") continue;
      assert.ok(typeof v.other === "string", `${lang} ${key}: no 'other' form`);
    }
  }
});

test("numbers in the player's locale: Swiss grouping, a real minus sign, signed results", () => {
  setLanguage("de", { persist: false });
  assert.match(fmtNumber(1234.5), /^1['’]234\.5$/, "Swiss grouping (ICU versions differ in the apostrophe)");
  assert.equal(fmtNumber(-3), "\u22123");
  assert.equal(signed(2), "+2");
  assert.equal(signed(-1), "\u22121");
  assert.equal(signed(0), "0");
  assert.equal(signed(-0.2, { minimumFractionDigits: 2 }), "\u22120.20");
  setLanguage("en", { persist: false });
  assert.equal(fmtNumber(1234.5), "1,234.5");
  assert.equal(t("seat.tricks", { n: 1234 }), "1,234 tricks", "numbers in a sentence are formatted too");
});

test("placeholders: filled when given, kept when not; an unknown key shows itself", () => {
  setLanguage("en", { persist: false });
  assert.equal(t("no.such.key"), "no.such.key");
  assert.match(t("seat.tricks", {}), /\{n\}/);
});

test("a sentence about the player uses the second person where the catalog has it", () => {
  store.hello = { human_seat: 0 };   // the engine says which seat is the player's
  for (const lang of Object.keys(CATALOGS)) {
    setLanguage(lang, { persist: false });
    const youKeys = Object.keys(CATALOGS[lang]).filter((k) => k.endsWith(".you"));
    for (const k of youKeys) {
      const base = k.slice(0, -4);
      assert.equal(tSeat(base, 0, { name: "N", n: 1 }), t(k, { name: "N", n: 1 }), `${lang} ${k}`);
      store.hello = { human_seat: 1 };
      assert.equal(tSeat(base, 1, { name: "N", n: 1 }), t(k, { name: "N", n: 1 }), `${lang} ${k}: seat 1 is the player now`);
      store.hello = { human_seat: 0 };
      if (has(base)) assert.equal(tSeat(base, 1, { name: "N", n: 1 }), t(base, { name: "N", n: 1 }), `${lang} ${base}`);
    }
  }
});

test("the browser's languages pick a catalog: regions and Swiss German included, else English", () => {
  assert.equal(detectLanguage(["de-CH", "en"]), "de");
  assert.equal(detectLanguage(["gsw"]), "de");
  assert.equal(detectLanguage(["fr_FR"]), "fr");
  assert.equal(detectLanguage(["es", "it-IT"]), "it");
  assert.equal(detectLanguage(["es"]), "en");
  assert.equal(detectLanguage([]), "en");
});

test("level names: the catalog's for a level id, anything else as it is", () => {
  setLanguage("de", { persist: false });
  assert.equal(levelName("expert"), t("level.expert"));
  assert.equal(levelName("desc.expert"), "desc.expert");
  assert.equal(levelName("MyBot"), "MyBot");
});

test("the names the page shows before a catalog is loaded are each catalog's own", async () => {
  assert.deepEqual(LANGUAGES, ["en", "de", "fr", "it", "ja"]);
  for (const lang of LANGUAGES) {
    const cat = await loadCatalog(lang);
    assert.equal(LANGUAGE_NAMES[lang], cat["lang.name"], `${lang}: lang.name`);
    assert.equal(PLAYER_NAMES[lang], cat["name.0"], `${lang}: name.0`);
  }
  assert.equal(playerSeatByName(["Links", "Du", "Rechts"]), 1);
});

test("choosing a language whose catalog cannot be loaded keeps the current one", async () => {
  setLanguage("fr", { persist: false });
  assert.equal(await chooseLanguage("zz"), false);
  assert.equal(getLanguage(), "fr");
  assert.equal(await chooseLanguage("it"), true);
  assert.equal(getLanguage(), "it");
});
