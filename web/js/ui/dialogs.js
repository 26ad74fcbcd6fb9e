// Dialogs (native <dialog>): new game, hand summary, score sheet (chalk style), game over; plus the loading screen.
import { fmtNumber, has, joinNames, levelName, settlementText, t, tYou, signed, suitLabel } from "../i18n/i18n.js";
import { SPEED_NAMES } from "./storage.js";
import { gameInfo, seatNameKey, youSeat } from "../game/store.js";
import { $, el } from "./dom.js";

/** A sentence about `seat` in a dialog everyone at the table reads: "you" only when one person plays here. */
const tTable = (key, seat, params) => tYou(key, seat != null && seat === youSeat(), params);

function open(dlg) {
  if (!dlg.open) dlg.showModal();
  const first = dlg.querySelector("[autofocus]") || dlg.querySelector("button");
  first?.focus();
}
/** Close the open dialogs, but not one the player opened to read (How to play, `data-reading`): it stays open
 *  until the reader closes it, whatever the game does behind it (a start, a new game, a resumed save). */
export function closeAll() {
  for (const d of /** @type {NodeListOf<HTMLDialogElement>} */ (document.querySelectorAll("dialog[open]:not([data-reading])"))) d.close();
}

/** Resolves once no dialog the player reads is open (at once when none is): the table waits behind it. */
export async function readerDone() {
  for (let d; (d = document.querySelector("dialog[open][data-reading]"));) {
    await new Promise((done) => d.addEventListener("close", done, { once: true }));
  }
}

// ------------------------------------------------------------------------------------------------ loading
export const loading = {
  show() {
    $("#loading").hidden = false;
    $("#loading-error").hidden = true;
    $("#loading-progress").hidden = false;
    this.progress(0, t("loading.start"));
  },
  /** The bar at `frac` (0-1) with `label`: it glides there in 0.3 s, or over `glide` ms (slowing down as it goes) */
  progress(frac, label, glide = 0) {
    const bar = $("#loading-bar");
    const f = Math.max(0, Math.min(1, frac));
    const fill = $(".loading-fill", bar);
    fill.style.transition = frac === 0 ? "none" : glide ? `transform ${glide}ms cubic-bezier(.2,.7,.4,1)` : "transform .3s linear";   // i18n-ignore: CSS
    fill.style.transform = `translateX(${((f - 1) * 100).toFixed(2)}%)`;
    bar.setAttribute("aria-valuenow", String(Math.round(f * 100)));
    if (bar.getAttribute("aria-valuetext") !== label) bar.setAttribute("aria-valuetext", label);
    const status = $("#loading-status");
    if (status.textContent !== label) status.textContent = label;
  },
  /** The error screen: `message` in player words; `detail` (technical) behind a "Details" disclosure. */
  fail(message, detail = "") {
    $("#loading").hidden = false;
    $("#loading-progress").hidden = true;
    $("#loading-error").hidden = false;
    $("#loading-error-detail").textContent = message;
    let more = $("#loading-error-more");
    if (!more) {
      more = el("details", { id: "loading-error-more", class: "err-more" }, el("summary"), el("pre"));
      $("#loading-error-detail").after(more);
      $("pre", more).style.whiteSpace = "pre-wrap";
    }
    $("summary", more).textContent = t("load.details");
    $("pre", more).textContent = detail;
    more.open = false;
    more.hidden = !detail;
    $("#btn-retry").focus();
  },
  hide() { $("#loading").hidden = true; },
};

// ------------------------------------------------------------------------------------------------ new game
/** A seat's select offers this beside the bot levels: a person playing on this device (pass-and-play). */
const PERSON = "person";

/** `<option>`s of `values`, each labelled `label(value)`, the one equal to `selected` selected. */
const options = (values, selected, label) => values.map((v) => el("option", { value: v, selected: v === selected }, label(v)));

