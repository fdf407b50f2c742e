#!/usr/bin/env node
// `pnpm release:pack [--out <dir>]`: builds and packs every published (non-private) workspace package, ready for
// `npm install "<dir>"/*.tgz viem` or `npm publish <tarball>`.
//
// Where the tarballs go: `<dir>/` holds `preflow` and every package it depends on (the SDK: what an app installs);
// each other published package (the MCP tool server, `@preflow/tools`) goes in `<dir>/<its folder>/` (`<dir>/tools/`),
// so `npm install "<dir>"/*.tgz viem` installs the SDK alone and `... "<dir>"/tools/*.tgz` adds the tool server.
//
// Versions: a package at 0.0.0 (never released: no `pnpm changeset version` yet, as on a fresh clone) is packed as
// the pre-release `0.1.0-dev.<commit>` (the short hash of HEAD; `0.1.0-dev.local` outside a git checkout), written
// into its package.json for the pack and restored afterwards, so a fresh clone's tarballs install together. The
// release flow (README, "Releasing"):
//   1. `pnpm changeset version`  consumes .changeset/*.md: real versions and CHANGELOGs, internal ranges updated
//   2. commit that
//   3. `pnpm release:pack`       this script: build, pack, verify
//   4. publish the tarballs (`npm publish <dir>/<name>-<version>.tgz` each, dependencies first), or
//      `pnpm changeset publish`
//
// What it checks, so that a folder it writes always installs:
// - every workspace package that is not `private` is packed (found through `pnpm ls -r`, not a hard-coded list);
// - one `ox` version across the published packages' manifests;
// - in every tarball's package.json, no `workspace:` specifier is left (pnpm pack rewrites them to the real
//   versions) and every internal dependency's range is met by the version packed next to it.
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, join, resolve } from "node:path";
import { parseArgs } from "node:util";

const root = resolve(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    out: { type: "string", default: "release" },
    "skip-build": { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  console.log(
    "usage: pnpm release:pack [--out <dir>] [--skip-build]\n" +
      "Packs every non-private workspace package: the SDK (preflow and its dependencies) into <dir> (default\n" +
      "./release), each other package into <dir>/<its folder>/ (the tool server: <dir>/tools/). Packages still at\n" +
      "0.0.0 are packed as the pre-release 0.1.0-dev.<commit>.",
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

// Never released (0.0.0): packed as a pre-release of the first minor, named after the commit.
const unreleased = published.filter((p) => p.version === "0.0.0");
let devVersion;
if (unreleased.length > 0) {
  let commit = "local";
  try {
    commit = execFileSync("git", ["rev-parse", "--short=12", "HEAD"], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    // not a git checkout (an exported source tree): "local"
  }
  devVersion = `0.1.0-dev.${commit}`;
}

// The SDK: `preflow` and every workspace package it depends on, transitively. The others get a folder each.
const byName = new Map(all.map((p) => [p.name, p]));
const sdk = new Set();
const visit = (name) => {
  if (sdk.has(name) || !byName.has(name)) return;
  sdk.add(name);
  for (const dep of Object.keys(byName.get(name).manifest.dependencies ?? {})) visit(dep);
};
visit("preflow");
const folderOf = (p) => (sdk.has(p.name) ? "" : basename(p.dir));

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

// Only the tarballs in the folders are replaced: `--out` may name a folder that holds other files.
const out = resolve(root, values.out);
const folders = [...new Set(published.map(folderOf))];
for (const folder of folders) {
  const dir = join(out, folder);
  mkdirSync(dir, { recursive: true });
  for (const file of readdirSync(dir)) if (file.endsWith(".tgz")) rmSync(join(dir, file));
}

// The dev version goes into the unreleased manifests for the build (core's SDK_VERSION is read from its manifest
// at build time) and the pack (pnpm pack writes it, and the ranges of the `workspace:` specifiers that point at
// them); the manifests are restored whatever happens.
const originals = new Map(unreleased.map((p) => [p.dir, readFileSync(join(p.dir, "package.json"), "utf8")]));
const restore = () => {
  for (const [dir, text] of originals) writeFileSync(join(dir, "package.json"), text);
};
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
])
  process.once(signal, () => {
    restore();
    process.exit(code);
  });
try {
  for (const p of unreleased)
    writeFileSync(
      join(p.dir, "package.json"),
      `${JSON.stringify({ ...p.manifest, version: devVersion }, null, 2)}\n`,
    );
  if (!values["skip-build"]) {
    const filters = published.flatMap((p) => ["--filter", p.name]);
    console.error("release:pack: building the published packages (one line per package)");
    execFileSync("pnpm", ["exec", "turbo", "run", "build", ...filters, "--output-logs=hash-only"], {
      cwd: root,
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1", DO_NOT_TRACK: "1" },
    });
  }
  for (const p of published) run("pnpm", ["pack", "--pack-destination", join(out, folderOf(p))], p.dir);
} finally {
  restore();
}

// Verify what was written: the manifests inside the tarballs, as npm will read them.
const tarballs = folders.flatMap((folder) =>
  readdirSync(join(out, folder))
    .filter((file) => file.endsWith(".tgz"))
    .map((file) => join(folder, file)),
);
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

/**
 * The ranges pnpm pack writes for `workspace:` specifiers: `x.y.z`, `^x.y.z`, `~x.y.z`; with a pre-release
 * (`^0.1.0-dev.abc`), only that exact version meets it here (npm would also take later versions of the same
 * major.minor.patch's pre-releases, never packed together).
 */
function satisfies(version, spec) {
  const pre = /^[\^~]?(\d+\.\d+\.\d+-[0-9A-Za-z.-]+)$/.exec(spec);
  if (pre) return version === pre[1];
  if (version.includes("-")) return false;
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

console.log(`release:pack: ${tarballs.length} packages in ${out}`);
if (devVersion)
  console.log(
    `  (${unreleased.length} never released, packed as ${devVersion}; \`pnpm changeset version\` gives real versions)`,
  );
for (const { file, manifest } of [...packed.values()].sort((x, y) => x.file.localeCompare(y.file)))
  console.log(`  ${file}  (${manifest.name}@${manifest.version})`);
const extras = folders.filter((folder) => folder !== "");
console.log(`install the SDK into an app:  npm install "${out}"/*.tgz viem`);
for (const folder of extras) {
  const names = published.filter((p) => folderOf(p) === folder).map((p) => p.name);
  console.log(`with ${names.join(", ")} too:  npm install "${out}"/*.tgz "${out}/${folder}"/*.tgz`);
}
