// Benchmarks for @preflow/attribution, run on the built package (`pnpm --filter @preflow/attribution bench`).
// Every figure is a ratio against a peer measured in the same process; nothing here is asserted.
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import * as esbuild from "esbuild";
import { Hex } from "ox";
import { Attribution } from "ox/erc8021";
import {
  appendSdkCalldataTag,
  checkAttributionInCalldata,
  toAttributionCodes,
  verifyAttributionInCalldata,
} from "../dist/index.js";

const packageDir = fileURLToPath(new URL("..", import.meta.url));

// 64 distinct ERC-20 transfer calldatas (68 bytes each), tagged with the same tag list, as an app would.
const tags = ["MyApp", "builder_0123456789ab"];
const codes = toAttributionCodes(tags);
const inputs = Array.from(
  { length: 64 },
  (_, index) =>
    `0xa9059cbb000000000000000000000000${(index + 1).toString(16).padStart(40, "0")}${(BigInt(index) * 10n ** 18n).toString(16).padStart(64, "0")}`,
);
const tagged = inputs.map((data) => appendSdkCalldataTag(data, tags));

let sink = 0;

/** Operations per second of `fn` over about `ms` milliseconds. */
function opsPerSecond(fn, ms) {
  let operations = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    for (let index = 0; index < 1024; index++) fn(index & 63);
    operations += 1024;
    now = performance.now();
  }
  return (operations * 1000) / (now - start);
}

/** Interleaved rounds of `ours` and `peer`; returns the medians. */
function compare(ours, peer, rounds = 9, ms = 120) {
  opsPerSecond(ours, 200);
  opsPerSecond(peer, 200);
  const a = [];
  const b = [];
  for (let round = 0; round < rounds; round++) {
    a.push(opsPerSecond(ours, ms));
    b.push(opsPerSecond(peer, ms));
  }
  const median = (values) => values.sort((x, y) => x - y)[values.length >> 1];
  return { ours: median(a), peer: median(b) };
}

const format = (ops) => `${(ops / 1e6).toFixed(2)} M ops/s`;
const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB (${bytes} B)`;

function report(title, ourName, peerName, { ours, peer }, goal) {
  const ratio = ours / peer;
  console.log(`\n${title}`);
  console.log(`  ${ourName.padEnd(56)} ${format(ours)}`);
  console.log(`  ${peerName.padEnd(56)} ${format(peer)}`);
  console.log(`  ratio ${ratio.toFixed(2)}x  (goal ≥ ${goal}x: ${ratio >= goal ? "met" : "NOT met"})`);
}

async function bundleSize(contents) {
  const result = await esbuild.build({
    stdin: { contents, resolveDir: packageDir, loader: "js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    write: false,
    logLevel: "silent",
  });
  const code = result.outputFiles[0].contents;
  return { min: code.length, gz: gzipSync(code, { level: 9 }).length };
}

console.log(`@preflow/attribution bench (node ${process.version})`);

report(
  "appendSdkCalldataTag vs ox toDataSuffix + Hex.concat (same tags, codes precomputed for ox)",
  "appendSdkCalldataTag(data, tags)",
  "Hex.concat(data, Attribution.toDataSuffix({ codes }))",
  compare(
    (index) => {
      sink += appendSdkCalldataTag(inputs[index], tags).length;
    },
    (index) => {
      sink += Hex.concat(inputs[index], Attribution.toDataSuffix({ codes })).length;
    },
  ),
  5,
);

report(
  "checkAttributionInCalldata vs ox fromData (tagged calldata)",
  "checkAttributionInCalldata(data)",
  "Attribution.fromData(data)",
  compare(
    (index) => {
      sink += checkAttributionInCalldata(tagged[index]).tags.length;
    },
    (index) => {
      sink += Attribution.fromData(tagged[index]).codes.length;
    },
  ),
  1,
);

report(
  "checkAttributionInCalldata vs ox fromData (untagged calldata)",
  "checkAttributionInCalldata(data)",
  "Attribution.fromData(data)",
  compare(
    (index) => {
      sink += checkAttributionInCalldata(inputs[index]).found ? 1 : 0;
    },
    (index) => {
      sink += Attribution.fromData(inputs[index]) === undefined ? 0 : 1;
    },
  ),
  1,
);

report(
  "verifyAttributionInCalldata (ERC-8021 + legacy layer) vs ox fromData (tagged calldata), for information",
  "verifyAttributionInCalldata(data)",
  "Attribution.fromData(data)",
  compare(
    (index) => {
      sink += verifyAttributionInCalldata(tagged[index]).erc8021.codes.length;
    },
    (index) => {
      sink += Attribution.fromData(tagged[index]).codes.length;
    },
  ),
  1,
);

const checkOnly = await bundleSize('export { checkAttributionInCalldata } from "./dist/index.js";');
const oxOnly = await bundleSize('export { Attribution } from "ox/erc8021";');
const oxFromData = await bundleSize(
  'import { Attribution } from "ox/erc8021"; export const f = Attribution.fromData;',
);
const everything = await bundleSize('export * from "./dist/index.js";');
console.log("\nBundle size, esbuild --bundle --minify (browser, ESM), gzip -9");
console.log(
  `  import only checkAttributionInCalldata            min ${kb(checkOnly.min)}, min+gz ${kb(checkOnly.gz)}`,
);
console.log(
  `  ox/erc8021 Attribution (whole module)             min ${kb(oxOnly.min)}, min+gz ${kb(oxOnly.gz)}`,
);
console.log(
  `  ox Attribution.fromData alone                     min ${kb(oxFromData.min)}, min+gz ${kb(oxFromData.gz)}`,
);
console.log(
  `  all of @preflow/attribution (for information)     min ${kb(everything.min)}, min+gz ${kb(everything.gz)}`,
);
console.log(
  `  ratio checkAttributionInCalldata / ox module: ${(checkOnly.gz / oxOnly.gz).toFixed(2)}  (goal ≤ 8 KB: ${checkOnly.gz <= 8192 ? "met" : "NOT met"})`,
);

if (sink === -1) console.log(sink);
