// A person in the loop, form mode, through the built binary over stdio on the devnet: with
// `approval.above.USDm: "5"`, a flow spending more (amount plus fee, as the caps count it) is signed only after the
// client's elicitation handler answers accept with the flow's code. A wrong code, decline, cancel, silence, a code
// replayed from an earlier approval, and a client without the elicitation capability are refused with typed errors
// and nothing is sent (the signer's nonce and the recipient's balance do not move); each approval sends exactly one
// transaction.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ElicitRequest, ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import type { SerializedPreparedFlow } from "@preflow/core";
import { parsePreparedFlow } from "@preflow/core";
import { type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmApproval } from "../src/approval/confirmApproval.js";
import { policyVersion } from "../src/approval/policyVersion.js";
import { readPolicyFile } from "../src/policy/readPolicyFile.js";
import type { PreparedFlowSnake } from "../src/schemas/flow.js";
import { openToolServerStore } from "../src/store/openToolServerStore.js";
import { toSdkFlow } from "../src/tools/execute.js";
import {
  approvalAccounts,
  codeOf,
  data,
  type Execution,
  policyEnvironment,
  type SpawnedServer,
  spawnServer,
  toolError,
  typing,
} from "./helpers/spawnServer.js";

const devnet = useDevnet();
const { key, signer, friend, nonceOf, usdm, ...accounts } = approvalAccounts(devnet);
const dir = mkdtempSync(join(tmpdir(), "preflow-approval-"));

type Params = ElicitRequest["params"];
/** What the person does with the next question (set per test). */
let person: (params: Params) => Promise<ElicitResult> = async () => ({ action: "decline" });
const asked: Params[] = [];
/** The client's answer to every question: recorded, then the person's. */
const answer = async (params: Params) => {
  asked.push(params);
  return person(params);
};

let server: SpawnedServer;
let unable: SpawnedServer;
/** Between the server and the devnet: counts the RPC requests. */
let rpc: FaultProxy;
let env: Record<string, string>;
let stateDir: string;
let policyFile: string;
beforeAll(async () => {
  rpc = await startFaultProxy({ upstream: devnet.rpcUrl });
  await accounts.fund();
  ({ env, stateDir, policyFile } = policyEnvironment({
    rpcUrl: rpc.url,
    key,
    dir,
    policy: {
      caps: { USDm: { perCall: "50" } },
      approval: { above: { USDm: "5", USDC: "5" }, timeoutSeconds: 3, mode: "form" },
    },
  }));
  server = await spawnServer(env, { elicitation: { answer } });
  unable = await spawnServer(env);
});
afterAll(async () => {
  await server?.close();
  await unable?.close();
  await rpc?.close();
});

/** Runs `send`, expects the refusal `code`, and shows nothing was sent. */
const refusedWith = (code: string, amount: string, instance = server) =>
  accounts.refusedWith(code, async () =>
    toolError(await instance.call("send_token", { to: friend, token: "USDm", amount })),
  );

