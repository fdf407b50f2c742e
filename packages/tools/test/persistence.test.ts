// The "no double sends" memory survives a restart: over stdio with the built binary on the devnet, servers are
// killed (SIGKILL: no shutdown) and started again on the same PREFLOW_STATE_DIR.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { type Address, createPublicClient, erc20Abi, type Hash, http, parseEther, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";
import { beforeAll, describe, expect, it } from "vitest";
import { storedRecords } from "./helpers/readStore.js";
import { data, type Execution, spawnServer, text } from "./helpers/spawnServer.js";

const devnet = useDevnet();
const USDM = devnet.tokens.USDm.address as Address;
const reader = createPublicClient({ chain: celo, transport: http(devnet.rpcUrl) });
const key = generatePrivateKey();
const signer = privateKeyToAccount(key).address;
const someone = () => privateKeyToAccount(generatePrivateKey()).address;
const usdm = (owner: Address) =>
  reader.readContract({ address: USDM, abi: erc20Abi, functionName: "balanceOf", args: [owner] });
const nonceOf = (owner: Address) => reader.getTransactionCount({ address: owner, blockTag: "pending" });
const freshStateDir = () => mkdtempSync(join(tmpdir(), "preflow-tools-restart-"));
const serverEnv = (stateDir: string, rpcUrl = devnet.rpcUrl) => ({
  RPC_URL: rpcUrl,
  DO_NOT_TRACK: "1",
  CHAIN_PRIVATE_KEY: key,
  PREFLOW_STATE_DIR: stateDir,
});

interface FileRecord {
  flowId: string;
  state: string;
  outcome: string | null;
  steps: { index: number; hash: Hash | null; status: string; nonce?: number }[];
}
const signerRecords = (stateDir: string): FileRecord[] => storedRecords<FileRecord>(stateDir, signer);

interface Status extends Execution {
  interrupted?: true;
  steps: (Execution["steps"][number] & { block_number?: string; sent?: boolean | "unknown" })[];
}

beforeAll(async () => {
  await devnet.fund(signer, "CELO", "10");
  await devnet.fund(signer, "USDm", "1000");
});

