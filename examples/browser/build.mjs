// Bundles the page: examples/browser/src/main.ts → examples/browser/dist/main.js, and copies index.html beside it.
// `node examples/browser/build.mjs`, then serve examples/browser/dist/ (any static server) and open it with
// `?rpc=<RPC URL>` (for example the one `pnpm devnet` prints).
import { copyFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));

/** Builds the page into `outdir` (default `examples/browser/dist`); returns the bundle's size in bytes. */
export async function buildBrowserExample(outdir = join(here, "dist")) {
  mkdirSync(outdir, { recursive: true });
  const result = await build({
    entryPoints: [join(here, "src/main.ts")],
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
  copyFileSync(join(here, "index.html"), join(outdir, "index.html"));
  return Object.values(result.metafile.outputs).reduce((total, output) => total + output.bytes, 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const bytes = await buildBrowserExample();
  console.log(`examples/browser/dist: main.js ${(bytes / 1024).toFixed(1)} KB (minified)`);
}
