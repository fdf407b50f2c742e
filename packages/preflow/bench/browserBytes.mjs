// What a browser fetches: each page below is bundled as an app's bundler does it (esbuild, browser, ESM, code
// splitting, minified), served gzipped on 127.0.0.1, and opened in a real headless Chromium that runs the page's
// operation against the devnet (so every chunk the operation loads on first use is fetched, as in an app). The
// figure is the gzipped bytes of the scripts the page fetched, counted by the server, against a viem-only page
// (a public client on `celo` that reads a balance and estimates gas) measured the same way in the same run.
// Used by `pnpm bench`; the targets are ratios (send ≤ 1.0x, the others ≤ 1.1x of the viem page), printed, not
// asserted (timing-free, but the machine's Chromium is not in every test run: test/bundle.test.ts holds budgets).
// `--write` (what `pnpm bench` runs) records the figures in bench/browserBytes.json and writes the README blocks
// that quote them (`<!-- generated:browser-bytes... -->`); test/browserBytes.test.ts fails when a README block
// differs from the record, or when the record's send page is not what esbuild builds from the code now. `--readmes`
// rewrites the blocks from the record alone (no browser, no devnet). `--inputs [N]` prints, for each preflow page,
// the N (default 30) source files with the most minified bytes in what it fetches first (no browser, no devnet):
// the figure to read before and after a change that moves a page's size.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { decode } from "@jridgewell/sourcemap-codec";
import { launchChromium } from "@preflow/devnet/chromium";
import { build } from "esbuild";

const here = fileURLToPath(new URL(".", import.meta.url));

/** The pages: `run(rpcUrl, from, to)` is the operation; `target` the ratio to the viem page it must stay under. */
export const PAGES = {
  "viem: getBalance + estimateGas (peer)": {
    target: undefined,
    label: "viem: `getBalance` + `estimateGas`",
    code: `import { createPublicClient, http } from "viem";
import { celo } from "viem/chains";
export async function run(rpcUrl, from, to) {
  const client = createPublicClient({ chain: celo, transport: http(rpcUrl) });
  const balance = await client.getBalance({ address: from });
  const gas = await client.estimateGas({ account: from, to, value: 1n });
  return String(balance > 0n && gas > 0n);
}`,
  },
  "preflow: createSdkClient + prepareSend": {
    target: 1.0,
    label: "`createSdkClient` + `transaction.prepareSend`",
    code: `import { createSdkClient } from "preflow";
export async function run(rpcUrl, from, to) {
  const client = createSdkClient({ rpcUrl, analyticsEnabled: false });
  const flow = await client.transaction.prepareSend(from, to, "USDm", "1");
  return flow.intent.kind;
}`,
  },
  "preflow: prepareSend + simulatePreparedFlow + formatPreparedFlow": {
    target: 1.1,
    label: "the same + `simulatePreparedFlow` + `formatPreparedFlow`",
    code: `import { createSdkClient, formatPreparedFlow } from "preflow";
export async function run(rpcUrl, from, to) {
  const client = createSdkClient({ rpcUrl, analyticsEnabled: false });
  const flow = await client.transaction.prepareSend(from, to, "USDm", "1");
  const simulation = await client.transaction.simulatePreparedFlow(flow);
  return String(simulation.success) + formatPreparedFlow(flow, simulation).length;
}`,
  },
  "preflow: createSdkClient + swap.prepareSwap": {
    target: 1.1,
    label: "`createSdkClient().extend(swapActions)` + `swap.prepareSwap`",
    code: `import { createSdkClient, swapActions } from "preflow";
export async function run(rpcUrl, from) {
  const client = createSdkClient({ rpcUrl, analyticsEnabled: false }).extend(swapActions);
  const flow = await client.swap.prepareSwap(from, "USDC", "USDm", "10", { slippageBps: 50 });
  return flow.intent.kind;
}`,
  },
};

const HTML = `<!doctype html><meta charset="utf-8"><title>page</title>
<script type="module">
const query = new URLSearchParams(location.search);
import("./page.js")
  .then((page) => page.run(query.get("rpc"), query.get("from"), query.get("to")))
  .then((result) => { window.__result = { ok: true, result }; }, (error) => { window.__result = { ok: false, error: String(error && error.stack || error) }; });
</script>`;

