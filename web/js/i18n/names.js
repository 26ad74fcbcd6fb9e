// @ts-check
// What the page needs of every language before its catalog is loaded (only the player's catalog is downloaded, the
// others when chosen): each catalog's own name for its language ("lang.name", for the language menus) and the name it
// gives the player's seat ("name.0", to find the player in a game file). tests/js/i18n.test.mjs checks them against
// the catalogs.
/** @type {Record<string, string>} */
export const LANGUAGE_NAMES = { en: "English", de: "Deutsch", fr: "Français", it: "Italiano", ja: "日本語" };   // i18n-ignore: the catalogs' own lang.name
export const PLAYER_NAMES = { en: "You", de: "Du", fr: "Vous", it: "Tu", ja: "あなた" };   // i18n-ignore: the catalogs' own name.0
