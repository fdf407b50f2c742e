import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { defineConfig } from "tsup";

const { version } = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as {
  version: string;
};

const dist = new URL("./dist/", import.meta.url);

/**
 * What a browser loads. An app's bundler with code splitting (esbuild, as `pnpm bench` measures) gives every
 * `import()` of ours (a client member's action, loaded on its first call) a chunk of its own, and puts each file
 * of `dist/` and of our dependencies into the chunk of the exact set of entries that reach it. The files that
 * `index.js` reaches and that lazily loaded actions also use (the errors, the token and protocol registries, viem's
 * modules) were so cut into a shared chunk per distinct set of actions: 59 scripts before a page's first call, 13
 * KB gz more than the same code in one file. Each lazily loaded module (`dist/<action>-<hash>.js`) gets, at its
 * end, a bare import of every module `index.js` imports (its chunks and packages): every action then reaches
 * everything `index.js` reaches, and an app's bundler keeps those files together (11 scripts). The imports load
 * nothing: those modules are only ever loaded by code of `index.js`, so its imports are already evaluated, and
 * the packages have no side effects (bundlers drop the statements). Done on the output rather than in the sources,
 * so that our own build keeps its chunks and a bundle without code splitting keeps tree-shaking them file by file.
 */
function lazyModulesReachIndex(): void {
  const index = readFileSync(new URL("index.js", dist), "utf8");
  // The module's own import and re-export statements (at the start of a line in tsup's output).
  const statements = /^(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']|^import\s*["']([^"']+)["']/gm;
  const imported = [...index.matchAll(statements)].map((match) => match[1] ?? match[2]);
  const reach = [...new Set(imported)].map((specifier) => `import "${specifier}";`).join("\n");
  for (const name of readdirSync(dist)) {
    if (!name.endsWith(".js") || name === "index.js" || name.startsWith("chunk-")) continue;
    const file = new URL(name, dist);
    const code = readFileSync(file, "utf8");
    if (code.includes(`\n${reach}\n`)) continue;
    // Before the source-map comments, so that the lines the map describes stay where they are.
    const at = code.indexOf("\n//# sourceMappingURL=");
    const cut = at === -1 ? code.length : at;
    writeFileSync(file, `${code.slice(0, cut)}\n${reach}${code.slice(cut)}`);
  }
}

export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm", "cjs"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "es2022",
  treeshake: true,
  define: { __PREFLOW_CORE_VERSION__: JSON.stringify(version) },
  async onSuccess() {
    lazyModulesReachIndex();
  },
});