/** The esbuild options of a page (esbuild with code splitting, as Vite, Rollup and webpack split). */
export function pageBuildOptions(code, outdir) {
  return {
    stdin: { contents: code, resolveDir: join(here, ".."), loader: "js", sourcefile: "page.js" },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    outdir,
    entryNames: "page",
    chunkNames: "chunk-[hash]",
    // core's dist has bare chunk imports esbuild warns about (and drops) under "sideEffects": false.
    logLevel: "error",
    metafile: true,
  };
}

/** Bundles one page into `outdir`; returns how many chunks it built. */
async function buildPage(code, outdir) {
  mkdirSync(outdir, { recursive: true });
  writeFileSync(join(outdir, "index.html"), HTML);
  const result = await build(pageBuildOptions(code, outdir));
  return Object.keys(result.metafile.outputs).length;
}

/**
 * What a page fetches before its operation runs, from esbuild alone (no browser): the page's entry and every chunk
 * it imports statically, each gzipped as the bench's server sends it. For the send page this is all it fetches
 * (prepareSend loads no chunk), so the test compares it with the recorded Chromium figure.
 */
export async function firstLoad(code) {
  const result = await build({ ...pageBuildOptions(code, "/first-load"), write: false });
  const files = new Map(result.outputFiles.map((file) => [file.path, file.contents]));
  const scripts = firstLoadScripts(result.metafile);
  const bytes = scripts.reduce((total, file) => total + gzipSync(files.get(file), { level: 6 }).length, 0);
  return { scripts: scripts.length, gzKB: +(bytes / 1024).toFixed(1) };
}

/** The output files (paths as `outputFiles` names them) a page built to "/first-load" fetches before it runs. */
function firstLoadScripts(metafile) {
  const outputs = metafile.outputs;
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
  return [...seen].map((path) => `/${path.replace(/^(\.\.\/)*/, "")}`);
}

/**
 * The source files behind what a page fetches first (its entry and the chunks it imports statically, as
 * {@link firstLoad}): the minified bytes of those scripts attributed, through esbuild's source maps (which follow
 * our packages' own maps back to `src/`), to the file each byte came from. Returns `[file, bytes]` rows, most
 * bytes first (files of our packages as `core/src/...`, of dependencies as `viem/...`).
 */
export async function firstLoadInputs(code) {
  const result = await build({
    ...pageBuildOptions(code, "/first-load"),
    write: false,
    sourcemap: "external",
  });
  const files = new Map(result.outputFiles.map((file) => [file.path, file.text]));
  const bytes = new Map();
  for (const file of firstLoadScripts(result.metafile)) {
    const lines = files.get(file).split("\n");
    const map = JSON.parse(files.get(`${file}.map`));
    for (const [index, segments] of decode(map.mappings).entries()) {
      const length = lines[index]?.length ?? 0;
      for (const [at, segment] of segments.entries()) {
        const end = at + 1 < segments.length ? segments[at + 1][0] : length;
        const source = segment.length > 1 ? map.sources[segment[1]] : "(unmapped)";
        const name = source
          .replace(/^.*\/node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?/, "")
          .replace(/^(?:.*\/)?packages\/(?=[\w-]+\/src\/)/, "");
        bytes.set(name, (bytes.get(name) ?? 0) + end - segment[0]);
      }
    }
  }
  return [...bytes].sort((a, b) => b[1] - a[1]);
}

/** A static server on 127.0.0.1 that gzips every file (level 6, a web server's default) and counts what it sent. */
async function serve(root) {
  const log = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const [dir, name] = url.pathname.slice(1).split("/");
    const file = name || "index.html";
    if (!/^[\w.-]+$/.test(dir ?? "") || !/^[\w.-]+$/.test(file)) return res.writeHead(404).end();
    let body;
    try {
      body = gzipSync(readFileSync(join(root, dir, file)), { level: 6 });
    } catch {
      return res.writeHead(404).end();
    }
    log.push({ dir, file, bytes: body.length });
    res
      .writeHead(200, {
        "content-type": file.endsWith(".js") ? "text/javascript" : "text/html",
        "content-encoding": "gzip",
        "cache-control": "no-store",
      })
      .end(body);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, log, url: `http://127.0.0.1:${server.address().port}` };
}

