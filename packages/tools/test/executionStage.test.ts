// The execution's state machine (executionStage.ts): the stages an attempt walks, in order, and the only ways out.
import { describe, expect, it } from "vitest";
import {
  advanceStage,
  canAdvance,
  type ExecutionStage,
  stageEnded,
  storedStateOf,
} from "../src/execution/executionStage.js";

const ORDER: ExecutionStage[] = [
  "checking",
  "awaiting-approval",
  "queued",
  "recovering",
  "reserved",
  "written",
  "signing",
  "sent",
  "settled",
];
const ALL: ExecutionStage[] = [...ORDER, "refused", "cancelled", "adopted", "stopped", "interrupted"];

describe("executionStage", () => {
  it("an attempt walks the stages in order, each once, without coming back (a multi-step flow signs and sends again)", () => {
    const attempt = { stage: "checking" as ExecutionStage };
    for (const stage of ORDER.slice(1)) advanceStage(attempt, stage);
    expect(attempt.stage).toBe("settled");
    for (const [index, stage] of ORDER.entries()) {
      for (const earlier of ORDER.slice(0, index)) {
        const again =
          (stage === "sent" || stage === "signing") && (earlier === "signing" || earlier === "sent");
        expect(canAdvance(stage, earlier), `${stage} -> ${earlier}`).toBe(again);
      }
    }
  });

  it("the ended stages have no way out; every stage not ended can be refused or stopped", () => {
    for (const stage of ALL) {
      expect(stageEnded(stage), stage).toBe(
        ["settled", "refused", "cancelled", "adopted", "stopped", "interrupted"].includes(stage),
      );
      if (stageEnded(stage)) expect(ALL.filter((to) => canAdvance(stage, to))).toEqual([]);
      else expect(canAdvance(stage, "refused") && canAdvance(stage, "stopped"), stage).toBe(true);
    }
  });

  it("refuses a transition the machine does not have", () => {
    const attempt = { stage: "checking" as ExecutionStage };
    expect(() => advanceStage(attempt, "signing")).toThrow("execution stage checking cannot move to signing");
    expect(attempt.stage).toBe("checking");
    expect(() => advanceStage({ stage: "queued" }, "adopted")).toThrow();
  });

  it("the stored state: queued before the signer's lock, running while it runs, done once ended", () => {
    expect(ORDER.map(storedStateOf)).toEqual([
      "queued",
      "queued",
      "queued",
      "queued",
      "running",
      "running",
      "running",
      "running",
      "done",
    ]);
  });
});
