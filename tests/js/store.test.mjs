// The UI's model (web/js store): built from the engine's view only, never sharing its arrays.
import assert from "node:assert/strict";
import { test } from "node:test";
import { load } from "./web.mjs";

const { modelFromView, copyModel, emptyModel, store, viewerSeat, isViewer, people, nextPerson, youSeat } = await load("store");

const VIEW = {
  phase: "play", players: [{ name: "You", bot: null }, { name: "Right", bot: "normal" }, { name: "Left", bot: "hard" }],
  hand: ["SA", "H10", "D6"], legal: ["SA", "H10"], counts: [3, 4, 4],
  trick: { leader: 1, cards: [{ seat: 1, card: "S7" }], winning_seat: 1 }, trump: null, trump_fixed_by: null,
  tricks_won: [3, 2, 3], points_taken: [40, 12, 55], scores: { net: [1, -2, 0] }, hand_no: 2, hands_total: 12,
  last_trick: { leader: 0, cards: [], winner: 2 }, to_play: 0, dealer: 0,
};

test("the model says what the view says", () => {
  const m = modelFromView(VIEW);
  assert.equal(m.phase, "play");
  assert.deepEqual(m.hand, ["SA", "H10", "D6"]);
  assert.deepEqual([...m.legal], ["SA", "H10"]);
  assert.ok(m.legal instanceof Set);
  assert.deepEqual(m.trick, [{ seat: 1, card: "S7" }]);
  assert.equal(m.winningSeat, 1);
  assert.deepEqual(m.net, [1, -2, 0]);
  assert.deepEqual(m.pointsTaken, [40, 12, 55]);
  assert.equal(m.toPlay, 0);
  assert.equal(m.handNo, 2);
  assert.equal(m.handsTotal, 12);
  assert.equal(m.dealer, 0);
});

test("the model keeps no reference into the view", () => {
  const v = structuredClone(VIEW);
  const m = modelFromView(v);
  v.hand.push("CA"); v.players[0].name = "X"; v.trick.cards[0].card = "SK"; v.scores.net[0] = 99; v.counts[0] = 0;
  assert.deepEqual(m.hand, ["SA", "H10", "D6"]);
  assert.equal(m.players[0].name, "You");
  assert.equal(m.trick[0].card, "S7");
  assert.equal(m.net[0], 1);
  assert.equal(m.counts[0], 3);
});

test("no trick, no legal cards, no points yet: empty defaults; toPlay only while playing", () => {
  const m = modelFromView({ ...VIEW, phase: "hand-over", trick: null, legal: undefined, points_taken: undefined });
  assert.deepEqual(m.trick, []);
  assert.equal(m.winningSeat, null);
  assert.equal(m.legal.size, 0);
  assert.deepEqual(m.pointsTaken, [0, 0, 0]);
  assert.equal(m.toPlay, null, "nobody is to play once the hand is over");
});

test("a copy of the model is deep: an animation scene never writes the model", () => {
  const m = modelFromView(VIEW);
  const c = copyModel(m);
  c.hand.pop(); c.legal.clear(); c.trick.push({ seat: 2, card: "SK" }); c.tricksWon[0]++; c.net[1] = 5;
  c.players[1].name = "Z"; c.counts[2] = 0; c.pointsTaken[0] = 0;
  assert.deepEqual(m.hand, ["SA", "H10", "D6"]);
  assert.equal(m.legal.size, 2);
  assert.equal(m.trick.length, 1);
  assert.equal(m.tricksWon[0], 3);
  assert.equal(m.net[1], -2);
  assert.equal(m.players[1].name, "Right");
  assert.equal(m.counts[2], 4);
  assert.equal(m.pointsTaken[0], 40);
});

test("the empty model: nothing on the table", () => {
  const e = emptyModel();
  assert.equal(e.phase, "none");
  assert.deepEqual(e.hand, []);
  assert.equal(e.toPlay, null);
  assert.notEqual(emptyModel().hand, e.hand, "a new model each time");
});

test("the viewer, the people at the device, who plays next and who is 'you' in what everyone reads", () => {
  const players = (...kinds) => kinds.map((kind) => ({ name: kind, bot: kind === "bot" ? "normal" : null, kind }));
  const saved = { hello: store.hello, view: store.view };
  try {
    store.hello = { human_seat: 0 };
    store.view = null;
    assert.equal(viewerSeat(), 0, "before any view: the owner");
    store.view = { phase: "play", viewer: 0, to_play: 1, players: players("me", "bot", "bot") };
    assert.deepEqual(people(), [0]);
    assert.equal(nextPerson(store.view), 0, "bots at seats 1 and 2 play first");
    assert.equal(youSeat(), 0, "alone at the device: the results say 'you'");
    store.view = { phase: "play", viewer: 1, to_play: 2, players: players("me", "person", "bot") };
    assert.equal(viewerSeat(), 1);
    assert.ok(isViewer(1) && !isViewer(0) && !isViewer(null));
    assert.deepEqual(people(), [0, 1]);
    assert.equal(nextPerson(store.view), 0, "after the bot at seat 2: the owner");
    assert.equal(nextPerson({ ...store.view, to_play: 1 }), 1);
    assert.equal(nextPerson({ ...store.view, phase: "hand-over" }), null);
    assert.equal(youSeat(), null, "a table of people: the results name everyone");
  } finally {
    Object.assign(store, saved);
  }
});
