// ERC-8004 over stdio with the built binary on the devnet's registry stand-ins (Celo addresses): the server's
// signer registers an agent (Registered, its id) and get_agent reads it back with its registration file; a second
// server, signing for another account, gives feedback (NewFeedback) while the agent's own feedback is refused
// before anything is sent; get_agent_reputation over the trusted reviewers is right; an agent wallet signed by an
// EIP-7702-delegated EOA is accepted. Both servers run under a policy that allows no contract by address: the
// registries' calls are recognised. Every read is one HTTP request at a counting proxy.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { erc8004IdentityRegistryAbi, erc8004ReputationRegistryAbi } from "@preflow/core";
import { type FaultProxy, SIMPLE_7702_ACCOUNT, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { createPublicClient, createWalletClient, http, parseEventLogs } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  data,
  type Execution,
  type SpawnedServer,
  spawnPolicyServer,
  toolError,
} from "./helpers/spawnServer.js";

const devnet = useDevnet();
const reader = createPublicClient({ chain: celo, transport: http(devnet.rpcUrl) });
const ownerKey = generatePrivateKey();
const owner = privateKeyToAccount(ownerKey).address;
const reviewerKey = generatePrivateKey();
const reviewer = privateKeyToAccount(reviewerKey).address;
const policy = { allow: { contracts: [] } };

