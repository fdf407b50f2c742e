import { createRequire } from "node:module";
import path from "node:path";
import { build } from "esbuild";
import { defineConfig } from "tsup";

const require = createRequire(import.meta.url);

/**
 * Bundles the alto bundler's CLI (@pimlico/alto, the pinned version) into one file, `dist/alto.mjs`, which
 * `startDevnet` runs. alto's CLI is an ES module graph of thousands of files (viem, Sentry, OpenTelemetry,
 * fastify, yargs...) that Node 20 resolves and compiles one by one: 1.3–3 s on a 2-core machine before alto
 * answers anything, most of a devnet start. The same code as one file loads in 0.4–0.9 s. Nothing in alto is
 * changed: esbuild concatenates its modules (Node's `require` is provided for the CommonJS ones). The devnet runs
 * alto with `--json true`: its pretty logger starts pino-pretty in a worker thread by module name, which a bundle
 * cannot serve. `startDevnet` falls back to the package's own CLI when the file is missing.
 */
async function bundleAlto(): Promise<void> {
  await build({
    entryPoints: [path.join(path.dirname(require.resolve("@pimlico/alto")), "cli", "alto.js")],
    outfile: "dist/alto.mjs",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    minify: true,
    legalComments: "external",
    logLevel: "error",
    banner: {
      js: "import { createRequire as __altoCreateRequire } from 'node:module'; const require = __altoCreateRequire(import.meta.url);",
    },
  });
}

/** The package's exports (`package.json`), each with its declarations. */
const EXPORTED = [
  "src/index.ts",
  "src/vitest.ts",
  "src/errorTypeTable.ts",
  "src/vitestSetup.ts",
  "src/vitestSetupEthereum.ts",
  "src/chromium.ts",
];

// Private package: ESM only (its consumers are this repo's tests, benches and demo on Node 20+).
export default defineConfig({
  // the exports, and two scripts: the CLI (`pnpm devnet`) and the prebuilt-state builder
  entry: [...EXPORTED, "src/cli.ts", "src/buildState.ts"],
  format: ["esm"],
  dts: { entry: EXPORTED },
  sourcemap: true,
  clean: true,
  target: "node20",
  external: ["vitest", "vitest/node"],
  onSuccess: bundleAlto,
});
