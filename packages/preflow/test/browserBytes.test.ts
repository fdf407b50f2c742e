// The figures of what a browser fetches (bench/browserBytes.mjs: each page in headless Chromium against the devnet,
// recorded in bench/browserBytes.json by `pnpm --filter preflow bench`) are quoted by generated README blocks. The
// blocks must be the record's, and the record must be the code's: the send page's operation loads no chunk, so
// what it fetches is its first load, which esbuild computes here without a browser. A change that moves the send
// page by more than 1 KB or changes its scripts fails here until the bench is run again.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  firstLoad,
  PAGES,
  RECORD_PATH,
  REPO_ROOT,
  readBlock,
  renderReadmeBlocks,
  // @ts-expect-error: a plain ESM script without type declarations
} from "../bench/browserBytes.mjs";

interface Row {
  page: string;
  scriptsFetched: number;
  gzKB: number;
}

const SEND = "preflow: createSdkClient + prepareSend";
const rows = JSON.parse(readFileSync(RECORD_PATH, "utf8")) as Row[];

describe("the browser-bytes figures the READMEs quote", () => {
  it("every generated README block is the record's", () => {
    const files = renderReadmeBlocks(rows) as Record<string, Record<string, string>>;
    expect(Object.keys(files)).toEqual(["packages/preflow/README.md", "README.md"]);
    for (const [file, blocks] of Object.entries(files)) {
      const text = readFileSync(join(REPO_ROOT, file), "utf8");
      for (const [name, body] of Object.entries(blocks))
        expect({ file, name, block: readBlock(text, name) }).toEqual({ file, name, block: body });
    }
  });

  it("the record's send page is what esbuild builds from the code now (the same scripts, within 1 KB)", async () => {
    const recorded = rows.find((row) => row.page === SEND);
    const now = (await firstLoad((PAGES as Record<string, { code: string }>)[SEND]!.code)) as {
      scripts: number;
      gzKB: number;
    };
    console.log(
      `send page now: ${now.gzKB} KB in ${now.scripts} scripts; recorded: ${recorded?.gzKB} KB in ${recorded?.scriptsFetched}`,
    );
    expect(now.scripts).toBe(recorded?.scriptsFetched);
    expect(Math.abs(now.gzKB - (recorded?.gzKB ?? Number.NaN))).toBeLessThanOrEqual(1);
  }, 120_000);
});
