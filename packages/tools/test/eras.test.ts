// Both MCP eras from one binary, on the devnet: a 2026-07-28 client (`@modelcontextprotocol/client` 2.4.0 pinned to
// 2026-07-28: `server/discover`, no `initialize`) and a 2025 client (`@modelcontextprotocol/sdk` 1.32.2) list the same
// tools and run them. Approvals reach the 2026 client as `input_required` (the client's elicitation handler answers,
// the client retries with the answer and the sealed requestState): accept with the code sends exactly one
// transaction; decline (asked once, never again), a wrong code and a late answer are refused with the same errors as
// in the 2025 era, and nothing is sent (the signer's nonce and the recipient's balance do not move).
import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client, ElicitRequest, ElicitResult } from "@modelcontextprotocol/client";
import { useDevnet } from "@preflow/devnet/vitest";
import { parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOOL_NAMES } from "../src/index.js";
import { REQUEST_STATE_KEY_FILE } from "../src/state/requestStateKey.js";
import {
  approvalAccounts,
  codeOf,
  connectModernClient,
  type Execution,
  policyEnvironment,
  type SpawnedServer,
  spawnServer,
  type ToolError,
  typing,
} from "./helpers/spawnServer.js";

const devnet = useDevnet();
const { key, friend, nonceOf, usdm, ...accounts } = approvalAccounts(devnet);
const dir = mkdtempSync(join(tmpdir(), "preflow-eras-"));

type Params = ElicitRequest["params"];
let person: (params: Params) => Promise<ElicitResult> = async () => ({ action: "decline" });
const asked: Params[] = [];

let modern: Client;
let modernStderr: () => string;
let legacy: SpawnedServer;
let stateDir: string;
beforeAll(async () => {
  await accounts.fund();
  const setup = policyEnvironment({
    rpcUrl: devnet.rpcUrl,
    key,
    dir,
    policy: {
      caps: { USDm: { perCall: "50" } },
      approval: { above: { USDm: "5" }, timeoutSeconds: 3, mode: "form" },
    },
  });
  stateDir = setup.stateDir;
  ({ client: modern, stderr: modernStderr } = await connectModernClient(setup.env, {
    name: "preflow-eras-test",
    answer: async (params) => {
      asked.push(params);
      return person(params);
    },
    inputRequired: { maxRounds: 4 },
  }));
  legacy = await spawnServer({ ...setup.env, PREFLOW_STATE_DIR: join(dir, "legacy-state") });
});
afterAll(async () => {
  await modern?.close();
  await legacy?.close();
  expect(modernStderr?.().toLowerCase()).not.toContain(key.slice(2).toLowerCase());
});

const call = async (name: string, args: Record<string, unknown>) =>
  (await modern.callTool({ name, arguments: args })) as {
    isError?: boolean;
    structuredContent?: Record<string, unknown>;
  };
const errorOf = (result: Awaited<ReturnType<typeof call>>) => {
  expect(result.isError).toBe(true);
  return (result.structuredContent as { error: ToolError }).error;
};

/** Runs a send above the threshold, expects the refusal `code`, and shows nothing was sent. */
const refusedWith = (code: string, amount: string) =>
  accounts.refusedWith(code, async () =>
    errorOf(await call("send_token", { to: friend, token: "USDm", amount })),
  );

describe("both eras", () => {
  it("the 2026-07-28 client speaks 2026-07-28, and both clients list the same tools and schemas", async () => {
    expect(modern.getProtocolEra()).toBe("modern");
    const fromModern = (await modern.listTools()).tools;
    const fromLegacy = (await legacy.client.listTools()).tools;
    // approve_flow is app-only (MCP Apps): listed only to clients that declare the extension (flowView.test.ts).
    expect(fromModern.map((tool) => tool.name).sort()).toEqual(
      TOOL_NAMES.filter((name) => name !== "approve_flow").sort(),
    );
    expect(fromModern).toEqual(fromLegacy);
  });

  it("both run a reading tool and a send below the threshold alike", async () => {
    const policyModern = (await call("get_policy", {})).structuredContent;
    const policyLegacy = (await legacy.call("get_policy", {})).structuredContent;
    expect(policyModern).toEqual(policyLegacy);
    const nonce = await nonceOf();
    const sent = (await call("send_token", { to: friend, token: "USDm", amount: "1" }))
      .structuredContent as unknown as Execution;
    expect(sent.status).toBe("success");
    expect(await nonceOf()).toBe(nonce + 1);
  });
});

describe("approval through input_required (2026-07-28)", () => {
  it("accept with the flow's code sends exactly one transaction", async () => {
    person = typing(codeOf);
    const count = asked.length;
    const nonce = await nonceOf();
    const before = await usdm(friend);
    const result = (await call("send_token", { to: friend, token: "USDm", amount: "7" }))
      .structuredContent as unknown as Execution;
    expect(result.status).toBe("success");
    expect(asked.length).toBe(count + 1);
    const question = asked.at(-1) as Params & { requestedSchema?: { properties: Record<string, unknown> } };
    expect(question.message).toContain(`Flow id: ${result.flow_id}`);
    expect(Object.keys(question.requestedSchema?.properties ?? {})).toEqual(["code"]);
    expect(await nonceOf()).toBe(nonce + 1);
    expect((await usdm(friend)) - before).toBe(parseUnits("7", 18));
    // The requestState key: in the state directory, readable by its owner only.
    expect(statSync(join(stateDir, REQUEST_STATE_KEY_FILE)).mode & 0o777).toBe(0o600);
  });

  it("a decline is asked once and refused at once; so is a cancel", async () => {
    for (const action of ["decline", "cancel"] as const) {
      person = async () => ({ action });
      const count = asked.length;
      const started = Date.now();
      expect((await refusedWith("APPROVAL_DECLINED", "7.2")).details).toMatchObject({ action });
      expect(asked.length).toBe(count + 1);
      expect(Date.now() - started).toBeLessThan(2_500);
    }
  });

  it("refuses a wrong code", async () => {
    person = typing(() => "ZZZZ-ZZZZ");
    const error = await refusedWith("APPROVAL_CODE_MISMATCH", "7.1");
    expect(error.details).toMatchObject({ typed: "ZZZZ-ZZZZ" });
  });

  it("refuses an answer that comes after timeoutSeconds, even with the right code", async () => {
    person = (params) =>
      new Promise((resolve) =>
        setTimeout(() => resolve({ action: "accept", content: { code: codeOf(params) } }), 4_000),
      );
    const error = await refusedWith("APPROVAL_EXPIRED", "7.3");
    expect(error.details).toMatchObject({ waited_ms: expect.any(Number) });
  });

  it("refuses a forged or edited requestState without running anything", async () => {
    const nonce = await nonceOf();
    await expect(
      modern.callTool({
        name: "send_token",
        arguments: { to: friend, token: "USDm", amount: "7.4" },
        // A state the server never minted.
        requestState: "v1.eyJwIjp7fSwiZXhwIjo5OTk5OTk5OTk5fQ.AAAA",
      } as never),
    ).rejects.toThrow("Invalid or expired requestState");
    expect(await nonceOf()).toBe(nonce);
  });
});