/**
 * Builds every page, opens each in a fresh Chromium page against `rpcUrl`, and returns per page the scripts
 * fetched (count, gzipped KB) and the ratio to the viem page.
 */
export async function measureBrowserBytes({ rpcUrl, from, to }) {
  const root = mkdtempSync(join(tmpdir(), "preflow-browser-bytes-"));
  const names = Object.keys(PAGES);
  const built = {};
  for (const [index, name] of names.entries())
    built[name] = await buildPage(PAGES[name].code, join(root, `p${index}`));
  const site = await serve(root);
  const chromium = await launchChromium();
  const browser = chromium.browser;
  const rows = [];
  try {
    for (const [index, name] of names.entries()) {
      const page = await browser.newPage();
      await page.setCacheEnabled(false);
      const problems = [];
      page.on("pageerror", (error) => problems.push(String(error)));
      page.on("console", (message) => message.type() === "error" && problems.push(message.text()));
      page.on("requestfailed", (request) =>
        problems.push(`${request.url()}: ${request.failure()?.errorText}`),
      );
      const start = site.log.length;
      const query = new URLSearchParams({ rpc: rpcUrl, from, to });
      await page.goto(`${site.url}/p${index}/?${query}`, { waitUntil: "load" });
      await page
        .waitForFunction(() => window.__result !== undefined, { timeout: 60_000 })
        .catch((error) => {
          throw new Error(`${name}: no result in 60 s (${problems.join("; ") || "no page error"})`, {
            cause: error,
          });
        });
      const result = await page.evaluate(() => window.__result);
      await page.close();
      if (!result.ok) throw new Error(`${name}: the page failed: ${result.error}`);
      const scripts = site.log.slice(start).filter((entry) => entry.file.endsWith(".js"));
      rows.push({
        page: name,
        chunksBuilt: built[name],
        scriptsFetched: scripts.length,
        gzKB: +(scripts.reduce((total, entry) => total + entry.bytes, 0) / 1024).toFixed(1),
        target: PAGES[name].target,
      });
    }
  } finally {
    await chromium.close();
    await new Promise((resolve) => site.server.close(resolve));
    rmSync(root, { recursive: true, force: true });
  }
  const peer = rows[0].gzKB;
  for (const row of rows) row.ratio = +(row.gzKB / peer).toFixed(2);
  return rows;
}

/** Where `--write` records the last measurement (the figures the READMEs quote). */
export const RECORD_PATH = fileURLToPath(new URL("./browserBytes.json", import.meta.url));

/** The repository's root (the README paths below are relative to it). */
export const REPO_ROOT = fileURLToPath(new URL("../../..", import.meta.url));

const PEER = "viem: getBalance + estimateGas (peer)";
const SEND = "preflow: createSdkClient + prepareSend";
const SIMULATE = "preflow: prepareSend + simulatePreparedFlow + formatPreparedFlow";
const SWAP = "preflow: createSdkClient + swap.prepareSwap";

/** The body of each generated README block, from recorded rows: `{ [file]: { [block]: markdown } }`. */
export function renderReadmeBlocks(rows) {
  const row = (name) => {
    const found = rows.find((entry) => entry.page === name);
    if (!found) throw new Error(`the record has no page "${name}"`);
    return found;
  };
  const ratio = (entry) => `${entry.ratio.toFixed(2)}x`;
  const verdict = (entry) =>
    entry.target === undefined || entry.target === null
      ? "peer"
      : `≤ ${entry.target.toFixed(1)}x: ${entry.ratio <= entry.target ? "met" : "not met"}`;
  const table = [
    "| page | scripts fetched | gzipped | x viem page | target |",
    "|---|---|---|---|---|",
    ...[SEND, SIMULATE, SWAP, PEER].map((name) => {
      const entry = row(name);
      return `| ${PAGES[name].label} | ${entry.scriptsFetched} | ${entry.gzKB.toFixed(1)} KB | ${ratio(entry)} | ${verdict(entry)} |`;
    }),
  ].join("\n");
  const send = row(SEND);
  const summary =
    `What a browser fetches, measured by \`pnpm bench\` in headless Chromium (esbuild with code splitting, served gzipped, ` +
    `the page running its operation against the devnet): \`createSdkClient\` + \`prepareSend\` ${send.gzKB.toFixed(1)} KB ` +
    `gzipped in ${send.scriptsFetched} scripts, ${ratio(send)} a viem-only page that reads a balance and estimates gas ` +
    `(${row(PEER).gzKB.toFixed(1)} KB); with \`simulatePreparedFlow\` and \`formatPreparedFlow\` ${ratio(row(SIMULATE))}; ` +
    `a swap ${ratio(row(SWAP))} ([the figures](packages/preflow/README.md#bundle-size)).`;
  return {
    "packages/preflow/README.md": { "browser-bytes": table },
    "README.md": { "browser-bytes-summary": summary },
  };
}