/** The new-game dialog's game description and rule variants for game `id` (`g`: its entry in hello.games), set to `rules`. */
function showGameRules(dlg, id, g, rules) {
  const flags = g.flags ?? ["undertrump_when_void", "no_trump"];
  $("#ng-game-desc", dlg).textContent = t(`game.${id}.desc`);
  // a game that ends by its own rule (Plus-Minus: a race to 7 strokes) has no length to choose
  $("#ng-hands-row", dlg).hidden = !!g.open_ended;
  $("#ng-undertrump", dlg).checked = rules.undertrump_when_void === true;
  $("#ng-undertrump-help", dlg).textContent = t(g.rules?.undertrump_when_void ? "new.undertrump.helpOn" : "new.undertrump.help");
  // a hand without trump cannot happen at four seats (nine cards of a suit never last four tricks): Mittlere's only
  const mittlere = id === "mittlere";
  $("#ng-notrump-row", dlg).hidden = !mittlere;
  $("#ng-notrump-help", dlg).hidden = !mittlere;
  const modes = ["eights", "annul"].includes(rules.no_trump) ? ["eights", "annul"] : ["eights", "annul", rules.no_trump];
  $("#ng-notrump", dlg).replaceChildren(...options(modes, rules.no_trump, (m) => (has(`new.noTrump.${m}`) ? t(`new.noTrump.${m}`) : m)));
  const tieModes = g.choices?.ties ?? [], ties = $("#ng-ties", dlg);
  $("#ng-ties-row", dlg).hidden = !tieModes.length;
  $("#ng-ties-help", dlg).hidden = !tieModes.length;
  ties.replaceChildren(...options(tieModes, rules.ties, (m) => t(`new.ties.${id}.${m}`)));
  const tieHelp = () => { $("#ng-ties-help", dlg).textContent = tieModes.length ? t(`new.ties.${id}.${ties.value}.help`) : ""; };
  ties.onchange = tieHelp;
  tieHelp();
  $("#ng-srf-row", dlg).hidden = !flags.includes("srf_hundred_zero");
  $("#ng-srf-help", dlg).hidden = !flags.includes("srf_hundred_zero");
  $("#ng-srf", dlg).checked = rules.srf_hundred_zero === true;
}

/** Names must differ once people play together: each name input in use (`used(s)`) says what is wrong with it. */
function checkNamesDiffer(inputs, used) {
  const seen = new Set();
  inputs.forEach((input, s) => {
    const v = input.value.trim().toLocaleLowerCase();
    input.setCustomValidity(used(s) && v && seen.has(v) ? t("new.nameTaken") : "");
    if (used(s) && v) seen.add(v);
  });
}

/** The rule variants chosen in the new-game dialog for a game (`g`: its entry in hello.games). */
function chosenRules(dlg, g) {
  const rules = { undertrump_when_void: $("#ng-undertrump", dlg).checked, no_trump: $("#ng-notrump", dlg).value };
  if (g.choices?.ties?.length) rules.ties = $("#ng-ties", dlg).value;
  if ((g.flags ?? []).includes("srf_hundred_zero") && $("#ng-srf", dlg).checked) rules.srf_hundred_zero = true;
  return rules;
}

/** A level's line in a game's terms (Molotow and Plus-Minus: their own plan) where it differs, else its general one. */
function levelDescription(game, level) {
  const own = game !== "mittlere" && has(`level.desc.family.${level}`) ? `level.desc.family.${level}` : `level.desc.${level}`;
  return has(own) ? t(own) : "";
}

/** Seat `s`'s label in a game of `n` seats: by its side of the table ("Right", "Across", "Left"), or the name it had. */
function seatLabel(s, n, names) {
  return t("new.bot", { name: names?.length === n ? names[s] : t(seatNameKey(s, n)), seat: s });
}

