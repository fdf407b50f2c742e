// Every tool that talks to the node takes its call (the MCP request's abort signal, the deadline) and hands it
// down; a new tool whose handler ignores `call` fails here before it ships (the devnet test in chainReads.test.ts
// shows a cancelled call of each such tool ends at once with its HTTP request aborted).
import { describe, expect, it } from "vitest";
import { TOOLS } from "../src/tools/registry.js";

/** Tools that do no I/O at all, said out loud. */
const NO_IO: Record<string, string> = { get_wallet_address: "reads the signer's address from memory" };

describe("abort signals", () => {
  it("every tool that does I/O takes its call and uses it", () => {
    const ignoring = TOOLS.filter((tool) => !(tool.name in NO_IO)).filter((tool) => {
      const source = tool.run.toString();
      return tool.run.length < 3 || !/\bcall\b/.test(source.slice(source.indexOf(")")));
    });
    expect(ignoring.map((tool) => tool.name)).toEqual([]);
  });

  it("the exceptions do no I/O (no runtime SDK, no store)", () => {
    for (const name of Object.keys(NO_IO)) {
      const tool = TOOLS.find((entry) => entry.name === name)!;
      expect(tool.run.toString()).not.toMatch(/sdk\.|core\.|store\(/);
    }
  });
});
