// User-visible strings (one table per language) and card/suit names. Rules come from the engine, not from here.
const STRINGS = {
  en: {
    title: "Mittlere Jass",
    "btn.new": "New game",
    "btn.sheet": "Score sheet",
    "btn.last": "Last trick",
    "btn.hint": "Hint",
    "btn.next": "Next hand",
    "btn.start": "Start game",
    "btn.cancel": "Cancel",
    "btn.close": "Close",
    "btn.retry": "Retry",
    "speed.label": "Speed",
    "speed.slow": "Slow",
    "speed.normal": "Normal",
    "speed.fast": "Fast",
    "speed.instant": "Instant",
    "loading.title": "Mittlere Jass",
    "loading.download": "Downloading the Python runtime… {done} of {total} MB",
    "loading.engine": "Starting the game engine…",
    "loading.python": "Starting Python…",
    "loading.ready": "Dealing…",
    "loading.start": "Starting…",
    "loading.failed": "The game could not be loaded.",
    "loading.failedHelp": "Check that the page is served over http(s) from the built dist/ folder, then try again.",
    "new.title": "New game",
    "new.hands": "Hands per game",
    "new.bot": "{name} (seat {seat})",
    "new.seed": "Seed (optional, for a reproducible deal)",
    "new.seedPlaceholder": "random",
    "hand.title": "Hand {n} of {total}",
    "hand.player": "Player",
    "hand.points": "Card points",
    "hand.tricks": "Tricks",
    "hand.result": "Result",
    "hand.trump": "Trump: {suit}",
    "hand.noTrump": "No trump was fixed",
    "hand.annulled": "The hand was annulled and will be dealt again.",
    "case.match": "Match",
    "case.no_trick": "No trick",
    "case.hundred": "100 or more",
    "case.no_trick_and_hundred": "No trick and 100 or more",
    "case.ranking": "Middle loses",
    "case.tie": "Tie",
    "case.annulled": "Annulled",
    "sheet.title": "Score sheet",
    "sheet.strokes": "Strokes",
    "sheet.zeros": "Zeros",
    "sheet.net": "Net",
    "sheet.hand": "Hand",
    "sheet.empty": "No hand finished yet.",
    "sheet.legend": "| = stroke (+1)   ○ = zero (−1)",
    "over.title": "Game over",
    "over.rank": "#",
    "over.net": "Net",
    "over.winner": "{names} won the game.",
    "over.winners": "{names} share the win.",
    "seat.cards": "{n} cards",
    "seat.tricks": "{n} tricks",
    "seat.trick1": "1 trick",
    "seat.pointsShort": "{n} pts",
    "seat.net": "net {n}",
    "seat.dealer": "Dealer",
    "hud.trump": "Trump",
    "hud.noTrump": "not fixed yet",
    "hud.fixedBy": "fixed by {name}",
    "hud.hand": "Hand {n} / {total}",
    "hud.yourTurn": "Your turn",
    "hud.turn": "{name} to play",
    "peek.title": "Last trick — {name} won {points}",
    "peek.none": "No trick played yet",
    "log.dealt": "Hand {n} of {total}: {dealer} deals, {leader} leads.",
    "log.redeal": "The hand is dealt again.",
    "log.played": "{name} plays {card}.",
    "log.won": "{name} wins the trick ({points} points).",
    "log.hand": "Hand {n} over: {result}.",
    "log.yourTurn": "Your turn.",
    "msg.notYourTurn": "Please wait: it is {name}'s turn.",
    "msg.wait": "One moment: the cards are still moving.",
    "btn.settings": "Settings",
    "settings.title": "Settings",
    "settings.deck": "Cards",
    "settings.deck.help": "Swiss-German pack (Rosen, Schellen, Schilten, Eicheln) or French pack (hearts, spades…).",
    "settings.deck.auto": "Automatic (by language)",
    "settings.deck.swiss": "Swiss-German pack",
    "settings.deck.french": "French pack",
    "settings.speed.help": "How fast the cards move and the other players play.",
    "settings.motion": "Motion",
    "settings.motion.help": "Reduced: cards appear and fade instead of flying across the table.",
    "settings.motion.auto": "As the system says",
    "settings.motion.reduced": "Reduced",
    "settings.motion.full": "Full",
    "settings.sound": "Sound effects",
    "settings.sound.help": "Soft sounds when a card is played, a trick is taken, trump is fixed and a hand ends.",
    "settings.vibrate": "Vibrate on your turn",
    "settings.vibrate.help": "A short buzz when it is your turn (phones that can vibrate).",
    "settings.livePoints": "Show card points",
    "settings.livePoints.help": "Each player's card points of this hand, on the name plates, as you play.",
    "settings.autoForced": "Play forced cards for me",
    "settings.autoForced.help": "When only one of your cards may be played, it is played after a short pause.",
    "settings.tapRaise": "Tap to raise, tap again to play",
    "settings.tapRaise.help": "The first tap raises a card, a second tap (or a swipe up) plays it; off: one tap plays.",
    "msg.hint": "Hint: {card}. {reason}",
    "msg.engineError": "The engine reported a problem: {message}",
    "msg.engineRestarting": "The game engine stopped. Restarting it…",
    "msg.engineRestarted": "The game engine was restarted; your game goes on from where it was.",
    "msg.engineGaveUp": "The game engine stopped and could not be restarted ({reason}).",
    "msg.settingsReset": "Your settings could not be used ({reason}); a game with the default settings was started.",
    "btn.result": "Result",
    "btn.resetSettings": "Reset settings",
    "aria.table": "Card table",
    "aria.hand": "Your hand",
    "aria.card": "{card}",
    "aria.cardIllegal": "{card} (cannot be played now)",
    "points": "{n} points",
    "event.trumpFixed": "{suit} is trump — fixed by {name}",
    "mirror.seat": "{name}: net {net}, {points} card points, {tricks} tricks this hand",
    "mirror.trick": "On the table: {cards}",
    "mirror.noTrick": "No card on the table",
    "deck.idx.J": "J",
    "deck.idx.Q": "Q",
    "deck.idx.K": "K",
    "deck.idx.A": "A",
    "deck.idxSwiss.J": "U",
    "deck.idxSwiss.Q": "O",
    "deck.idxSwiss.K": "K",
    "deck.idxSwiss.A": "A",
    "save.notSaving": "This browser does not let the game be saved: it goes on, but a reload will lose it.",
    "save.download": "Download it",
    "save.discard": "Discard and start a new game",
    "save.bad.title": "Your saved game cannot be resumed",
    "save.bad.help": "You can download the saved game (to keep it or to report a problem), then start a new game.",
    "save.bad.size": "The saved game is far too large to be one of ours.",
    "save.bad.json": "The saved game is damaged (it is not readable JSON).",
    "save.bad.format": "The stored data is not a saved Mittlere Jass game.",
    "save.bad.version": "The saved game comes from an incompatible version of the app (format {version}).",
    "save.bad.shape": "The saved game is damaged (parts of it are missing or wrong).",
    "save.bad.engine": "The game engine could not replay the saved game: {reason}",
    "tabs.title": "Open in another tab",
    "tabs.elsewhere": "This game is open in another tab. Play it here instead? The other tab will stop.",
    "tabs.takeOver": "Play here",
    "tabs.lost": "The game moved to another tab, where it goes on.",
    "tabs.takeBack": "Play here again",
    "btn.games": "Games",
    "btn.review": "Review hand",
    "review.title": "Hand review",
    "review.seat": "Seat {n}",
    "review.handOf": "Hand {n} ({total} in this record)",
    "review.dealer": "Dealer: {name}",
    "review.trump": "Trump {suit}, fixed by {name} in trick {trick}",
    "review.noTrump": "No trump was fixed in this hand",
    "review.deal": "The deal: all three hands, face up. {name} leads the first trick.",
    "review.running": "{points} points, {tricks} tricks",
    "review.card": "{card} ({name})",
    "review.trickNo": "Trick {k} of {n}:",
    "review.trick": "{cards} — {name} wins {points} points.",
    "review.lastBonus": "(5 of them for the last trick)",
    "review.points": "{n} card points",
    "review.tricks": "{n} tricks",
    "review.prev": "◀ Trick",
    "review.next": "Trick ▶",
    "review.prevHand": "◀ Hand",
    "review.nextHand": "Hand ▶",
    "review.download": "Download hand",
    "import.tooLarge": "That file is too large to be a game record (at most 1 MB).",
    "import.tooDeep": "That file is nested far too deeply to be a game record.",
    "import.notJson": "That file is not JSON.",
    "import.notRecord": "That file holds no hand record.",
    "import.unreadable": "That file could not be read.",
    "import.version": "That game file comes from an incompatible version of the app.",
    "import.invalid": "That record is not valid: {reason}",
    "games.title": "Games",
    "games.current": "This game",
    "games.download": "Download the game",
    "games.downloadShort": "Download",
    "games.review": "Review",
    "games.import": "Open a record",
    "games.importPick": "Hand or game file (JSON):",
    "games.importDrop": "You can also drop a file anywhere on the page.",
    "games.stats": "Statistics",
    "games.history": "History",
    "games.reset": "Reset statistics",
    "games.resetConfirm": "Delete the history and statistics of every game? This cannot be undone.",
    "stats.bots": "Bots",
    "stats.games": "Games",
    "stats.wins": "Won",
    "stats.mean": "Strokes per hand",
    "stats.none": "No games yet.",
    "stats.hands": "{n} hands: in the middle {middle}, no trick {noTrick}, 100 or more {over100}, match {match}.",
    "stats.chartGame": "Net score, hand by hand (latest game)",
    "stats.chartGames": "Final net score of recent games",
    "history.empty": "No finished or abandoned games yet.",
    "history.date": "Date",
    "history.hands": "Hands",
    "history.result": "Result",
    "history.won": "won ({net})",
    "history.lost": "lost ({net})",
    "history.abandoned": "abandoned ({net})",
    "share.link": "Link to this deal:",
    "share.copy": "Copy link",
    "share.copied": "Link copied.",
    "share.title": "A shared deal",
    "share.ask": "This link deals a shared game. Play it now instead of your game in progress (which then ends)?",
    "share.play": "Play the shared deal",
    "share.keep": "Keep my game",
    "share.bad": "The shared link is not valid; your game goes on.",
    "btn.undo": "Undo",
    "new.practice": "Practice game (undo allowed)",
    "undo.done": "Your last card and the cards after it were taken back.",
    "undo.failed": "The card could not be taken back.",
    "history.undo": "(with undo)",
    "share.compare": "On the same cards — you: {you}, your friend: {friend}.",
  },
};

