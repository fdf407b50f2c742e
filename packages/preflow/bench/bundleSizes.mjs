// Bundles each public entry of `preflow` (as an app's bundler would, dependencies included) and reports its
// size minified and gzipped, and which heavy packages it pulls in. Used by `pnpm bench` and by the test that
// keeps permissionless out of `preflow`.
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const ENTRIES = {
  preflow: 'export * from "preflow";',
  "preflow/aa": 'export * from "preflow/aa";',
  "preflow: createSdkClient + appendSdkCalldataTag only":
    'export { createSdkClient, appendSdkCalldataTag } from "preflow";',
  "@preflow/attribution: checkAttributionInCalldata only":
    'export { checkAttributionInCalldata } from "@preflow/attribution";',
};

/** Measures every entry; `resolveDir` must resolve `preflow` and `@preflow/attribution`. */
export async function measureEntries(resolveDir) {
  const rows = [];
  for (const [name, contents] of Object.entries(ENTRIES)) {
    const result = await build({
      stdin: { contents, resolveDir, loader: "js" },
      bundle: true,
      minify: true,
      write: false,
      metafile: true,
      format: "esm",
      platform: "browser",
      logLevel: "silent",
    });
    const code = result.outputFiles[0].contents;
    const inputs = Object.keys(result.metafile.inputs);
    const has = (pkg) => inputs.some((input) => input.includes(`node_modules/${pkg}/`));
    rows.push({
      entry: name,
      minifiedKB: +(code.length / 1024).toFixed(1),
      gzippedKB: +(gzipSync(code).length / 1024).toFixed(1),
      permissionless: has("permissionless"),
      viem: has("viem"),
    });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await measureEntries(new URL("..", import.meta.url).pathname);
  console.log("Bundle sizes (esbuild, minified; gzip level 9 of the minified output)");
  console.table(rows);
  const [full, aa] = rows;
  console.log(`preflow/aa is ${(aa.gzippedKB / full.gzippedKB).toFixed(2)}x the size of preflow (gzipped)`);
}
