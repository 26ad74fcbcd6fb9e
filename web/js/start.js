// @ts-check
// The page's entry: the loading screen (static HTML and CSS) is painted first, then the app's modules are evaluated
// (main.js and everything it imports; they are fetched meanwhile: index.html preloads them). Evaluated at once, they
// came before the first paint whenever they had arrived first (a slow phone's main thread: 60-100 ms). The engine
// worker does not wait for this: engine/early.js starts it. A page opened in a background tab paints no frame, so it
// starts the app at once; a page hidden after it asked for its frame, or given none for a second, starts it then.
let started = false;
const start = () => {
  if (started) return;
  started = true;
  import("./main.js");
};
if (document.visibilityState === "hidden") start();
else {
  requestAnimationFrame(() => setTimeout(start, 0));
  document.addEventListener("visibilitychange", start, { once: true });
  setTimeout(start, 1000);
}
