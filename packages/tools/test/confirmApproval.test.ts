// confirmApproval against the real embedded store (SQLite in a temporary directory): an approved approval of the
// exact flow is used once; the same grant again, a changed flow, a lapsed approval, a declined one and one never
// decided are refused with their typed errors, each marked as ending the approval step before signing.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SerializedPreparedFlow } from "@preflow/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approvalDigest } from "../src/approval/approvalDigest.js";
import { confirmApproval } from "../src/approval/confirmApproval.js";
import type { ApprovalGrant } from "../src/approval/requireApproval.js";
import { isApprovalRefusal } from "../src/errors/approval.js";
import { openToolServerStore } from "../src/store/openToolServerStore.js";
import type { ToolServerStore } from "../src/store/types.js";

const flow = {
  preparedFlow: true,
  chainId: 42220,
  from: "0x1111111111111111111111111111111111111111",
  summary: "Send 7 USDm",
  steps: [
    {
      kind: "erc20",
      to: "0x765DE816845861e75A25fCA122bb6898B8B1282a",
      data: "0xa9059cbb00000000000000000000000022222222222222222222222222222222222222220000000000000000000000000000000000000000000000006124fee993bc0000",
      value: "0",
      description: "Transfer 7 USDm",
    },
  ],
} as unknown as SerializedPreparedFlow;

let store: ToolServerStore;
const context = { store: async () => store };
let count = 0;

/** An approval in the store, decided as asked, and its grant. */
async function grantFor(
  decision: "approved" | "declined" | null,
  expiresInMs = 60_000,
): Promise<ApprovalGrant> {
  const now = Date.now();
  const approvalId = `approval-${count++}`;
  const binding = {
    approvalId,
    policyVersion: "0123456789abcdef",
    expiresAt: Math.floor((now + expiresInMs) / 1_000),
  };
  const digest = approvalDigest(flow, binding);
  await store.createApproval({
    id: approvalId,
    flowDigest: digest,
    flowId: "ab".repeat(32),
    mode: "form",
    createdAt: now - 1_000,
    expiresAt: now + expiresInMs,
  });
  if (decision) await store.decideApproval({ id: approvalId, decision, now: now - 500 });
  return { ...binding, flowId: "ab".repeat(32), digest };
}

const codeOf = (promise: Promise<void>) =>
  promise.then(
    () => "ok",
    (error: unknown) => {
      expect(isApprovalRefusal(error)).toBe(true);
      return (error as { code: string }).code;
    },
  );

beforeAll(async () => {
  store = await openToolServerStore({ stateDir: mkdtempSync(join(tmpdir(), "preflow-approval-store-")) });
});
afterAll(async () => {
  await store?.close();
});

describe("confirmApproval", () => {
  it("uses an approved approval of the exact flow once; the same grant again is APPROVAL_REUSED", async () => {
    const grant = await grantFor("approved");
    expect(await codeOf(confirmApproval({ context, grant, flow }))).toBe("ok");
    expect((await store.getApproval(grant.approvalId))?.status).toBe("used");
    expect(await codeOf(confirmApproval({ context, grant, flow }))).toBe("APPROVAL_REUSED");
  });

  it("refuses a flow that is not byte for byte the one approved, and leaves the approval unused", async () => {
    const grant = await grantFor("approved");
    const step = flow.steps[0] as SerializedPreparedFlow["steps"][number];
    const changed = {
      ...flow,
      steps: [{ ...step, data: `${step.data.slice(0, -2)}01` }],
    } as SerializedPreparedFlow;
    expect(await codeOf(confirmApproval({ context, grant, flow: changed }))).toBe("APPROVAL_FLOW_CHANGED");
    expect((await store.getApproval(grant.approvalId))?.status).toBe("approved");
  });

  it("refuses a lapsed approval, a declined one and one never decided", async () => {
    const lapsed = await grantFor("approved", 300);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await codeOf(confirmApproval({ context, grant: lapsed, flow }))).toBe("APPROVAL_EXPIRED");
    expect(await codeOf(confirmApproval({ context, grant: await grantFor("declined"), flow }))).toBe(
      "APPROVAL_DECLINED",
    );
    expect(await codeOf(confirmApproval({ context, grant: await grantFor(null), flow }))).toBe(
      "APPROVAL_DECLINED",
    );
  });

  it("marks a store failure as ending the approval step (nothing signed)", async () => {
    const grant = await grantFor("approved");
    const failing = { store: () => Promise.reject(new Error("the store is locked")) };
    const error = await confirmApproval({ context: failing, grant, flow }).catch((caught: unknown) => caught);
    expect(isApprovalRefusal(error)).toBe(true);
  });
});
