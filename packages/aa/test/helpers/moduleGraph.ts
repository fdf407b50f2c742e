// Reusable module-graph check: which files does importing an entry point load? esbuild follows every static
// and dynamic import from the entry (as a bundler or Node would) and lists them in its metafile.
import { build } from "esbuild";

/** Every file reached from `entry` (an absolute path or a package specifier resolvable from `resolveDir`). */
export async function moduleGraphInputs(entry: string, resolveDir: string): Promise<string[]> {
  const result = await build({
    stdin: { contents: `export * from ${JSON.stringify(entry)};`, resolveDir, loader: "js" },
    bundle: true,
    write: false,
    metafile: true,
    platform: "node",
    format: "esm",
    logLevel: "silent",
  });
  return Object.keys(result.metafile.inputs);
}

/** The files of `packageName` (matched as a node_modules path segment) in the module graph of `entry`. */
export async function loadedFilesOf(
  entry: string,
  resolveDir: string,
  packageName: string,
): Promise<string[]> {
  const segment = `node_modules/${packageName}/`;
  return (await moduleGraphInputs(entry, resolveDir)).filter((input) => input.includes(segment));
}