/** The new-game dialog; `hello` is the engine's (levels, defaults); `names` the players' names. */
export function showNewGame({ hello, settings, names = null, onStart }) {
  const dlg = $("#dlg-new");
  const form = $("form", dlg);
  const hands = $("#ng-hands", dlg);
  const { levels, defaults, limits } = hello;
  const games = hello.games;
  const gameSel = $("#ng-game", dlg);
  gameSel.replaceChildren(...options(Object.keys(games), games[settings.game] ? settings.game : "mittlere", (id) => t(`game.${id}`)));
  const choices = defaults.hands_choices.includes(settings.hands) ? defaults.hands_choices
    : [...defaults.hands_choices, settings.hands].sort((a, b) => a - b);
  hands.replaceChildren(...options(choices, settings.hands, (n) => n));
  // who sits where: you (seat 0, your name), then each other seat a bot level or a person with a name; the game's
  // seats say how many rows show (three seats: two, four seats: three)
  const SEATS_MAX = Math.max(...Object.values(games).map((g) => g.seats));
  // the settings' table (game/seats.js): per other seat a bot of a level, or a person with a name (and the level the
  // seat keeps for a later game with a bot there)
  const myName = $("#ng-name", dlg), table = settings.seats ?? [];
  const levelAt = (k) => table[k + 1]?.level ?? defaults.bots[0], personAt = (k) => table[k + 1]?.kind === "person";
  const rows = Array.from({ length: SEATS_MAX - 1 }, (_, k) => k + 1);
  const nameInputs = [myName, ...rows.map((s) => $(`#ng-person${s}`, dlg))];
  for (const input of nameInputs) input.maxLength = limits.name_max_len;
  myName.value = settings.name || "";
  myName.placeholder = t("name.0");
  const sels = rows.map((s) => $(`#ng-bot${s}`, dlg));
  const seatsNow = () => games[gameSel.value].seats;
  const isPerson = (k) => k < seatsNow() - 1 && sels[k].value === PERSON;
  /** Names are needed (yours too) and must differ once people play together. */
  const checkNames = () => {
    const any = sels.some((_, k) => isPerson(k));
    myName.required = any;
    checkNamesDiffer(nameInputs, (s) => (s === 0 ? any : isPerson(s - 1)));
  };
  const describers = sels.map((sel, k) => {
    const desc = $(`#ng-bot${k + 1}-desc`, dlg), row = $(`#ng-person${k + 1}-row`, dlg), input = nameInputs[k + 1];
    sel.replaceChildren(...options(levels, personAt(k) ? null : levelAt(k), levelName),
      el("option", { value: PERSON, selected: personAt(k) }, t("new.person")));
    input.value = (personAt(k) && table[k + 1].name) || t(`name.person.${k + 1}`);
    const describe = () => {
      const seated = k < seatsNow() - 1;
      $(`#ng-bot${k + 1}-label`, dlg).textContent = seatLabel(k + 1, seatsNow(), names);
      const botRow = $(`#ng-bot${k + 1}-row`, dlg) ?? sel.closest("label");
      botRow.hidden = !seated;
      row.hidden = !isPerson(k);
      input.required = isPerson(k);
      desc.hidden = !seated;
      desc.textContent = isPerson(k) ? t("new.person.help") : levelDescription(gameSel.value, sel.value);
      checkNames();
    };
    sel.onchange = describe;
    return describe;
  });
  for (const input of nameInputs) input.oninput = checkNames;
  $("#ng-seed", dlg).value = settings.seed || "";
  const practice = $("#ng-practice", dlg);
  if (practice) practice.checked = !!settings.practice;
  // the rule variants (docs/rules*.md): the player's last choice for this game, else its rule book's defaults
  const rulesOf = (id) => ({ ...(games[id]?.rules ?? defaults.rules), ...((id === "mittlere" ? settings.rules : settings.gameRules?.[id]) || {}) });
  const showGame = () => {
    const id = gameSel.value;
    showGameRules(dlg, id, games[id] ?? {}, rulesOf(id));
    for (const describe of describers) describe();
  };
  gameSel.onchange = showGame;
  showGame();
  form.onsubmit = (e) => {
    e.preventDefault();
    dlg.close();
    const id = gameSel.value, g = games[id] ?? {};
    const rules = chosenRules(dlg, g);
    onStart({
      game: id,
      hands: Number(hands.value),
      // one entry per seat (a seat beyond this game's is a bot); a person's seat keeps the level it had, for the next
      // game with a bot there
      seats: [{ kind: "me" }, ...sels.map((sel, k) => {
        const level = sel.value === PERSON ? levelAt(k) : sel.value;
        return isPerson(k) ? { kind: "person", name: nameInputs[k + 1].value.trim(), level } : { kind: "bot", level };
      })],
      name: myName.value.trim(),
      seed: $("#ng-seed", dlg).value.trim(),
      practice: !!practice?.checked,
      ...(id === "mittlere" ? { rules } : { gameRules: { ...(settings.gameRules || {}), [id]: rules } }),
    });
  };
  open(dlg);
  dlg.scrollTop = 0;   // a phone shows the dialog from its title (the focused Start button is at its foot)
}

