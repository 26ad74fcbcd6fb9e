// @ts-check
// One way to listen: a small event emitter. The controller and the renderer are emitters; other modules subscribe
// with `on(name, fn)` (every subscriber is called, in the order they subscribed) instead of setting a callback slot
// or wrapping a method.

export class Emitter {
  constructor() {
    /** @type {Map<string, Set<Function>>} */
    this.listeners = new Map();
  }

  /**
   * Call `fn(...args)` on every `emit(name, ...args)` from now on.
   * @param {string} name
   * @param {Function} fn
   * @returns {() => void} unsubscribes
   */
  on(name, fn) {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, (set = new Set()));
    set.add(fn);
    return () => { this.listeners.get(name)?.delete(fn); };
  }

  /** Call every subscriber of `name` with `args`.
   * @param {string} name
   * @param {...unknown} args */
  emit(name, ...args) {
    for (const fn of [...(this.listeners.get(name) ?? [])]) fn(...args);
  }
}