describe("after a restart", () => {
  it("a flow executed before is not sent again (replayed: true, nonce unchanged); force: true sends it", async () => {
    const stateDir = freshStateDir();
    const to = someone();
    const first = await spawnServer(serverEnv(stateDir));
    const flow = data(await first.call("prepare_send", { to, token: "USDm", amount: "2" }));
    const sent = data<Execution>(await first.call("execute_prepared_flow", { flow }));
    expect(sent).toMatchObject({ status: "success", replayed: false });
    await first.kill();
    await first.close();
    expect(signerRecords(stateDir)).toMatchObject([
      { flowId: sent.flow_id, state: "done", outcome: "success", steps: [{ hash: sent.steps[0]?.hash }] },
    ]);

    const second = await spawnServer(serverEnv(stateDir));
    try {
      const nonce = await nonceOf(signer);
      const again = await second.call("execute_prepared_flow", { flow });
      expect(data<Status>(again)).toMatchObject({ status: "success", replayed: true, flow_id: sent.flow_id });
      expect(data<Status>(again).interrupted).toBeUndefined();
      expect(data<Status>(again).steps[0]?.hash).toBe(sent.steps[0]?.hash);
      expect(text(again)).toContain("force: true");
      // send_token of the same transfer is the same flow.
      const token = data<Status>(await second.call("send_token", { to, token: "USDm", amount: "2" }));
      expect(token).toMatchObject({ replayed: true, flow_id: sent.flow_id });
      const status = data<Status>(await second.call("get_flow_status", { flow_id: sent.flow_id }));
      expect(status).toMatchObject({ status: "success", steps: [{ hash: sent.steps[0]?.hash }] });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await nonceOf(signer)).toBe(nonce);
      expect(await usdm(to)).toBe(parseUnits("2", 18));

      const forced = data<Status>(await second.call("execute_prepared_flow", { flow, force: true }));
      expect(forced).toMatchObject({ status: "success", replayed: false, flow_id: sent.flow_id });
      expect(forced.steps[0]?.hash).not.toBe(sent.steps[0]?.hash);
      expect(await nonceOf(signer)).toBe(nonce + 1);
      expect(await usdm(to)).toBe(parseUnits("4", 18));
      expect(signerRecords(stateDir)).toMatchObject([{ steps: [{ hash: forced.steps[0]?.hash }] }]);
    } finally {
      await second.close();
    }
  });

  it("an execution killed while its step was in flight is read from the chain (the step success with its block, interrupted: true); executing it again sends only the step never sent", async () => {
    const stateDir = freshStateDir();
    // The first server never sees a receipt, so it is still waiting for step 0 when it is killed.
    const proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
    proxy.inject({ method: "eth_getTransactionReceipt", fault: { kind: "result", result: null } });
    const to = someone();
    let flow: Record<string, unknown>;
    try {
      const first = await spawnServer(serverEnv(stateDir, proxy.url));
      const usdmStep = data<{ steps: unknown[] }>(
        await first.call("prepare_send", { to, token: "USDm", amount: "5" }),
      );
      const celoStep = data<{ steps: unknown[] }>(
        await first.call("prepare_send", { to, token: "CELO", amount: "0.01" }),
      );
      flow = { ...usdmStep, summary: "5 USDm then 0.01 CELO", steps: [...usdmStep.steps, ...celoStep.steps] };
      let killed: Promise<void> | undefined;
      const call = first
        .call(
          "execute_prepared_flow",
          { flow },
          {
            onprogress: (event) => {
              if (event.progress >= 0.5) killed ??= first.kill(); // step 0 sent
            },
          },
        )
        .catch((error: unknown) => error);
      expect(await call).toBeInstanceOf(Error); // the server died before answering
      await killed;
      await first.close();
    } finally {
      await proxy.close();
    }

    const [persisted] = signerRecords(stateDir);
    expect(persisted).toMatchObject({
      state: "running",
      outcome: null,
      steps: [
        { status: "pending", nonce: expect.any(Number) },
        { status: "queued", hash: null },
      ],
    });
    const hash = persisted?.steps[0]?.hash as Hash;
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    const receipt = await reader.getTransactionReceipt({ hash }); // the devnet mined it
    expect(receipt.status).toBe("success");

    const second = await spawnServer(serverEnv(stateDir));
    try {
      const nonce = await nonceOf(signer);
      const status = data<Status>(await second.call("get_flow_status", { flow_id: persisted?.flowId }));
      expect(status).toMatchObject({
        status: "failed",
        interrupted: true,
        completed_steps: 1,
        failed_step: 1,
        steps: [
          { index: 0, hash, status: "success", block_number: receipt.blockNumber.toString(), sent: true },
          { index: 1, hash: null, status: "skipped", sent: false },
        ],
      });
      expect(status.steps[0]?.error).toBeUndefined();
      expect(status.steps[1]?.error).toMatch(
        /^not sent: the tool server stopped before this step was signed/,
      );
      // What it read from the chain is kept: the next server starts from it.
      expect(signerRecords(stateDir)[0]).toMatchObject({
        state: "done",
        outcome: "failed",
        interrupted: true,
        steps: [{ status: "success", blockNumber: receipt.blockNumber.toString() }, { status: "skipped" }],
      });

      expect(text(await second.call("get_flow_status", { flow_id: persisted?.flowId }))).toMatch(
        /Execute the flow again \(without force\) to continue from step 1/,
      );

      // Executing it again continues it: the first step is on chain (looked up, not sent again), the second is sent.
      const again = await second.call("execute_prepared_flow", { flow });
      expect(again.structuredContent).toMatchObject({ replayed: false, status: "success" });
      expect(data<Status>(again).interrupted).toBeUndefined();
      expect(data<Status>(again).steps).toMatchObject([
        { index: 0, hash, status: "success" },
        { index: 1, status: "success", nonce },
      ]);
      expect(text(again)).toMatch(/^Continued from step 1: .*not sent again\. All 2 step\(s\) executed/);
      expect(await nonceOf(signer)).toBe(nonce + 1);
      expect(await usdm(to)).toBe(parseUnits("5", 18));
      expect(await reader.getBalance({ address: to })).toBe(parseEther("0.01"));
      // And a third time is the replay: nothing sent.
      const third = await second.call("execute_prepared_flow", { flow });
      expect(third.structuredContent).toMatchObject({ replayed: true, status: "success" });
      expect(await nonceOf(signer)).toBe(nonce + 1);
      expect(second.captured().stderr).toContain(
        `flow ${persisted?.flowId}: its server stopped before it ended; its steps are read from the chain`,
      );
    } finally {
      await second.close();
    }
  });

  it("a step whose hash the chain does not know stays pending (interrupted), and the flow is not sent again", async () => {
    const stateDir = freshStateDir();
    const server = await spawnServer(serverEnv(stateDir));
    try {
      const to = someone();
      const flow = data<{ steps: { to: string; description: string }[] }>(
        await server.call("prepare_send", { to, token: "CELO", amount: "0.5" }),
      );
      // A dry run gives the flow id and opens nothing: the file is read on the first real execution or status.
      const { flow_id } = data<Execution>(
        await server.call("execute_prepared_flow", { flow, dry_run: true }),
      );
      expect(existsSync(join(stateDir, "executions.json"))).toBe(false);
      const unknownHash = `0x${"77".repeat(32)}`;
      // As a server writes it right after signing: the hash is on disk before the send.
      writeFileSync(
        join(stateDir, "executions.json"),
        JSON.stringify({
          version: 1,
          executions: {
            [signer.toLowerCase()]: [
              {
                flowId: flow_id,
                chainId: 42220,
                from: signer,
                summary: "Send 0.5 CELO",
                state: "running",
                outcome: null,
                startedAt: new Date().toISOString(),
                finishedAt: null,
                steps: [
                  {
                    index: 0,
                    description: flow.steps[0]?.description,
                    to: flow.steps[0]?.to,
                    hash: unknownHash,
                    status: "pending",
                    sent: "unknown",
                    nonce: await nonceOf(signer),
                  },
                ],
              },
            ],
          },
        }),
      );
      const nonce = await nonceOf(signer);
      const status = data<Status>(await server.call("get_flow_status", { flow_id }));
      expect(status).toMatchObject({
        status: "pending",
        interrupted: true,
        finished_at: null,
        steps: [{ hash: unknownHash, status: "pending", sent: "unknown" }],
      });
      expect(status.steps[0]?.error).toContain("the chain has no receipt for it yet");
      const again = await server.call("execute_prepared_flow", { flow });
      expect(again.isError).toBeFalsy();
      expect(data<Status>(again)).toMatchObject({ replayed: true, interrupted: true, status: "pending" });
      expect(text(again)).toContain("do not execute it again");
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await nonceOf(signer)).toBe(nonce);
      expect(await reader.getBalance({ address: to })).toBe(0n);
    } finally {
      await server.close();
    }
  });

  it("two identical first calls of a fresh server (both waiting for the file to load) send once", async () => {
    const stateDir = freshStateDir();
    const server = await spawnServer(serverEnv(stateDir));
    try {
      const to = someone();
      const [a, b] = await Promise.all([
        server.call("send_token", { to, token: "USDm", amount: "7" }),
        server.call("send_token", { to, token: "USDm", amount: "7" }),
      ]);
      const replays = [data<Execution>(a), data<Execution>(b)].map((execution) => execution.replayed).sort();
      expect(replays).toEqual([false, true]);
      expect(await usdm(to)).toBe(parseUnits("7", 18));
      expect(signerRecords(stateDir)).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it("a corrupt or foreign executions.json of an earlier version does not stop the server: it says so once, is not imported, is left as it was, and the tools work", async () => {
    for (const corrupt of ['{"version":1,"executions":{"0x', '{"version":7,"executions":{}}']) {
      const stateDir = freshStateDir();
      writeFileSync(join(stateDir, "executions.json"), corrupt);
      const server = await spawnServer(serverEnv(stateDir));
      try {
        const to = someone();
        const sent = data<Execution>(await server.call("send_token", { to, token: "CELO", amount: "0.001" }));
        expect(sent).toMatchObject({ status: "success", replayed: false });
        expect(await reader.getBalance({ address: to })).toBe(parseEther("0.001"));
        expect(data<Execution>(await server.call("get_flow_status", { flow_id: sent.flow_id })).status).toBe(
          "success",
        );
        const lines = server
          .captured()
          .stderr.split("\n")
          .filter((line) => line.includes("executions.json"));
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(
          /executions\.json: it (is not JSON|has version 7 .*); not imported \(the file is left as it is\)$/,
        );
        expect(readFileSync(join(stateDir, "executions.json"), "utf8")).toBe(corrupt);
        expect(signerRecords(stateDir)).toMatchObject([{ flowId: sent.flow_id, state: "done" }]);
      } finally {
        await server.close();
      }
    }
  });
});
