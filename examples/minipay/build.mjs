// Bundles the page: examples/minipay/src/main.ts → examples/minipay/dist/main.js, and copies index.html beside it.
// `node examples/minipay/build.mjs` (or `pnpm --filter preflow-examples build`), then serve examples/minipay/dist/ (any
// static server) and open it with `?rpc=<RPC URL>` (for example the one `pnpm devnet` prints).
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildBrowserPage } from "../buildBrowserPage.mjs";

const here = dirname(fileURLToPath(import.meta.url));

/** Builds the page into `outdir` (default `examples/minipay/dist`); returns the bundle's size in bytes. */
export function buildMiniPayExample(outdir = join(here, "dist")) {
  return buildBrowserPage(here, outdir);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const bytes = await buildMiniPayExample();
  console.log(`examples/minipay/dist: main.js ${(bytes / 1024).toFixed(1)} KB (minified)`);
}
