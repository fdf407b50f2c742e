// Bundles each public entry of `preflow` (as an app's bundler would: esbuild, browser platform, minified,
// dependencies included) and reports its size minified and gzipped, with viem's own clients as peers measured the
// same way in the same run. Used by `pnpm bench` and by the test that holds the budgets and keeps permissionless,
// agent identity and `node:` imports out of `preflow`.
//
// Two figures per entry:
// - `initial`: what a page loads up front. Dynamic `import()`s (preflow's ENS normalization and Ethereum resolver,
//   viem's CCIP-Read and error decoders) stay out, as every code-splitting bundler (Vite, Rollup, webpack,
//   esbuild --splitting) fetches them on first use.
// - `all`: everything, dynamic imports inlined (esbuild without code splitting).
// - `split`: what a page built with code splitting (esbuild --splitting, as Vite, Rollup and webpack split) fetches
//   before its first call: the entry and every chunk it imports statically, each gzipped on its own as a server
//   sends it. esbuild puts a module that is both statically reachable from the page and loaded lazily by some
//   chunk into a shared chunk the page imports, so this is the figure that shows lazy code leaking into a page.
//   What the page fetches when it runs its operation is measured in Chromium by bench/browserBytes.mjs.
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

/** Budgets in KB (min+gz, `initial`), checked by test/bundle.test.ts. */
export const BUDGETS_KB = {
  "preflow: createSdkClient + prepareSend": 60,
  "preflow: createSdkBaseClient + prepareSend action": 40,
  "@preflow/attribution: checkAttributionInCalldata only": 2,
};

/**
 * Budgets in KB of `split` (gzipped per chunk; what a code-split page fetches before its first call), checked by
 * test/bundle.test.ts: 127.2 KB when the client's members and the exported protocol actions load on first call
 * (156.9 KB before, with the staking lens, governance, Aave, swap and ENS code in the page). 129.3 KB at 1060bff;
 * 132.6 KB with the swap venues derived from the registry and Uniswap v4 registered (its calldata read-back, policy
 * decoders and revert errors are needed by the flow parser the page loads; its quoting and encoding load on the
 * first swap).
 */
export const SPLIT_BUDGETS_KB = {
  "preflow: createSdkClient + prepareSend": 134,
};

/**
 * Code a page that only prepares a send must not fetch before its first call: one string of each lazily loaded
 * part that survives minification.
 */
export const LAZY_MARKERS = {
  "staking lens": '"accountState"',
  "governance actions": '"no-voting-power"',
  "celo.eth name resolution": '"expiries"',
  "Aave actions": "on Aave v3 from",
};

const ENTRIES = {
  "preflow: createSdkClient + prepareSend":
    'import { createSdkClient } from "preflow"; export const send = (from, to) => createSdkClient().transaction.prepareSend(from, to, "USDm", "1");',
  "preflow: createSdkBaseClient + prepareSend action":
    'import { createSdkBaseClient, prepareSend } from "preflow"; export const send = (from, to) => prepareSend(createSdkBaseClient(), { from, to, token: "USDm", amount: "1" });',
  "preflow (every export)": 'export * from "preflow";',
  "preflow/aa (every export)": 'export * from "preflow/aa";',
  "preflow/agent-id (every export, Node only)": 'export * from "preflow/agent-id";',
  "preflow/x402 (every export)": 'export * from "preflow/x402";',
  "@preflow/attribution: checkAttributionInCalldata only":
    'export { checkAttributionInCalldata } from "@preflow/attribution";',
  "peer: viem createPublicClient":
    'import { createPublicClient, http } from "viem"; export const client = createPublicClient({ transport: http() });',
  "peer: viem createClient + getBalance":
    'import { createClient, http } from "viem"; import { getBalance } from "viem/actions"; export const balance = (address) => getBalance(createClient({ transport: http() }), { address });',
};

/** Leaves every dynamic `import()` out of the bundle (loaded on first use by a code-splitting bundler). */
const dynamicImportsExternal = {
  name: "dynamic-imports-external",
  setup(builder) {
    builder.onResolve({ filter: /.*/ }, (args) =>
      args.kind === "dynamic-import" ? { path: args.path, external: true } : undefined,
    );
  },
};

async function bundle(contents, resolveDir, plugins) {
  const result = await build({
    stdin: { contents, resolveDir, loader: "js" },
    bundle: true,
    minify: true,
    write: false,
    metafile: true,
    format: "esm",
    platform: "browser",
    logLevel: "silent",
    plugins,
  });
  const code = result.outputFiles[0].contents;
  return { code, text: result.outputFiles[0].text, inputs: Object.keys(result.metafile.inputs) };
}

