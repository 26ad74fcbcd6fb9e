// The page's modules as one file (build time, in Node, with the pinned esbuild from .cache/npm):
//   node tools/bundle.mjs <esbuild module dir> <app dir> <out.json> <shared modules, comma-separated, relative to js/>
// <app dir> is dist/app-<hash>/ as build.py wrote it (each module minified on its own). js/main.js and everything it
// imports becomes one js/main.js, in place; the page then asks for ~8 files instead of ~60. Over HTTP/1.1 (six
// connections a host) the ~55 module preloads took ~0.5 s at 20 Mbit/s and 40 ms, and the runtime's downloads waited
// behind them (docs/web.md, "One file for the page's modules").
//
// Kept as modules of their own (the shared ones: build.py's BUNDLE_SHARED), imported by the bundle by URL
// (`external`), so that the page holds one instance each:
//   * engine/early.js: index.html runs it as its own script, and it holds the engine worker it started;
//   * i18n/i18n.js and what it imports (game/store.js, i18n/names.js): the bot lab (lab/, loaded on demand, not
//     bundled) and offline/sw-register.js import them too, and they hold the language and the game's view;
//   * anything outside js/ (the lab), reached by a dynamic import.
// A bare import (an npm package: uqr, for peer/qr.js) comes from .cache/npm, the install of package-lock.json beside
// the esbuild in use, never from a node_modules the walk up from dist/ might find (the repository's, for eslint).
// Every external path is written relative to js/, where the bundle is; a bundled module that reads import.meta.url
// gets its own URL instead (the bundle's URL and a relative path). The catalogs (i18n/locales/*.js) stay files: i18n.js
// imports them by URL. Writes <out.json>: {"inputs": [...]} (the modules now inside the bundle, relative to js/).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [esbuildDir, appDir, outFile, shared] = process.argv.slice(2);
const esbuild = await import(pathToFileURL(path.join(esbuildDir, "lib", "main.js")).href);
const js = path.resolve(appDir, "js");
const SHARED = new Set(shared.split(","));
const npmDir = path.resolve(esbuildDir, "..", "..");   // .cache/npm: its node_modules holds the esbuild in use
const bare = (spec) => !spec.startsWith(".") && !spec.startsWith("/");
const fromJs = (p) => path.relative(js, p).split(path.sep).join("/");
const relSpec = (p) => { const r = fromJs(p); return r.startsWith("../") ? r : `./${r}`; };

const plugin = {
  name: "jass-page",
  setup(b) {
    b.onResolve({ filter: /.*/ }, (a) => {
      if (a.kind === "entry-point" || a.resolveDir === npmDir || a.importer.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      if (bare(a.path)) return b.resolve(a.path, { kind: a.kind, resolveDir: npmDir });
      const p = path.resolve(a.resolveDir, a.path);
      if (SHARED.has(fromJs(p)) || fromJs(p).startsWith("../")) return { path: relSpec(p), external: true };
      return undefined;
    });
    b.onLoad({ filter: /\.js$/ }, (a) => {
      let src = fs.readFileSync(a.path, "utf8");
      if (src.includes("import.meta.url")) {
        src = src.replaceAll("import.meta.url", `new URL(${JSON.stringify(relSpec(a.path))}, import.meta.url).href`);
      }
      return { contents: src, loader: "js" };
    });
  },
};

const result = await esbuild.build({
  entryPoints: [path.join(js, "main.js")], bundle: true, format: "esm", write: false, metafile: true,
  outfile: path.join(js, "main.js"), allowOverwrite: true, target: "es2022", charset: "utf8", legalComments: "none",
  minifyWhitespace: true, minifySyntax: true, plugins: [plugin], logLevel: "warning",
});
const [out] = result.outputFiles;
fs.writeFileSync(path.join(js, "main.js"), out.contents);
const inputs = Object.keys(result.metafile.inputs).map((p) => fromJs(path.resolve(p)));
fs.writeFileSync(outFile, JSON.stringify({ inputs: inputs.sort(), bytes: out.contents.length }));
console.log(`${inputs.length} modules in js/main.js (${out.contents.length} bytes)`);
