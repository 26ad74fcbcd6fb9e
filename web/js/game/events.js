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
   * @returns {() => void} unsubscribes
   */
  on(name, fn) {
    if (!this.listeners.has(name)) this.listeners.set(name, new Set());
    this.listeners.get(name).add(fn);
    return () => this.listeners.get(name)?.delete(fn);
  }

  /** Call every subscriber of `name` with `args`. */
  emit(name, ...args) {
    for (const fn of [...(this.listeners.get(name) ?? [])]) fn(...args);
  }
}
