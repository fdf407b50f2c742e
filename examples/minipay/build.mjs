// Bundles the page: examples/minipay/src/main.ts → examples/minipay/dist/main.js, and copies index.html beside it.
// `node examples/minipay/build.mjs` (or `pnpm --filter preflow-examples build`), then serve examples/minipay/dist/ (any static server) and open it with
// `?rpc=<RPC URL>` (for example the one `pnpm devnet` prints).
import { copyFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));

/** Builds the page into `outdir` (default `examples/minipay/dist`); returns the bundle's size in bytes. */
export async function buildMiniPayExample(outdir = join(here, "dist")) {
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
  const bytes = await buildMiniPayExample();
  console.log(`examples/minipay/dist: main.js ${(bytes / 1024).toFixed(1)} KB (minified)`);
}