/** The text between `<!-- generated:NAME ... -->` and `<!-- /generated:NAME -->` (undefined when absent). */
export function readBlock(text, name) {
  const match = new RegExp(
    `<!-- generated:${name}[^>]*-->\\n([\\s\\S]*?)\\n<!-- /generated:${name} -->`,
  ).exec(text);
  return match?.[1];
}

/** Writes the README blocks from `rows` (each block must exist). */
function writeReadmes(rows) {
  for (const [file, blocks] of Object.entries(renderReadmeBlocks(rows))) {
    const path = join(REPO_ROOT, file);
    let text = readFileSync(path, "utf8");
    for (const [name, body] of Object.entries(blocks)) {
      if (readBlock(text, name) === undefined) throw new Error(`${file} has no generated:${name} block`);
      text = text.replace(
        new RegExp(`(<!-- generated:${name}[^>]*-->\\n)[\\s\\S]*?(\\n<!-- /generated:${name} -->)`),
        (_all, start, end) => `${start}${body}${end}`,
      );
    }
    writeFileSync(path, text);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes("--inputs")) {
    // What each preflow page fetches first, by source file (no browser, no devnet).
    const top = Number(process.argv[process.argv.indexOf("--inputs") + 1]) || 30;
    for (const name of [SEND, SIMULATE, SWAP]) {
      const rows = await firstLoadInputs(PAGES[name].code);
      const { scripts, gzKB } = await firstLoad(PAGES[name].code);
      const total = rows.reduce((sum, [, bytes]) => sum + bytes, 0);
      console.log(
        `${name}: first load ${gzKB} KB gz in ${scripts} scripts, ${total} B minified; the biggest sources:`,
      );
      for (const [file, bytes] of rows.slice(0, top)) console.log(`${String(bytes).padStart(8)}  ${file}`);
    }
    process.exit(0);
  }
  if (process.argv.includes("--readmes")) {
    // The README blocks from the record alone (no browser, no devnet): after editing their wording here.
    writeReadmes(JSON.parse(readFileSync(RECORD_PATH, "utf8")));
    process.exit(0);
  }
  const { startDevnet } = await import("@preflow/devnet");
  const devnet = await startDevnet();
  try {
    const from = devnet.accounts[0].address;
    await devnet.fund(from, "USDm", "100");
    await devnet.fund(from, "USDC", "100");
    const rows = await measureBrowserBytes({
      rpcUrl: devnet.rpcUrl,
      from,
      to: "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
    });
    console.log(
      "What a Chromium page fetches (esbuild --splitting, minified, served gzip level 6; scripts only), against the viem page:",
    );
    console.table(rows);
    for (const row of rows.slice(1)) {
      const verdict = row.ratio <= row.target ? "within" : "OVER";
      console.log(
        `${row.page}: ${row.gzKB} KB in ${row.scriptsFetched} scripts = ${row.ratio}x the viem page (${rows[0].gzKB} KB; target ${row.target}x: ${verdict})`,
      );
    }
    if (process.argv.includes("--write")) {
      writeFileSync(RECORD_PATH, `${JSON.stringify(rows, null, 2)}\n`);
      writeReadmes(rows);
      console.log(`Recorded in ${RECORD_PATH}; README blocks written.`);
    }
  } finally {
    await devnet.stop();
  }
}
