// PREFLOW_BUDGET's file at start: whatever bytes it holds, the server either reads a budget's owner and agent or
// refuses with one InvalidToolServerConfigError naming PREFLOW_BUDGET (never another error, never a crash).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { readBudgetFile } from "../src/config/readBudgetFile.js";
import { InvalidToolServerConfigError } from "../src/errors/config.js";

const dir = mkdtempSync(join(tmpdir(), "preflow-budget-file-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = join(dir, "budget.json");
const OWNER = "0x1111111111111111111111111111111111111111";
const AGENT = "0x2222222222222222222222222222222222222222";

function outcome(text: string): "read" | "refused" {
  writeFileSync(file, text);
  try {
    readBudgetFile(file);
    return "read";
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidToolServerConfigError);
    expect((error as InvalidToolServerConfigError).details.variable).toBe("PREFLOW_BUDGET");
    return "refused";
  }
}

describe("readBudgetFile", () => {
  it("reads the owner and the agent of a budget's JSON", () => {
    writeFileSync(
      file,
      JSON.stringify({ kind: "preflow-agent-budget", owner: OWNER, agent: AGENT, limits: [] }),
    );
    expect(readBudgetFile(file)).toMatchObject({ file, owner: OWNER, agent: AGENT });
  });

  it("refuses a missing file, non-JSON, another kind, bad addresses, owner = agent", () => {
    expect(() => readBudgetFile(join(dir, "none.json"))).toThrow(/cannot be read \(ENOENT\)/);
    expect(outcome("{ nope")).toBe("refused");
    expect(outcome("[]")).toBe("refused");
    expect(outcome(JSON.stringify({ kind: "policy", owner: OWNER, agent: AGENT }))).toBe("refused");
    expect(outcome(JSON.stringify({ kind: "preflow-agent-budget", owner: "0x12", agent: AGENT }))).toBe(
      "refused",
    );
    expect(outcome(JSON.stringify({ kind: "preflow-agent-budget", owner: OWNER, agent: OWNER }))).toBe(
      "refused",
    );
  });

  it("never fails otherwise on any text or JSON value (property)", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.jsonValue().map((value) => JSON.stringify(value)),
        ),
        (text) => {
          expect(["read", "refused"]).toContain(outcome(text));
        },
      ),
      { numRuns: 200 },
    );
    // a budget-shaped object with arbitrary owner and agent strings
    fc.assert(
      fc.property(fc.string(), fc.string(), (owner, agent) => {
        const read = outcome(JSON.stringify({ kind: "preflow-agent-budget", owner, agent }));
        const valid = /^0x[0-9a-fA-F]{40}$/;
        expect(read === "read").toBe(
          valid.test(owner) && valid.test(agent) && owner.toLowerCase() !== agent.toLowerCase(),
        );
      }),
      { numRuns: 200 },
    );
  });
});
