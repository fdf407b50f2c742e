#!/usr/bin/env node
// `pnpm release:pack [--out <dir>]`: builds and packs every published (non-private) workspace package into one
// folder, ready for `npm install <dir>/*.tgz viem` or `npm publish <tarball>`.
//
// The release flow (README, "Releasing"):
//   1. `pnpm changeset version`  consumes .changeset/*.md: real versions and CHANGELOGs, internal ranges updated
//   2. commit that
//   3. `pnpm release:pack`       this script: build, pack, verify
//   4. publish the tarballs (`npm publish <dir>/<name>-<version>.tgz` each, dependencies first), or
//      `pnpm changeset publish`
//
// What it checks, so that a folder it writes always installs:
// - every workspace package that is not `private` is packed (found through `pnpm ls -r`, not a hard-coded list);
// - no packed package is at 0.0.0 (never released: run `pnpm changeset version` first; `--allow-unreleased` packs
//   anyway, for a local try-out);
// - one `ox` version across the published packages' manifests;
// - in every tarball's package.json, no `workspace:` specifier is left (pnpm pack rewrites them to the real
//   versions) and every internal dependency's range is met by the version packed next to it.
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";

const root = resolve(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    out: { type: "string", default: "release" },
    "allow-unreleased": { type: "boolean", default: false },
    "skip-build": { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  console.log(
    "usage: pnpm release:pack [--out <dir>] [--allow-unreleased] [--skip-build]\n" +
      "Packs every non-private workspace package into <dir> (default ./release).",
  );
  process.exit(0);
}

function fail(message) {
  console.error(`release:pack: ${message}`);
  process.exit(1);
}

const run = (command, args, cwd = root) =>
  execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });

/** Every workspace package: name, version, directory, private, and its manifest. */
function workspacePackages() {
  const listed = JSON.parse(run("pnpm", ["ls", "-r", "--depth", "-1", "--json"]));
  return listed
    .filter((entry) => resolve(entry.path) !== root)
    .map((entry) => {
      const manifest = JSON.parse(readFileSync(join(entry.path, "package.json"), "utf8"));
      return { name: manifest.name, version: manifest.version, dir: entry.path, manifest };
    });
}

const all = workspacePackages();
const published = all.filter((p) => p.manifest.private !== true);
if (published.length === 0) fail("no published package found in the workspace");

const unreleased = published.filter((p) => p.version === "0.0.0");
if (unreleased.length > 0 && !values["allow-unreleased"])
  fail(
    `${unreleased.map((p) => p.name).join(", ")} ${unreleased.length === 1 ? "is" : "are"} at 0.0.0: ` +
      "run `pnpm changeset version` first (it turns .changeset/*.md into versions), or pass --allow-unreleased",
  );

// One ox across the published packages (viem's): two copies would double the bundle and split its types.
const oxVersions = new Map();
for (const p of published)
  for (const field of ["dependencies", "peerDependencies", "devDependencies"]) {
    const spec = p.manifest[field]?.ox;
    if (spec !== undefined) oxVersions.set(spec, [...(oxVersions.get(spec) ?? []), p.name]);
  }
if (oxVersions.size > 1)
  fail(
    `ox is declared at several versions: ${[...oxVersions].map(([v, names]) => `${v} (${names.join(", ")})`).join("; ")}`,
  );

// Viem's own ox: the one the published packages must declare (when they declare ox at all).
const core = published.find((p) => p.manifest.dependencies?.viem !== undefined);
if (core) {
  const viemManifest = createRequire(join(core.dir, "package.json"))("viem/package.json");
  const viemOx = viemManifest.dependencies?.ox;
  for (const spec of oxVersions.keys())
    if (viemOx !== undefined && spec !== viemOx)
      fail(`the published packages declare ox ${spec}, but viem ${viemManifest.version} uses ox ${viemOx}`);
}

// Only the tarballs in the folder are replaced: `--out` may name a folder that holds other files.
const out = resolve(root, values.out);
mkdirSync(out, { recursive: true });
for (const file of readdirSync(out)) if (file.endsWith(".tgz")) rmSync(join(out, file));

if (!values["skip-build"]) {
  const filters = published.flatMap((p) => ["--filter", p.name]);
  execFileSync("pnpm", ["exec", "turbo", "run", "build", ...filters, "--output-logs=errors-only"], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1", DO_NOT_TRACK: "1" },
  });
}

for (const p of published) run("pnpm", ["pack", "--pack-destination", out], p.dir);

// Verify what was written: the manifests inside the tarballs, as npm will read them.
const tarballs = readdirSync(out).filter((file) => file.endsWith(".tgz"));
if (tarballs.length !== published.length)
  fail(`expected ${published.length} tarballs in ${out}, found ${tarballs.length}`);
const packed = new Map();
for (const file of tarballs) {
  const manifest = JSON.parse(run("tar", ["-xzOf", join(out, file), "package/package.json"]));
  packed.set(manifest.name, { file, manifest });
}
const problems = [];
for (const { file, manifest } of packed.values()) {
  for (const field of ["dependencies", "peerDependencies", "optionalDependencies"]) {
    for (const [name, spec] of Object.entries(manifest[field] ?? {})) {
      if (String(spec).startsWith("workspace:")) problems.push(`${file}: ${field}.${name} is still ${spec}`);
      const internal = all.find((p) => p.name === name);
      if (internal === undefined) continue;
      const sibling = packed.get(name);
      if (sibling === undefined) problems.push(`${file}: ${field}.${name} is not published (private?)`);
      else if (!satisfies(sibling.manifest.version, spec))
        problems.push(`${file}: ${field}.${name}@${spec} is not met by ${sibling.file}`);
    }
  }
}
if (problems.length > 0) fail(`the packed manifests would not install:\n  ${problems.join("\n  ")}`);

/** The ranges pnpm pack writes for `workspace:` specifiers: `x.y.z`, `^x.y.z`, `~x.y.z`. */
function satisfies(version, spec) {
  const [major, minor, patch] = version.split(".").map(Number);
  const match = /^([\^~]?)(\d+)\.(\d+)\.(\d+)$/.exec(spec);
  if (!match) return false;
  const [, op, a, b, c] = match;
  const [wantMajor, wantMinor, wantPatch] = [Number(a), Number(b), Number(c)];
  const atLeast =
    major > wantMajor ||
    (major === wantMajor && (minor > wantMinor || (minor === wantMinor && patch >= wantPatch)));
  if (op === "") return version === `${a}.${b}.${c}`;
  if (op === "~") return atLeast && major === wantMajor && minor === wantMinor;
  // ^: same major, or for 0.x the same minor, or for 0.0.x the same patch
  if (wantMajor > 0) return atLeast && major === wantMajor;
  if (wantMinor > 0) return atLeast && major === 0 && minor === wantMinor;
  return major === 0 && minor === 0 && patch === wantPatch;
}

const shown = values.out.startsWith("/") ? out : `./${values.out.replace(/^\.\//, "").replace(/\/$/, "")}`;
console.log(`release:pack: ${tarballs.length} packages in ${out}`);
for (const { file, manifest } of [...packed.values()].sort((x, y) => x.file.localeCompare(y.file)))
  console.log(`  ${file}  (${manifest.name}@${manifest.version})`);
console.log(`install them into a project: npm install ${shown}/*.tgz viem`);
