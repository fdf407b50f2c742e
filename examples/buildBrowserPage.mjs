// Bundles one of the examples' browser pages: <page>/src/main.ts → <outdir>/main.js (minified ESM for the browser),
// with <page>/index.html copied beside it. Serve the folder and open it with `?rpc=<RPC URL>` (for example the one
// `pnpm devnet` prints). Each page's build.mjs names its folder.
import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";

/** Builds the page in `pageDir` into `outdir` (default `<pageDir>/dist`); returns the bundle's size in bytes. */
export async function buildBrowserPage(pageDir, outdir = join(pageDir, "dist")) {
  mkdirSync(outdir, { recursive: true });
  const result = await build({
    entryPoints: [join(pageDir, "src/main.ts")],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    outfile: join(outdir, "main.js"),
    // "error": core's dist has bare chunk imports that esbuild reports (and drops) under "sideEffects": false.
    logLevel: "error",
    metafile: true,
  });
  copyFileSync(join(pageDir, "index.html"), join(outdir, "index.html"));
  return Object.values(result.metafile.outputs).reduce((total, output) => total + output.bytes, 0);
}
