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
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

/** Budgets in KB (min+gz, `initial`), checked by test/bundle.test.ts. */
export const BUDGETS_KB = {
  "preflow: createSdkClient + prepareSend": 60,
  "preflow: createSdkBaseClient + prepareSend action": 40,
  "@preflow/attribution: checkAttributionInCalldata only": 2,
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

/** Measures every entry; `resolveDir` must resolve `preflow`, `@preflow/attribution` and `viem`. */
export async function measureEntries(resolveDir) {
  const rows = [];
  for (const [name, contents] of Object.entries(ENTRIES)) {
    const initial = await bundle(contents, resolveDir, [dynamicImportsExternal]);
    const all = await bundle(contents, resolveDir, []);
    const has = (pkg) => all.inputs.some((input) => input.includes(`node_modules/${pkg}/`));
    rows.push({
      entry: name,
      initialMinKB: kb(initial.code.length),
      initialGzKB: kb(gzipSync(initial.code, { level: 9 }).length),
      allGzKB: kb(gzipSync(all.code, { level: 9 }).length),
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
  for (const [name, budget] of Object.entries(BUDGETS_KB)) {
    const { initialGzKB } = row(name);
    console.log(
      `${name}: ${initialGzKB} KB (budget ${budget} KB) = ${(initialGzKB / publicClient.initialGzKB).toFixed(2)}x viem createPublicClient, ${(initialGzKB / oneAction.initialGzKB).toFixed(2)}x viem createClient + getBalance`,
    );
  }
}
