// Bundles the page: examples/budget-grant/src/main.ts → dist/main.js, with index.html beside it. Serve the folder
// and open it with `?rpc=<RPC URL>` (for example the one `pnpm devnet` prints).
import { copyFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));

/** Builds the page into `outdir` (default `examples/budget-grant/dist`); returns the bundle's size in bytes. */
export async function buildBudgetGrantExample(outdir = join(here, "dist")) {
  mkdirSync(outdir, { recursive: true });
  const result = await build({
    entryPoints: [join(here, "src/main.ts")],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    outfile: join(outdir, "main.js"),
    logLevel: "error",
    metafile: true,
  });
  copyFileSync(join(here, "index.html"), join(outdir, "index.html"));
  return Object.values(result.metafile.outputs).reduce((total, output) => total + output.bytes, 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const bytes = await buildBudgetGrantExample();
  console.log(`examples/budget-grant/dist: main.js ${(bytes / 1024).toFixed(1)} KB (minified)`);
}
