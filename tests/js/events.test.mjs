// The one way to listen (web/js game/events.js): every subscriber hears every event, in order, until it leaves.
import assert from "node:assert/strict";
import { test } from "node:test";
import { load } from "./web.mjs";

const { Emitter } = await load("events");

test("every subscriber is called, in the order they subscribed, with the event's arguments", () => {
  const e = new Emitter(), heard = [];
  e.on("applied", (evs, n) => heard.push(["a", evs, n]));
  e.on("applied", (evs) => heard.push(["b", evs]));
  e.on("settled", () => heard.push(["other"]));
  e.emit("applied", ["x"], 2);
  assert.deepEqual(heard, [["a", ["x"], 2], ["b", ["x"]]]);
});

test("unsubscribing stops one listener only; an event nobody listens to is fine", () => {
  const e = new Emitter(), heard = [];
  const off = e.on("newGame", () => heard.push(1));
  e.on("newGame", () => heard.push(2));
  off();
  e.emit("newGame");
  e.emit("nobody");
  assert.deepEqual(heard, [2]);
});

test("a listener that subscribes or leaves while an event is delivered does not disturb that delivery", () => {
  const e = new Emitter(), heard = [];
  const offs = [];
  e.on("x", () => { heard.push("a"); offs[0]?.(); e.on("x", () => heard.push("late")); });
  offs.push(e.on("x", () => heard.push("b")));
  e.emit("x");
  assert.deepEqual(heard, ["a", "b"], "this delivery goes to the subscribers it started with");
  e.emit("x");
  assert.deepEqual(heard, ["a", "b", "a", "late"]);
});