describe("approval in form mode", () => {
  it("get_policy shows the approval section", async () => {
    const policy = data<{ approval: Record<string, unknown> }>(await server.call("get_policy"));
    expect(policy.approval).toMatchObject({
      above: [
        { token: "USDm", symbol: "USDm", above: "5" },
        { token: "USDC", symbol: "USDC", above: "5" },
      ],
      mode: "form",
      timeout_seconds: 3,
      effective_timeout_seconds: 3,
      link_seconds: 600,
      passkey: "none",
    });
  });

  it("get_policy says when the state directory's passkey file is damaged, and approvals are refused", async () => {
    const damaged = policyEnvironment({
      rpcUrl: devnet.rpcUrl,
      key,
      dir,
      name: "damaged",
      policy: { approval: { above: { USDm: "5" }, timeoutSeconds: 3, linkSeconds: 90 } },
    });
    mkdirSync(damaged.stateDir, { recursive: true });
    writeFileSync(join(damaged.stateDir, "passkey.json"), JSON.stringify({ id: "not a passkey" }));
    const instance = await spawnServer(damaged.env, { elicitation: { answer } });
    try {
      const policy = data<{ approval: Record<string, unknown> }>(await instance.call("get_policy"));
      expect(policy.approval).toMatchObject({ link_seconds: 90, passkey: "unreadable" });
      const [count, nonce, before] = [asked.length, await nonceOf(), await usdm(friend)];
      const error = toolError(await instance.call("send_token", { to: friend, token: "USDm", amount: "6" }));
      expect(error.code).toBe("INVALID_CONFIG");
      expect(error.message).toContain("passkey.json");
      expect(error.message).toContain("Nothing was signed");
      expect(asked.length).toBe(count);
      expect(await nonceOf()).toBe(nonce);
      expect(await usdm(friend)).toBe(before);
    } finally {
      await instance.close();
    }
  });

  it("does not ask below the threshold (5 USDm is not more than 5)", async () => {
    const count = asked.length;
    const nonce = await nonceOf();
    const result = data<Execution>(
      await server.call("send_token", { to: friend, token: "USDm", amount: "5" }),
    );
    expect(result.status).toBe("success");
    expect(asked.length).toBe(count);
    expect(await nonceOf()).toBe(nonce + 1);
  });

  it("asks above it with the flow's preview, id and code, and sends exactly one transaction on the right code", async () => {
    person = typing(codeOf);
    const nonce = await nonceOf();
    const before = await usdm(friend);
    const result = data<Execution>(
      await server.call("send_token", { to: friend, token: "USDm", amount: "7" }),
    );
    expect(result.status).toBe("success");
    const question = asked.at(-1) as Params & { requestedSchema?: { properties: Record<string, unknown> } };
    expect(question.mode ?? "form").toBe("form");
    expect(question.message).toContain(friend);
    expect(question.message).toContain("7 USDm");
    expect(question.message).toContain(`Flow id: ${result.flow_id}`);
    expect(question.message).toContain(`Network fee: paid by the signer ${signer}`);
    expect(question.message).toMatch(/Above the approval threshold: 7 USDm, above 5 USDm/);
    expect(Object.keys(question.requestedSchema?.properties ?? {})).toEqual(["code"]);
    expect(await nonceOf()).toBe(nonce + 1);
    expect((await usdm(friend)) - before).toBe(parseUnits("7", 18));
  });

  it("counts the fee as the caps do: 5 USDm paying gas in USDm is above 5", async () => {
    person = typing(codeOf);
    const nonce = await nonceOf();
    const result = data<Execution>(
      await server.call("send_token", {
        to: friend,
        token: "USDm",
        amount: "5",
        fee_currency: "USDm",
        force: true,
      }),
    );
    expect(result.status).toBe("success");
    expect((asked.at(-1) as Params).message).toMatch(
      /Above the approval threshold: 5\.\d+ USDm \(5 \+ fee up to 0\.\d+\), above 5 USDm/,
    );
    expect(await nonceOf()).toBe(nonce + 1);
  });

  it("costs no RPC request: a declined send makes the same requests as preparing it", async () => {
    rpc.reset();
    await server.call("prepare_send", { from: signer, to: friend, token: "USDm", amount: "7.25" });
    const preparing = [...rpc.methods];
    person = async () => ({ action: "decline" });
    rpc.reset();
    await refusedWith("APPROVAL_DECLINED", "7.25");
    const declined = [...rpc.methods];
    // (refusedWith's own reads go to the devnet directly, not through the proxy.)
    console.log(`RPC requests: prepare_send ${preparing.length}, send_token declined ${declined.length}`);
    expect(declined).toEqual(preparing);
  });

  it("refuses a wrong code", async () => {
    person = typing(() => "ZZZZ-ZZZZ");
    const error = await refusedWith("APPROVAL_CODE_MISMATCH", "7.1");
    expect(error.details).toMatchObject({ typed: "ZZZZ-ZZZZ" });
    person = typing(() => "12");
    expect((await refusedWith("APPROVAL_CODE_MISMATCH", "7.1")).details).toMatchObject({ typed: "12" });
  });

  it("refuses decline and cancel", async () => {
    person = async () => ({ action: "decline" });
    expect((await refusedWith("APPROVAL_DECLINED", "7.2")).details).toMatchObject({ action: "decline" });
    person = async () => ({ action: "cancel" });
    expect((await refusedWith("APPROVAL_DECLINED", "7.2")).details).toMatchObject({ action: "cancel" });
  });

  it("refuses silence after timeoutSeconds, well inside the tool's bound", async () => {
    person = () => new Promise(() => undefined);
    const started = Date.now();
    await refusedWith("APPROVAL_EXPIRED", "7.3");
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(3_000);
    expect(waited).toBeLessThan(20_000);
  });

  it("refuses the code of an approval already used, given for another flow (a replay)", async () => {
    // The code shown for 7 USDm (used) typed for the next question.
    const used = codeOf(asked.find((params) => params.message.includes("7 USDm, above")) as Params);
    person = typing(() => used);
    const error = await refusedWith("APPROVAL_REUSED", "7.4");
    expect(error.message).toContain("already used");
  });

  it("asks again for the same flow sent again with force, with a new code", async () => {
    const first = asked.find((params) => params.message.includes("7 USDm, above")) as Params;
    person = typing(codeOf);
    const nonce = await nonceOf();
    const result = data<Execution>(
      await server.call("send_token", { to: friend, token: "USDm", amount: "7", force: true }),
    );
    expect(result.status).toBe("success");
    expect(codeOf(asked.at(-1) as Params)).not.toBe(codeOf(first));
    expect(await nonceOf()).toBe(nonce + 1);
  });

  it("refuses with APPROVAL_REQUIRED on a client that cannot ask, carrying the flow, which an asking client then executes", async () => {
    const error = await refusedWith("APPROVAL_REQUIRED", "8", unable);
    const details = error.details as {
      flow_id: string;
      flow: Record<string, unknown>;
      client_modes: string[];
    };
    expect(details.client_modes).toEqual([]);
    expect(details.flow.prepared_flow).toBe(true);
    person = typing(codeOf);
    const nonce = await nonceOf();
    const result = data<Execution>(await server.call("execute_prepared_flow", { flow: details.flow }));
    expect(result.flow_id).toBe(details.flow_id);
    expect(result.status).toBe("success");
    expect(await nonceOf()).toBe(nonce + 1);
  });

  it("records each approval in the store with the flow it approved; after a restart it is still used and cannot be used again", async () => {
    person = typing(codeOf);
    const flow = data<PreparedFlowSnake>(
      await server.call("prepare_send", { from: signer, to: friend, token: "USDm", amount: "9" }),
    );
    const nonce = await nonceOf();
    const result = data<Execution>(await server.call("execute_prepared_flow", { flow }));
    expect(result.status).toBe("success");
    expect(await nonceOf()).toBe(nonce + 1);
    const approvalId = /Approval: ([0-9a-f-]{36})/.exec((asked.at(-1) as Params).message)?.[1] as string;

    // A restart: the process is killed, a new one starts on the same state directory.
    await server.kill();
    server = await spawnServer(env, { elicitation: { answer } });
    const count = asked.length;
    // The execution is remembered: the same flow is not sent again, and no one is asked.
    const again = data<Execution>(await server.call("execute_prepared_flow", { flow }));
    expect(again).toMatchObject({ flow_id: result.flow_id, replayed: true, status: "success" });
    expect(asked.length).toBe(count);
    expect(await nonceOf()).toBe(nonce + 1);

    const store = await openToolServerStore({ stateDir });
    try {
      const record = await store.getApproval(approvalId);
      expect(record).toMatchObject({ id: approvalId, flowId: result.flow_id, mode: "form", status: "used" });
      expect(record?.flowDigest).toMatch(/^0x[0-9a-f]{64}$/);
      expect(record?.usedAt).toBeGreaterThanOrEqual(record?.decidedAt ?? Number.POSITIVE_INFINITY);
      // Presented again for the very flow it approved: refused, nothing signed.
      const grant = {
        approvalId,
        flowId: result.flow_id,
        digest: record?.flowDigest as `0x${string}`,
        policyVersion: policyVersion(readPolicyFile(policyFile).text),
        expiresAt: Math.floor((record?.expiresAt ?? 0) / 1_000),
      };
      const sdkFlow = parsePreparedFlow(toSdkFlow(flow)) as SerializedPreparedFlow;
      const used = await store.useApproval({ id: approvalId, flowDigest: grant.digest, now: Date.now() });
      expect(used).toMatchObject({ ok: false, reason: "used" });
      const refused = await confirmApproval({
        context: { store: async () => store },
        grant,
        flow: sdkFlow,
      }).catch((error: unknown) => error);
      expect((refused as { code?: string }).code).toBe("APPROVAL_REUSED");
      // Bound to the policy's version too: under another version the flow is not the one approved.
      const otherPolicy = await confirmApproval({
        context: { store: async () => store },
        grant: { ...grant, policyVersion: "0000000000000000" },
        flow: sdkFlow,
      }).catch((error: unknown) => error);
      expect((otherPolicy as { code?: string }).code).toBe("APPROVAL_FLOW_CHANGED");
    } finally {
      await store.close();
    }

    // Sent again on purpose (force): a new question, a new approval, one more transaction.
    const forced = data<Execution>(await server.call("execute_prepared_flow", { flow, force: true }));
    expect(forced.status).toBe("success");
    expect(asked.length).toBe(count + 1);
    expect(await nonceOf()).toBe(nonce + 2);
  });
});
