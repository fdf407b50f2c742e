import { createRequire } from "node:module";
import { RpcError } from "@preflow/core";
import { devnetChain, type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { type Abi, type Address, createPublicClient, createWalletClient, type Hex, http, pad } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AGENT_REGISTRY_ADDRESS, AgentRegistryNotDeployedError, signAgentRequest } from "../src/index.js";
import { type AgentClient, createAgentClient } from "./support/client.js";

/**
 * A STAND-IN for the agent registry (not the real contract): the four view functions preflow relies on,
 * with the documented signatures, plus a `setAgent` setter so the test can register agents.
 */
const REGISTRY_STAND_IN_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

contract AgentRegistryStandIn {
    mapping(bytes32 => uint256) private agentIdOf;
    mapping(uint256 => bool) private verified;
    mapping(uint256 => uint256) private proofExpiresAt;
    mapping(uint256 => string) private nationality;
    mapping(uint256 => uint256) private olderThan;

    function setAgent(bytes32 agentKey, uint256 agentId, bool isVerified, uint256 expiresAt, string calldata nat, uint256 age) external {
        agentIdOf[agentKey] = agentId;
        verified[agentId] = isVerified;
        proofExpiresAt[agentId] = expiresAt;
        nationality[agentId] = nat;
        olderThan[agentId] = age;
    }

    function isVerifiedAgent(bytes32 agentKey) external view returns (bool) {
        uint256 agentId = agentIdOf[agentKey];
        return agentId != 0 && verified[agentId];
    }

    function getAgentId(bytes32 agentKey) external view returns (uint256) {
        return agentIdOf[agentKey];
    }

    function isProofFresh(uint256 agentId) external view returns (bool) {
        return proofExpiresAt[agentId] > block.timestamp;
    }

    function getAgentCredentials(uint256 agentId) external view returns (string memory, uint256) {
        return (nationality[agentId], olderThan[agentId]);
    }
}
`;

function compileStandIn(): { abi: Abi; runtime: Hex } {
  const require = createRequire(import.meta.url);
  const solc = require("solc") as { compile(input: string): string };
  const output = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: "Solidity",
        sources: { "AgentRegistryStandIn.sol": { content: REGISTRY_STAND_IN_SOURCE } },
        settings: {
          optimizer: { enabled: true, runs: 200 },
          outputSelection: { "*": { "*": ["abi", "evm.deployedBytecode.object"] } },
        },
      }),
    ),
  ) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { deployedBytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((entry) => entry.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((entry) => entry.formattedMessage).join("\n"));
  const contract = output.contracts["AgentRegistryStandIn.sol"]!.AgentRegistryStandIn!;
  return { abi: contract.abi, runtime: `0x${contract.evm.deployedBytecode.object}` };
}

const devnet = useDevnet();
const chain = devnetChain(devnet.rpcUrl);
const publicClient = createPublicClient({ chain, transport: http(devnet.rpcUrl) });
const verifiedKey = generatePrivateKey();
const verifiedAgent = privateKeyToAccount(verifiedKey);
const unverifiedAgent = privateKeyToAccount(generatePrivateKey()); // registered, no human proof
const strangerAgent = privateKeyToAccount(generatePrivateKey()); // never registered
let standIn: { abi: Abi; runtime: Hex };
let proxy: FaultProxy;
let client: AgentClient;

async function rpc(method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(devnet.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

beforeAll(async () => {
  standIn = compileStandIn();
  await rpc("anvil_setCode", [AGENT_REGISTRY_ADDRESS, standIn.runtime]);
  // The registry's admin: a fresh key with 1 CELO for gas, and plain viem clients straight to the devnet.
  const admin = privateKeyToAccount(generatePrivateKey());
  await devnet.fund(admin.address, "CELO", "1");
  const wallet = createWalletClient({ account: admin, chain, transport: http(devnet.rpcUrl) });
  const register = async (agent: Address, agentId: bigint, isVerified: boolean) => {
    const hash = await wallet.writeContract({
      address: AGENT_REGISTRY_ADDRESS,
      abi: standIn.abi,
      functionName: "setAgent",
      args: [pad(agent, { size: 32 }), agentId, isVerified, 2n ** 40n, "NL", 18n],
    });
    expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe("success");
  };
  await register(verifiedAgent.address, 11n, true);
  await register(unverifiedAgent.address, 12n, false);
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
  client = createAgentClient({ rpcUrl: proxy.url, agentIdPrivateKey: verifiedKey, analyticsEnabled: false });
});
afterAll(async () => {
  await proxy?.close();
});

describe("isVerifiedAgent against a registry stand-in placed at the registry address on the devnet", () => {
  it("the stand-in answers the documented view functions", async () => {
    const read = (functionName: string, args: unknown[]) =>
      publicClient.readContract({ address: AGENT_REGISTRY_ADDRESS, abi: standIn.abi, functionName, args });
    expect(await read("getAgentId", [pad(verifiedAgent.address, { size: 32 })])).toBe(11n);
    expect(await read("isProofFresh", [11n])).toBe(true);
    expect(await read("getAgentCredentials", [11n])).toEqual(["NL", 18n]);
  });

  it("is true for a verified agent and false otherwise, in one HTTP request each", async () => {
    proxy.reset();
    expect(await client.agentId.isVerifiedAgent(verifiedAgent.address)).toBe(true);
    expect(proxy.requests).toBe(1);
    expect(proxy.batches).toEqual([["eth_chainId", "eth_call"]]); // the chain check rides along, once
    proxy.reset();
    expect(await client.agentId.isVerifiedAgent(unverifiedAgent.address)).toBe(false);
    expect(await client.agentId.isVerifiedAgent(strangerAgent.address.toLowerCase())).toBe(false);
    expect(proxy.batches).toEqual([["eth_call"], ["eth_call"]]);
  });

  it("verifyAgentRequest with requireVerifiedAgent checks the registry", async () => {
    const request = { method: "GET", url: "/v1/prices?pair=CELO-USDm" };
    const fromVerified = await client.agentId.signRequest(request);
    expect(
      await client.agentId.verifyAgentRequest(
        { ...request, headers: fromVerified },
        { requireVerifiedAgent: true },
      ),
    ).toEqual({
      valid: true,
      address: verifiedAgent.address,
    });
    const fromUnverified = await signAgentRequest(unverifiedAgent, request);
    expect(
      await client.agentId.verifyAgentRequest(
        { ...request, headers: fromUnverified },
        { requireVerifiedAgent: true },
      ),
    ).toEqual({ valid: false, address: unverifiedAgent.address, reason: "not-verified-agent" });
    // Without the option, a well-signed request from an unregistered key is valid (signature only).
    const fromStranger = await signAgentRequest(strangerAgent, request);
    expect((await client.agentId.verifyAgentRequest({ ...request, headers: fromStranger })).valid).toBe(true);
  });

  it("no contract at the registry address (the devnet as it starts) is an AgentRegistryNotDeployedError naming the address", async () => {
    await rpc("anvil_setCode", [AGENT_REGISTRY_ADDRESS, "0x"]);
    try {
      proxy.reset();
      const error = await client.agentId.isVerifiedAgent(verifiedAgent.address).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AgentRegistryNotDeployedError);
      const typed = error as AgentRegistryNotDeployedError;
      expect(typed.code).toBe("AGENT_REGISTRY_NOT_DEPLOYED");
      expect(typed.details).toEqual({ address: AGENT_REGISTRY_ADDRESS, operation: "isVerifiedAgent" });
      expect(typed.message).toContain(`no agent registry contract at ${AGENT_REGISTRY_ADDRESS}`);
      expect(typed.message).not.toMatch(/decode|dedicated RPC provider/i);
      // The eth_call answered 0x; one eth_getCode told a missing registry from a broken one.
      expect(proxy.batches).toEqual([["eth_call"], ["eth_getCode"]]);
    } finally {
      await rpc("anvil_setCode", [AGENT_REGISTRY_ADDRESS, standIn.runtime]);
    }
  });

  it("a contract there that answers no data is still an RpcError (not a missing registry)", async () => {
    await rpc("anvil_setCode", [AGENT_REGISTRY_ADDRESS, "0x00"]); // STOP: returns nothing
    try {
      const error = await client.agentId.isVerifiedAgent(verifiedAgent.address).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RpcError);
      expect(error).not.toBeInstanceOf(AgentRegistryNotDeployedError);
    } finally {
      await rpc("anvil_setCode", [AGENT_REGISTRY_ADDRESS, standIn.runtime]);
    }
  });

  it("the verifier fails closed while the registry is unavailable, and the same signed request passes once it is back", async () => {
    const request = { method: "GET", url: "/v1/x" };
    const headers = await client.agentId.signRequest(request);
    const verify = () =>
      client.agentId.verifyAgentRequest({ ...request, headers }, { requireVerifiedAgent: true });
    await rpc("anvil_setCode", [AGENT_REGISTRY_ADDRESS, "0x"]);
    try {
      expect(await verify()).toEqual({
        valid: false,
        address: verifiedAgent.address,
        reason: "registry-unavailable",
      });
    } finally {
      await rpc("anvil_setCode", [AGENT_REGISTRY_ADDRESS, standIn.runtime]);
    }
    // The failure did not use up the request's signature: the retry is checked, not "replayed".
    expect(await verify()).toEqual({ valid: true, address: verifiedAgent.address });
    expect(await verify()).toEqual({ valid: false, address: verifiedAgent.address, reason: "replayed" });
  });
});