const kb = (bytes) => +(bytes / 1024).toFixed(1);

/** Builds with code splitting and returns what the page imports statically: its chunks, their text, gzipped size. */
async function splitInitial(contents, resolveDir) {
  const result = await build({
    stdin: { contents, resolveDir, loader: "js", sourcefile: "page.js" },
    bundle: true,
    splitting: true,
    minify: true,
    write: false,
    metafile: true,
    format: "esm",
    platform: "browser",
    outdir: "/split",
    entryNames: "page",
    logLevel: "silent",
  });
  const outputs = result.metafile.outputs;
  const files = new Map(result.outputFiles.map((file) => [file.path, file]));
  const entry = Object.keys(outputs).find((path) => path.endsWith("page.js"));
  const seen = new Set();
  const stack = [entry];
  while (stack.length > 0) {
    const path = stack.pop();
    if (seen.has(path)) continue;
    seen.add(path);
    for (const imported of outputs[path].imports)
      if (imported.kind === "import-statement") stack.push(imported.path);
  }
  const chunks = [...seen].map((path) => files.get(`/${path.replace(/^(\.\.\/)*/, "")}`));
  return {
    chunks: chunks.length,
    gz: chunks.reduce((total, file) => total + gzipSync(file.contents, { level: 6 }).length, 0),
    text: chunks.map((file) => file.text).join("\n"),
  };
}

/** Measures every entry; `resolveDir` must resolve `preflow`, `@preflow/attribution` and `viem`. */
export async function measureEntries(resolveDir) {
  const rows = [];
  for (const [name, contents] of Object.entries(ENTRIES)) {
    const initial = await bundle(contents, resolveDir, [dynamicImportsExternal]);
    const all = await bundle(contents, resolveDir, []);
    const split = await splitInitial(contents, resolveDir);
    const has = (pkg) => all.inputs.some((input) => input.includes(`node_modules/${pkg}/`));
    rows.push({
      entry: name,
      initialMinKB: kb(initial.code.length),
      initialGzKB: kb(gzipSync(initial.code, { level: 9 }).length),
      allGzKB: kb(gzipSync(all.code, { level: 9 }).length),
      splitGzKB: kb(split.gz),
      splitChunks: split.chunks,
      lazyCodeInSplit: Object.entries(LAZY_MARKERS)
        .filter(([, marker]) => split.text.includes(marker))
        .map(([name]) => name)
        .join(", "),
      lazyCodeInAll: Object.entries(LAZY_MARKERS)
        .filter(([, marker]) => all.text.includes(marker))
        .map(([name]) => name)
        .join(", "),
      permissionless: has("permissionless"),
      viem: has("viem"),
      agentId:
        all.inputs.some((input) => /packages\/agent-id\/|@preflow\/agent-id\//.test(input)) ||
        all.text.includes("x-self-agent-signature"),
      nodeImport: /(?:from\s*|import\s*\(\s*|require\s*\(\s*)["']node:/.test(all.text),
    });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await measureEntries(new URL("..", import.meta.url).pathname);
  console.log(
    "Bundle sizes in KB (esbuild, browser, minified; gzip level 9). initial: dynamic imports loaded later;",
  );
  console.log("all: dynamic imports inlined.");
  console.table(rows);
  const row = (name) => rows.find((entry) => entry.entry === name);
  const publicClient = row("peer: viem createPublicClient");
  const oneAction = row("peer: viem createClient + getBalance");
  for (const [name, budget] of Object.entries(SPLIT_BUDGETS_KB)) {
    const { splitGzKB, splitChunks } = row(name);
    console.log(
      `${name}, code-split: ${splitGzKB} KB in ${splitChunks} chunks before the first call (budget ${budget} KB) = ${(splitGzKB / publicClient.splitGzKB).toFixed(2)}x viem createPublicClient`,
    );
  }
  for (const [name, budget] of Object.entries(BUDGETS_KB)) {
    const { initialGzKB } = row(name);
    console.log(
      `${name}: ${initialGzKB} KB (budget ${budget} KB) = ${(initialGzKB / publicClient.initialGzKB).toFixed(2)}x viem createPublicClient, ${(initialGzKB / oneAction.initialGzKB).toFixed(2)}x viem createClient + getBalance`,
    );
  }
}