const SUIT_NAMES = { en: { S: "spades", H: "hearts", D: "diamonds", C: "clubs" } };
const RANK_NAMES = {
  en: { A: "Ace", K: "King", Q: "Queen", J: "Jack", 10: "Ten", 9: "Nine", 8: "Eight", 7: "Seven", 6: "Six" },
};
export const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };

let lang = "en";

export function setLanguage(code) {
  lang = STRINGS[code] ? code : "en";
  document.documentElement.lang = lang;
}

export function t(key, params = {}) {
  const table = STRINGS[lang] || STRINGS.en;
  const s = table[key] ?? STRINGS.en[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}

export function cardSuit(code) { return code[0]; }
export function cardRank(code) { return code.slice(1); }

/** "♠A" short label and "Ace of spades" long name. */
export function cardShort(code) { return SUIT_SYMBOL[cardSuit(code)] + cardRank(code); }
export function cardName(code) {
  const r = (RANK_NAMES[lang] || RANK_NAMES.en)[cardRank(code)] || cardRank(code);
  const s = (SUIT_NAMES[lang] || SUIT_NAMES.en)[cardSuit(code)] || cardSuit(code);
  return `${r} of ${s}`;
}
export function suitLabel(suit) { return `${SUIT_SYMBOL[suit]} ${(SUIT_NAMES[lang] || SUIT_NAMES.en)[suit]}`; }

/** Fill every [data-i18n] element's text (and [data-i18n-aria] aria-label). */
export function applyI18n(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-aria]")) el.setAttribute("aria-label", t(el.dataset.i18nAria));
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) el.placeholder = t(el.dataset.i18nPlaceholder);
}

/** +2 / −1 / 0 with a real minus sign. */
export function signed(n) { return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0"; }

/** "♦ is trump — fixed by Right" */
export function trumpFixedText(suit, name) { return t("event.trumpFixed", { suit: SUIT_SYMBOL[suit] ?? suit, name }); }

/** The sentence that explains a hand's settlement. */
export function settlementText(r, _nameOf) {
  return r.explanation ?? "";
}

/** The sentence for an engine refusal or error ({code, params}). */
export function refusalText(error) {
  if (!error) return "";
  return error.message ?? error.code ?? "";
}
