// Execution over stdio with the built binary on the devnet: misspelled flags refused, one queue per signer,
// no double sends, cancellation between steps, get_flow_status.
import { executePreparedFlow, parsePreparedFlow } from "@preflow/core";
import { DEVNET_VAULT_ADDRESS, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { type Address, createPublicClient, erc20Abi, http, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOOL_FAMILY, TOOL_NAMES } from "../src/index.js";
import type { PreparedFlowSnake } from "../src/schemas/flow.js";
import { toSdkFlow } from "../src/tools/execute.js";
import {
  data,
  type Execution,
  type SpawnedServer,
  spawnServer,
  text,
  toolError,
} from "./helpers/spawnServer.js";

const devnet = useDevnet();
const USDM = devnet.tokens.USDm.address as Address;
const reader = createPublicClient({ chain: celo, transport: http(devnet.rpcUrl) });
const key = generatePrivateKey();
const signer = privateKeyToAccount(key).address;
const someone = () => privateKeyToAccount(generatePrivateKey()).address;
const usdm = (owner: Address) =>
  reader.readContract({ address: USDM, abi: erc20Abi, functionName: "balanceOf", args: [owner] });
const nonceOf = (owner: Address) => reader.getTransactionCount({ address: owner, blockTag: "pending" });

let server: SpawnedServer;
beforeAll(async () => {
  await devnet.fund(signer, "CELO", "10");
  await devnet.fund(signer, "USDm", "1000");
  server = await spawnServer({ RPC_URL: devnet.rpcUrl, DO_NOT_TRACK: "1", CHAIN_PRIVATE_KEY: key });
});
afterAll(async () => {
  await server?.close();
});

describe("strict inputs", () => {
  it("refuses dryRun (and simulate) with a tool error naming dry_run, and sends nothing", async () => {
    const to = someone();
    const nonce = await nonceOf(signer);
    const misspelled = await server.call("send_token", { to, token: "USDm", amount: "1", dryRun: true });
    expect(toolError(misspelled)).toMatchObject({
      code: "UNKNOWN_ARGUMENT",
      details: { path: "dryRun", suggestion: "dry_run" },
    });
    expect(text(misspelled)).toContain("did you mean `dry_run`?");
    const flow = data(await server.call("prepare_send", { to, token: "USDm", amount: "1" }));
    for (const args of [
      { flow, dryRun: true },
      { flow, simulate: true },
    ]) {
      const refused = await server.call("execute_prepared_flow", args);
      expect(toolError(refused).code).toBe("UNKNOWN_ARGUMENT");
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await nonceOf(signer)).toBe(nonce);
    expect(await usdm(to)).toBe(0n);
  });
});

describe("one queue per signer", () => {
  it("lands 10 concurrent send_token calls with consecutive nonces", async () => {
    const start = await nonceOf(signer);
    const recipients = Array.from({ length: 10 }, () => someone());
    const results = await Promise.all(
      recipients.map((to) => server.call("send_token", { to, token: "USDm", amount: "1" })),
    );
    const executions = results.map((result) => data<Execution>(result));
    expect(executions.map((execution) => execution.status)).toEqual(Array(10).fill("success"));
    const nonces = executions.map((execution) => execution.steps[0]?.nonce as number).sort((a, b) => a - b);
    expect(nonces).toEqual(Array.from({ length: 10 }, (_, index) => start + index));
    for (const to of recipients) expect(await usdm(to)).toBe(parseUnits("1", 18));
  });

  it("keeps serving the queue after a failed step", async () => {
    const broke = await server.call("send_token", { to: someone(), token: "USDm", amount: "100000" });
    expect(toolError(broke).code).toBe("INSUFFICIENT_BALANCE");
    const after = data<Execution>(
      await server.call("send_token", { to: someone(), token: "USDm", amount: "1" }),
    );
    expect(after.status).toBe("success");
  });
});

describe("no double sends", () => {
  it("executes the same flow once; force: true sends it again; get_flow_status reports it", async () => {
    const to = someone();
    const flow = data(await server.call("prepare_send", { to, token: "USDm", amount: "2" }));
    const first = data<Execution>(await server.call("execute_prepared_flow", { flow }));
    expect(first).toMatchObject({ status: "success", replayed: false });
    const nonce = await nonceOf(signer);
    const again = await server.call("execute_prepared_flow", { flow: JSON.stringify(flow) });
    expect(data<Execution>(again)).toMatchObject({
      status: "success",
      replayed: true,
      flow_id: first.flow_id,
    });
    expect(data<Execution>(again).steps[0]?.hash).toBe(first.steps[0]?.hash);
    expect(text(again)).toContain("force: true");
    expect(await nonceOf(signer)).toBe(nonce);
    expect(await usdm(to)).toBe(parseUnits("2", 18));

    const forced = data<Execution>(await server.call("execute_prepared_flow", { flow, force: true }));
    expect(forced).toMatchObject({ status: "success", replayed: false });
    expect(forced.steps[0]?.hash).not.toBe(first.steps[0]?.hash);
    expect(await usdm(to)).toBe(parseUnits("4", 18));

    const status = data<Execution>(await server.call("get_flow_status", { flow_id: first.flow_id }));
    expect(status).toMatchObject({ flow_id: first.flow_id, status: "success" });
    expect(status.steps[0]?.hash).toBe(forced.steps[0]?.hash);
  });

  it("send_token of the same transfer twice sends once", async () => {
    const to = someone();
    const [a, b] = await Promise.all([
      server.call("send_token", { to, token: "USDm", amount: "3" }),
      server.call("send_token", { to, token: "USDm", amount: "3" }),
    ]);
    const replays = [data<Execution>(a), data<Execution>(b)].map((execution) => execution.replayed).sort();
    expect(replays).toEqual([false, true]);
    expect(await usdm(to)).toBe(parseUnits("3", 18));
  });
});

describe("cancellation", () => {
  it("a cancelled 2-step execution sends at most the step in flight, and says which were sent", async () => {
    // Receipts come slowly here, so the cancellation reaches the server while step 0 is in flight.
    const proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
    const server = await spawnServer({ RPC_URL: proxy.url, DO_NOT_TRACK: "1", CHAIN_PRIVATE_KEY: key });
    proxy.inject({ method: "eth_getTransactionReceipt", fault: { kind: "delay", ms: 1_000 } });
    try {
      const to = someone();
      const first = data<{ steps: unknown[] }>(
        await server.call("prepare_send", { to, token: "USDm", amount: "5" }),
      );
      const second = data<{ steps: unknown[] }>(
        await server.call("prepare_send", { to, token: "CELO", amount: "0.01" }),
      );
      const flow = { ...first, summary: "5 USDm then 0.01 CELO", steps: [...first.steps, ...second.steps] };
      const nonce = await nonceOf(signer);
      const controller = new AbortController();
      const call = server
        .call(
          "execute_prepared_flow",
          { flow },
          {
            signal: controller.signal,
            onprogress: (event) => {
              if (event.progress >= 0.5) controller.abort("the user changed their mind");
            },
          },
        )
        .catch((error: unknown) => error);
      expect(await call).toBeInstanceOf(Error); // the client gave up on the request
      // Give the server time to finish the step in flight (and to send the next, if it wrongly would).
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect((await nonceOf(signer)) - nonce).toBeLessThanOrEqual(1);
      expect(await reader.getBalance({ address: to })).toBe(0n); // step 2 never sent

      const { flow_id } = data<Execution>(
        await server.call("execute_prepared_flow", { flow, dry_run: true }),
      );
      const status = data<Execution>(await server.call("get_flow_status", { flow_id }));
      expect(status.status).toBe("cancelled");
      expect(status.steps[1]).toMatchObject({ status: "skipped", hash: null });
      expect(server.captured().stderr).toMatch(/cancelled; steps sent: (0|none)/);
    } finally {
      await server.close();
      await proxy.close();
    }
  });
});

describe("a reverting step", () => {
  it("carries core's own reason for the failure, as executePreparedFlow gives it, into the result", async () => {
    // A deposit without its approval: the vault's transferFrom reverts (StableToken's allowance string).
    const depositAlone = async (from: Address) =>
      data<PreparedFlowSnake>(
        await server.call("prepare_contract_call", {
          from,
          to: DEVNET_VAULT_ADDRESS,
          abi: ["function deposit(address token, uint256 amount)"],
          function_name: "deposit",
          args: [USDM, parseUnits("2", 18).toString()],
        }),
      );
    const result = await server.call("execute_prepared_flow", { flow: await depositAlone(signer) });
    const execution = result.structuredContent as unknown as Execution;
    expect(execution).toMatchObject({ status: "failed", failed_step: 0 });
    const reason = execution.steps[0]?.error;
    expect(reason).toMatch(/revert/i);

    // The same step for another account, run by core in this process: the tool passes core's reason on as is.
    const otherKey = generatePrivateKey();
    const other = privateKeyToAccount(otherKey);
    await devnet.fund(other.address, "CELO", "1");
    await devnet.fund(other.address, "USDm", "10");
    const direct = await executePreparedFlow(reader, {
      account: other,
      flow: parsePreparedFlow(toSdkFlow(await depositAlone(other.address))),
    });
    expect(direct.steps[0]?.status).toBe(execution.steps[0]?.status);
    expect(reason).toBe(direct.steps[0]?.error);
    expect(text(result)).toContain(`(${execution.steps[0]?.status}: ${direct.steps[0]?.error})`);
  });
});

describe("dry runs need no signer", () => {
  it("simulates a flow that names its from on a server without a key", async () => {
    const keyless = await spawnServer({
      RPC_URL: devnet.rpcUrl,
      DO_NOT_TRACK: "1",
      PREFLOW_TOOLS: "prepare,execute",
    });
    try {
      const flow = data(
        await keyless.call("prepare_send", { from: signer, to: someone(), token: "USDm", amount: "1" }),
      );
      const simulated = data<Execution>(await keyless.call("execute_prepared_flow", { flow, dry_run: true }));
      expect(simulated).toMatchObject({ status: "success", dry_run: true });
      const refused = await keyless.call("execute_prepared_flow", { flow });
      expect(toolError(refused).code).toBe("SIGNER_NOT_CONFIGURED");
      // Families: only prepare and execute are offered.
      const { tools } = await keyless.client.listTools();
      const offered = TOOL_NAMES.filter(
        // approve_flow (app-only) is listed only to clients that render MCP Apps
        (name) => ["prepare", "execute"].includes(TOOL_FAMILY[name]!) && name !== "approve_flow",
      );
      expect(offered).toContain("execute_prepared_flow");
      expect(offered).not.toContain("get_balances");
      expect(tools.map((tool) => tool.name)).toEqual(offered);
      expect(toolError(await keyless.call("get_balances", { address: signer })).code).toBe("UNKNOWN_TOOL");
    } finally {
      await keyless.close();
    }
  });
});
