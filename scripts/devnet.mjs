#!/usr/bin/env node
// `pnpm devnet [options]`: runs the devnet's CLI (packages/devnet/dist/cli.js) in this very process, after
// building the package only when its sources are newer than its build.
//
// Why a launcher instead of `turbo run build ... && node packages/devnet/dist/cli.js`:
// - Signals. pnpm runs a root script as `sh -c '<script>'` (`.npmrc`: `shell-emulator=false`) and passes a
//   SIGINT or SIGTERM it receives on to that shell. The script is `exec node scripts/devnet.mjs`, so the shell
//   becomes this process: pnpm's direct child, which gets the signal itself, and the CLI stops anvil, alto and
//   the sponsor endpoint (dash does not exec a last command by itself: without `exec` the shell stayed in between
//   and the signal stopped there). pnpm's shell emulator, used before, has an empty SIGINT handler: a SIGINT to
//   pnpm alone reached nobody.
// - Time. A build that turbo finds in its cache still costs about 0.5 s (turbo's start and the cache replay); a
//   devnet start is budgeted at 4 s. The check here reads the modification times of the inputs turbo hashes
//   (turbo.json's `build.inputs` of the package) and of `dist/cli.js`: about 5 ms. When anything is newer (or
//   the build is missing), turbo builds as before.
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const devnet = path.join(root, "packages", "devnet");
const built = [path.join(devnet, "dist", "cli.js"), path.join(devnet, "dist", "alto.mjs")];
const inputs = ["src", "contracts", "tsup.config.ts", "package.json", "tsconfig.json"].map((p) =>
  path.join(devnet, p),
);

/** The newest modification time under `file` (a file or a folder, recursively); 0 when it does not exist. */
function newest(file) {
  let stat;
  try {
    stat = statSync(file);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(file)) latest = Math.max(latest, newest(path.join(file, entry)));
  return latest;
}

const builtAt = Math.min(...built.map((file) => newest(file) || Number.NEGATIVE_INFINITY));
if (!(builtAt > Math.max(...inputs.map(newest)))) {
  const turbo = path.join(root, "node_modules", ".bin", "turbo");
  const build = spawnSync(turbo, ["run", "build", "--filter=@preflow/devnet", "--output-logs=errors-only"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1", DO_NOT_TRACK: "1" },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import(pathToFileURL(built[0]).href);