let proxy: FaultProxy;
let server: SpawnedServer;
let reviewerServer: SpawnedServer;
beforeAll(async () => {
  await devnet.fund(owner, "CELO", "5");
  await devnet.fund(reviewer, "CELO", "5");
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
  [server, reviewerServer] = await Promise.all([
    spawnPolicyServer({
      rpcUrl: proxy.url,
      key: ownerKey,
      dir: mkdtempSync(join(tmpdir(), "preflow-8004-")),
      policy,
    }),
    spawnPolicyServer({
      rpcUrl: proxy.url,
      key: reviewerKey,
      dir: mkdtempSync(join(tmpdir(), "preflow-8004r-")),
      policy,
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([server?.close(), reviewerServer?.close()]);
  await proxy?.close();
});

/** Calls a tool and counts the HTTP requests it cost at the proxy. */
async function counted(on: SpawnedServer, name: string, args: Record<string, unknown>) {
  proxy.reset();
  const result = await on.call(name, args);
  return { result, requests: proxy.requests };
}

async function execute(on: SpawnedServer, flow: unknown): Promise<Execution> {
  const execution = data<Execution>(await on.call("execute_prepared_flow", { flow }));
  expect(execution.status, JSON.stringify(execution)).toBe("success");
  return execution;
}

const registration = {
  type: "https://eips.ethereum.org/EIPS/eip-8004#registration-v1",
  name: "Quoter",
  description: "Quotes Celo swaps over x402",
  services: [{ name: "MCP", endpoint: "https://quoter.example/mcp", version: "2025-06-18" }],
  x402Support: true,
  active: true,
};

describe("ERC-8004 tools", () => {
  it("register, read back, feedback from another account only, reputation over trusted reviewers, a 7702-delegated agent wallet", async () => {
    const prepared = await counted(server, "prepare_register_agent", { registration });
    expect(prepared.requests).toBe(1);
    const flow = data<{ intent: { kind: string } }>(prepared.result);
    expect(flow.intent.kind).toBe("agentRegister");
    const registered = await execute(server, flow);
    const receipt = await reader.getTransactionReceipt({ hash: registered.steps[0]?.hash as `0x${string}` });
    const [event] = parseEventLogs({
      abi: erc8004IdentityRegistryAbi,
      eventName: "Registered",
      logs: receipt.logs,
    });
    expect(event?.args.owner).toBe(owner);
    expect(event?.args.agentId).toBeTypeOf("bigint");
    const agentId = String(event?.args.agentId);

    const read = await counted(server, "get_agent", { agent_id: agentId });
    expect(read.requests).toBe(1);
    expect(data(read.result)).toMatchObject({
      agent: {
        agent_id: agentId,
        owner,
        wallet: owner,
        registration_file: registration,
        registration_file_error: null,
      },
    });
    expect(data(await server.call("get_agent", { agent_id: "999999999" }))).toEqual({ agent: null });

    // the agent's own feedback: refused after its one read, nothing sent
    const self = await counted(server, "prepare_give_feedback", { agent_id: agentId, value: "100" });
    expect(toolError(self.result)).toMatchObject({ code: "ERC8004_REFUSED" });
    expect(toolError(self.result).details).toMatchObject({ reason: "self-feedback" });
    expect(self.requests).toBe(1);
    expect(await reader.getTransactionCount({ address: owner })).toBe(1);

    // another account's feedback, through its own server
    const feedback = await counted(reviewerServer, "prepare_give_feedback", {
      agent_id: agentId,
      value: "9050",
      decimals: 2,
      tag1: "starred",
    });
    expect(feedback.requests).toBe(1);
    const given = await execute(reviewerServer, data(feedback.result));
    const feedbackReceipt = await reader.getTransactionReceipt({
      hash: given.steps[0]?.hash as `0x${string}`,
    });
    const [newFeedback] = parseEventLogs({
      abi: erc8004ReputationRegistryAbi,
      eventName: "NewFeedback",
      logs: feedbackReceipt.logs,
    });
    expect(newFeedback?.args).toMatchObject({
      clientAddress: reviewer,
      value: 9050n,
      valueDecimals: 2,
      tag1: "starred",
    });

    const reputation = await counted(server, "get_agent_reputation", {
      agent_id: agentId,
      reviewers: [reviewer],
      tag1: "starred",
    });
    expect(reputation.requests).toBe(1);
    expect(data(reputation.result)).toMatchObject({
      count: "1",
      value: "9050",
      decimals: 2,
      average: "90.5",
    });
    expect(
      data(await server.call("get_agent_reputation", { agent_id: agentId, reviewers: [owner] })),
    ).toMatchObject({ count: "0" });

    // the agent wallet: an EOA delegated (EIP-7702) to preflow's simple-7702 account signs AgentWalletSet
    const hotKey = generatePrivateKey();
    const hot = privateKeyToAccount(hotKey);
    await devnet.fund(hot.address, "CELO", "1");
    const hotWallet = createWalletClient({ account: hot, chain: celo, transport: http(devnet.rpcUrl) });
    const authorization = await hotWallet.signAuthorization({
      contractAddress: SIMPLE_7702_ACCOUNT,
      executor: "self",
    });
    await reader.waitForTransactionReceipt({
      hash: await hotWallet.sendTransaction({ to: hot.address, authorizationList: [authorization] }),
    });
    expect(await reader.getCode({ address: hot.address })).toBe(
      `0xef0100${SIMPLE_7702_ACCOUNT.slice(2).toLowerCase()}`,
    );
    const deadline = (await reader.getBlock()).timestamp + 240n;
    const signature = await hot.signTypedData({
      domain: {
        name: "ERC8004IdentityRegistry",
        version: "1",
        chainId: 42220,
        verifyingContract: erc8004Address,
      },
      types: {
        AgentWalletSet: [
          { name: "agentId", type: "uint256" },
          { name: "newWallet", type: "address" },
          { name: "owner", type: "address" },
          { name: "deadline", type: "uint256" },
        ],
      },
      primaryType: "AgentWalletSet",
      message: { agentId: BigInt(agentId), newWallet: hot.address, owner, deadline },
    });
    const walletFlow = await counted(server, "prepare_set_agent_wallet", {
      agent_id: agentId,
      wallet: hot.address,
      deadline: deadline.toString(),
      signature,
    });
    expect(walletFlow.requests).toBe(1);
    await execute(server, data(walletFlow.result));
    expect(data(await server.call("get_agent", { agent_id: agentId }))).toMatchObject({
      agent: { wallet: hot.address },
    });
  });
});

const erc8004Address = "0x8004A169FB4a3325136EB29fA0ceB6D2e539a432" as const;
