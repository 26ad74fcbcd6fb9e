// The type of web/js/build-info.js, which build.py writes into dist/ (`export const BUILD = {...}`, see its `info`
// dict and tools/lab_assets.py build_lab()); the type checker finds this file there through jsconfig's rootDirs.

/** The bot lab's files (dist/lab/), never precached. */
export interface LabBuildInfo {
  wheel: string;
  wheelBytes: number;
  stdlib: string;
  micropip: string;
  micropipVersion: string;
  index: string;
  origins: string[];
  csp: string;
}

export interface BuildInfo {
  /** "../pyodide/<version>/": the runtime's directory, relative to app-<hash>/ */
  pyodide: string;
  /** "../engine/<wheel>": the engine's wheel */
  wheel: string;
  pyodideVersion: string;
  engineVersion: string;
  /** the trimmed standard library's file name (.zip, or .zip.zst) */
  stdlib: string;
  stdlibZipBytes: number;
  /** pyodide.asm.wasm.zst or its gzip fallback */
  wasm: string;
  /** pyodide.asm.mjs.zst or its gzip fallback */
  asm: string;
  /** byte sizes of the downloads the loading screen counts */
  sizes: Record<string, number>;
  lab: LabBuildInfo;
  /** app-<hash> */
  app: string;
}

export const BUILD: BuildInfo;
