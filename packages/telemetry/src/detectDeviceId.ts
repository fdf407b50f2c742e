import { FALLBACK_DEVICE_ID, sanitizeDeviceId } from "./sanitizeDeviceId.js";

interface NodeFs {
  readFileSync(path: string, encoding: "utf8"): string;
}
interface NodePath {
  dirname(path: string): string;
  join(...paths: string[]): string;
  resolve(...paths: string[]): string;
}
interface NodeBuiltins {
  fs: NodeFs;
  path: NodePath;
}
interface NodeProcessLike {
  versions?: { node?: string };
  cwd?: () => string;
  getBuiltinModule?: (id: string) => unknown;
}

/** Package names of the SDK itself: never reported as the consuming application. */
function isSdkPackage(name: string): boolean {
  return name === "preflow" || name.startsWith("@preflow/");
}

function nodeProcess(): NodeProcessLike | undefined {
  const proc = (globalThis as { process?: NodeProcessLike }).process;
  return typeof proc?.versions?.node === "string" ? proc : undefined;
}

/** Node built-ins without a static `node:` import, so browser bundles never see one. */
function builtinsSync(proc: NodeProcessLike): NodeBuiltins | undefined {
  try {
    if (typeof proc.getBuiltinModule !== "function") return undefined;
    const fs = proc.getBuiltinModule("node:fs") as NodeFs | undefined;
    const path = proc.getBuiltinModule("node:path") as NodePath | undefined;
    return fs && path ? { fs, path } : undefined;
  } catch {
    return undefined;
  }
}

/** Node < 20.16 has no `process.getBuiltinModule`; dynamic import works in both the ESM and CJS builds. */
async function builtinsAsync(): Promise<NodeBuiltins | undefined> {
  try {
    // A computed specifier keeps bundlers from resolving (or polyfilling) these modules for browsers.
    const load = (id: string): Promise<unknown> => import(/* @vite-ignore */ /* webpackIgnore: true */ id);
    const [fs, path] = (await Promise.all([load("node:fs"), load("node:path")])) as [NodeFs, NodePath];
    return { fs, path };
  } catch {
    return undefined;
  }
}

function findConsumerName({ fs, path }: NodeBuiltins, cwd: string): string | undefined {
  let dir = path.resolve(cwd);
  for (let depth = 0; depth < 100; depth++) {
    try {
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as unknown;
      const name = (manifest as { name?: unknown } | null)?.name;
      if (typeof name === "string" && name.trim() !== "" && !isSdkPackage(name)) return name;
    } catch {
      // No (readable, valid) package.json here: keep walking up.
    }
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
  return undefined;
}

const cache = new Map<string, string>();

function fromBuiltins(builtins: NodeBuiltins | undefined, cwd: string): string {
  if (!builtins) return FALLBACK_DEVICE_ID;
  try {
    const name = findConsumerName(builtins, cwd);
    return name === undefined ? FALLBACK_DEVICE_ID : sanitizeDeviceId(name);
  } catch {
    return FALLBACK_DEVICE_ID;
  }
}

/**
 * Detects the device id of the consuming application: the sanitized `name` of the nearest `package.json`
 * found walking up from `cwd` (default `process.cwd()`), skipping the SDK's own packages; `sdk` when there
 * is none or no file system (browsers, workers). Never throws. Returns a string synchronously where Node
 * offers `process.getBuiltinModule` (Node 20.16+), otherwise a promise. Results are cached per directory.
 *
 * @internal
 */
export function detectDeviceId(cwd?: string): string | Promise<string> {
  const proc = nodeProcess();
  if (!proc) return FALLBACK_DEVICE_ID;
  let dir: string;
  try {
    dir = cwd ?? proc.cwd?.() ?? "";
  } catch {
    return FALLBACK_DEVICE_ID;
  }
  if (dir === "") return FALLBACK_DEVICE_ID;
  const cached = cache.get(dir);
  if (cached !== undefined) return cached;
  const remember = (id: string): string => {
    cache.set(dir, id);
    return id;
  };
  const sync = builtinsSync(proc);
  if (sync) return remember(fromBuiltins(sync, dir));
  return builtinsAsync().then(
    (builtins) => remember(fromBuiltins(builtins, dir)),
    () => FALLBACK_DEVICE_ID,
  );
}

/** Forgets cached detections (tests only). @internal */
export function clearDeviceIdCache(): void {
  cache.clear();
}