// ------------------------------------------------------------------------------------------------ hand summary
function resultMarks(n) {
  if (n > 0) return "|".repeat(n);
  if (n < 0) return "○".repeat(-n);
  return "–";
}

function handTable(view, r) {
  const names = view.players.map((p) => p.name);
  const bonus = r.last_trick_bonus_seat;
  const sum = (xs) => xs.reduce((a, b) => a + b, 0);
  return el("table", { class: "summary" },
    el("thead", {}, el("tr", {},
      el("th", { scope: "col", text: t("hand.player") }),
      el("th", { scope: "col", text: t("hand.points") }),
      el("th", { scope: "col", text: t("hand.tricks") }),
      el("th", { scope: "col", text: t("hand.result") }))),
    el("tbody", {}, names.map((name, s) => el("tr", { "data-seat": s, class: r.settlement[s] < 0 ? "neg" : r.settlement[s] > 0 ? "pos" : "" },
      el("th", { scope: "row", text: name }),
      el("td", { "data-field": "points" }, fmtNumber(r.card_points[s]),
        s === bonus ? el("span", { class: "bonus", title: tTable("hand.bonus", s, { name }) }, " (+5)") : null),
      el("td", { "data-field": "tricks", text: r.tricks[s] }),
      el("td", { "data-field": "settlement", "data-value": r.settlement[s] },
        el("span", { class: "chalk-marks", "aria-hidden": "true", text: resultMarks(r.settlement[s]) }),
        " ", el("span", { class: "num", text: signed(r.settlement[s]) }))))),
    el("tfoot", {}, el("tr", {},
      el("th", { scope: "row", text: t("hand.total") }),
      el("td", { "data-field": "points-total", text: fmtNumber(sum(r.card_points)) }),
      el("td", { "data-field": "tricks-total", text: fmtNumber(sum(r.tricks)) }),
      el("td", {}))));
}

const handNotes = [];

/** `note(view)` -> an element (or null) shown under a hand's result (play together: who is ready for the next). */
export function addHandOverNote(note) { handNotes.push(note); }

export function showHandOver({ view, onNext, onSheet }) {
  const nameOf = (s) => view.players[s].name;
  const dlg = $("#dlg-hand");
  const r = view.hand_result;
  $("#hand-title", dlg).textContent = t(gameInfo(view.game).open_ended ? "hand.titleOpen" : "hand.title", { n: r.hand_no, total: view.hands_total });
  const body = $("#hand-body", dlg);
  body.replaceChildren(
    el("p", { class: "case" }, el("strong", { text: t("case.label", { case: t(`case.${r.case}`) }) }), settlementText(r, nameOf)),
    el("p", { class: "trump", text: r.trump ? t("hand.trump", { suit: suitLabel(r.trump) }) : t("hand.noTrump") }),
    r.case === "annulled" ? el("p", { text: t("hand.annulled") }) : handTable(view, r),
    r.last_trick_bonus_seat != null && r.case !== "annulled"
      ? el("p", { class: "bonus-note", text: tTable("hand.bonus", r.last_trick_bonus_seat, { name: nameOf(r.last_trick_bonus_seat) }) }) : null,
    ...handNotes.map((note) => note(view)).filter(Boolean),
  );
  const next = $("#btn-next", dlg);
  next.onclick = () => { dlg.close(); onNext(); };
  $("#btn-hand-sheet", dlg).onclick = () => onSheet();
  open(dlg);
}

// ------------------------------------------------------------------------------------------------ score sheet
function tally(n, mark) {
  // strokes in groups of five for easy counting, zeros in a row
  const groups = [];
  for (let i = 0; i < n; i += 5) groups.push(mark.repeat(Math.min(5, n - i)));
  return groups.join(" ");
}

