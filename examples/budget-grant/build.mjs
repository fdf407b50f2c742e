// Bundles the page: examples/budget-grant/src/main.ts → examples/budget-grant/dist/main.js, and copies index.html beside it.
// `node examples/budget-grant/build.mjs` (or `pnpm --filter preflow-examples build`), then serve examples/budget-grant/dist/ (any
// static server) and open it with `?rpc=<RPC URL>` (for example the one `pnpm devnet` prints).
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildBrowserPage } from "../buildBrowserPage.mjs";

const here = dirname(fileURLToPath(import.meta.url));

/** Builds the page into `outdir` (default `examples/budget-grant/dist`); returns the bundle's size in bytes. */
export function buildBudgetGrantExample(outdir = join(here, "dist")) {
  return buildBrowserPage(here, outdir);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const bytes = await buildBudgetGrantExample();
  console.log(`examples/budget-grant/dist: main.js ${(bytes / 1024).toFixed(1)} KB (minified)`);
}
