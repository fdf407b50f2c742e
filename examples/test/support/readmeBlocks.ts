// The TypeScript code blocks of the repository's READMEs, and the markers that say how each one is checked.
//
// Markers, as the block's first lines (comments, so a reader can paste the block as it is):
//   // snippet: <id>        names the block, so that a later block of the same README can continue it
//   // continues: <id>      this block runs after the named one, using its names (its program is that block's
//                          program followed by this block; it does not import again what that block imported)
//   // not run: <reason>    type-checked, never run (it needs something the devnet does not have, e.g. a real
//                          sponsor key or an outside HTTP service); the reason is shown to the reader too
// Every other block must compile and run on its own, with RPC_URL and PRIVATE_KEY set.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export interface ReadmeBlock {
  /** `README.md#3` or `packages/core/README.md#2` (1-based, in file order). */
  readonly key: string;
  readonly file: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  readonly code: string;
  readonly id: string | undefined;
  readonly continues: string | undefined;
  readonly notRun: string | undefined;
}

export interface ReadmeProgram {
  readonly block: ReadmeBlock;
  /** The chain of blocks it runs, first to last (the block itself last). */
  readonly chain: readonly ReadmeBlock[];
  readonly source: string;
  /** Continued by a later block: its run is part of that block's run. */
  readonly continued: boolean;
  /** A block of the chain says `not run`. */
  readonly notRun: string | undefined;
}

const FENCE = /^```(ts|typescript)\s*\n([\s\S]*?)^```\s*$/gm;

/** The root README and every `packages/<name>/README.md`. */
export function readmeFiles(root: string): string[] {
  const packages = readdirSync(join(root, "packages"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `packages/${entry.name}/README.md`)
    .filter((file) => {
      try {
        readFileSync(join(root, file));
        return true;
      } catch {
        return false;
      }
    })
    .sort();
  return ["README.md", ...packages];
}

function marker(code: string, name: string): string | undefined {
  const match = new RegExp(`^\\s*//\\s*${name}:\\s*(.+?)\\s*$`, "m").exec(leadingComments(code));
  return match?.[1];
}

/** The comment lines before the first line of code. */
function leadingComments(code: string): string {
  const lines: string[] = [];
  for (const line of code.split("\n")) {
    if (!/^\s*\/\//.test(line)) break;
    lines.push(line);
  }
  return lines.join("\n");
}

export function readmeBlocks(root: string, file: string): ReadmeBlock[] {
  const text = readFileSync(join(root, file), "utf8");
  const blocks: ReadmeBlock[] = [];
  for (const match of text.matchAll(FENCE)) {
    const code = match[2] ?? "";
    blocks.push({
      key: `${file}#${blocks.length + 1}`,
      file,
      line: text.slice(0, match.index).split("\n").length,
      code,
      id: marker(code, "snippet"),
      continues: marker(code, "continues"),
      notRun: marker(code, "not run"),
    });
  }
  return blocks;
}

/**
 * One program per block: the blocks it continues, then itself. Throws on an unknown or forward reference.
 * A block is `continued` when a runnable block continues it (its run is part of that block's run); a block
 * continued only by blocks that are not run still runs on its own.
 */
export function readmePrograms(blocks: readonly ReadmeBlock[]): ReadmeProgram[] {
  const chains = blocks.map((block) => {
    const chain: ReadmeBlock[] = [block];
    for (let at = block; at.continues !== undefined; ) {
      const wanted = at.continues;
      const earlier = blocks.slice(0, blocks.indexOf(at)).find((candidate) => candidate.id === wanted);
      if (!earlier)
        throw new Error(`${at.key} continues "${wanted}", which no earlier block of ${at.file} names`);
      chain.unshift(earlier);
      at = earlier;
    }
    return chain;
  });
  const notRunOf = (chain: readonly ReadmeBlock[]) => chain.map((b) => b.notRun).find((r) => r !== undefined);
  return blocks.map((block, index) => {
    const chain = chains[index] ?? [block];
    const continued = chains.some(
      (other, at) => at !== index && other.includes(block) && notRunOf(other) === undefined,
    );
    const source = `${chain.map((b) => `// ---- ${b.key} (line ${b.line})\n${b.code}`).join("\n")}\nexport {};\n`;
    return { block, chain, source, continued, notRun: notRunOf(chain) };
  });
}