export function showSheet(view, history) {
  const dlg = $("#dlg-sheet");
  const body = $("#sheet-body", dlg);
  const names = view.players.map((p) => p.name);
  const sc = view.scores;
  // the game's own writing (the engine's hello.games): Plus-Minus writes no zeros and is a race to its target
  const info = gameInfo(view.game), zeros = info.zeros !== false;
  const cols = names.map((name, s) => el("div",
    { class: "chalk-col", "data-seat": s, "data-net": sc.net[s], "data-strokes": sc.strokes[s], "data-zeros": sc.zeros[s] },
    el("h3", { text: name }),
    el("div", { class: "tally strokes", "aria-label": `${t("sheet.strokes")}: ${sc.strokes[s]}`, text: tally(sc.strokes[s], "|") || "·" }),
    zeros ? el("div", { class: "tally zeros", "aria-label": `${t("sheet.zeros")}: ${sc.zeros[s]}`, text: tally(sc.zeros[s], "○") || "·" }) : null,
    el("div", { class: "net" },
      el("span", { class: "lbl sr-only", text: t("sheet.net") + " " }), el("span", { class: "net-value", text: signed(sc.net[s]) }))));
  const rows = (history || []).map((h) => el("tr", { "data-hand": h.hand_no },
    el("th", { scope: "row", text: h.hand_no }),
    names.map((_, s) => el("td", { "data-value": h.settlement[s], text: resultMarks(h.settlement[s]) })),
    el("td", { class: "case", text: t(`case.${h.case}`) })));
  const labels = el("div", { class: "chalk-labels", "aria-hidden": "true" },
    el("span", { class: "corner" }), el("span", { text: t("sheet.strokes") }), zeros ? el("span", { text: t("sheet.zeros") }) : null,
    el("span", { text: t("sheet.net") }));
  body.replaceChildren(
    Number.isInteger(info.target) ? el("p", { class: "race", "data-target": info.target, text: t("sheet.race", { n: info.target }) }) : null,
    el("div", { class: "chalk-cols", "data-seats": names.length, "data-rows": zeros ? 4 : 3 }, labels, cols),
    rows.length
      ? el("table", { class: "chalk-hands" },
        el("thead", {}, el("tr", {}, el("th", { scope: "col", text: t("sheet.hand") }), names.map((n) => el("th", { scope: "col", text: n })),
          el("th", { scope: "col", text: t("sheet.case") }))),
        el("tbody", {}, rows))
      : el("p", { class: "empty", text: t("sheet.empty") }),
    el("p", { class: "legend", text: t("sheet.legend") }),
  );
  open(dlg);
}

// ------------------------------------------------------------------------------------------------ game over
const overNotes = [];
/** Something more to say under the game's result (a shared deal's comparison, saves/save.js): `note(view)` gives a
 *  node, or null when it has nothing to say. */
export function addGameOverNote(note) { overNotes.push(note); }

export function showGameOver({ view, onNew, onSheet }) {
  const dlg = $("#dlg-over");
  const names = view.players.map((p) => p.name);
  const net = view.scores.net;
  const winners = view.winners || [];
  const order = names.map((_, s) => s).sort((a, b) => net[b] - net[a] || a - b);
  const winNames = joinNames(winners.map((s) => names[s]));
  const mine = winners.find((s) => s === youSeat()), others = joinNames(winners.filter((s) => s !== mine).map((s) => names[s]));
  $("#over-body", dlg).replaceChildren(
    el("p", { class: "winner", text: winners.length > 1 ? tYou("over.winners", mine != null, { names: mine != null ? others : winNames })
      : tTable("over.winner", winners[0], { names: winNames }) }),
    el("table", { class: "standings" },
      el("thead", {}, el("tr", {}, el("th", { text: t("over.rank") }), el("th", { text: t("hand.player") }), el("th", { text: t("over.net") }))),
      el("tbody", {}, order.map((s) => {
        const rank = 1 + order.filter((o) => net[o] > net[s]).length;
        return el("tr", { "data-seat": s, class: winners.includes(s) ? "win" : "" },
          el("td", { text: rank }), el("th", { scope: "row", text: (winners.includes(s) ? "★ " : "") + names[s] }),
          el("td", { class: "net-value", text: signed(net[s]) }));
      }))),
    ...overNotes.map((note) => note(view)).filter(Boolean));
  $("#btn-over-new", dlg).onclick = () => { dlg.close(); onNew(); };
  $("#btn-over-sheet", dlg).onclick = () => onSheet();
  open(dlg);
}

export function fillSpeedSelect(sel, current) {
  sel.replaceChildren(...SPEED_NAMES.map((s) => el("option", { value: s, selected: s === current }, t(`speed.${s}`))));
}
