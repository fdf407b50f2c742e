// The spending policy over stdio with the built binary on the devnet: refusals before signing (a cap, a
// recipient outside the allowlist, an unlimited approval), each with nothing sent; daily spend survives a
// restart; a malformed policy file stops the server at start naming the key.

import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { clockEnvironment } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { type Address, createPublicClient, erc20Abi, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BIN,
  data,
  type Execution,
  type SpawnedServer,
  spawnServer,
  toolError,
} from "./helpers/spawnServer.js";

const devnet = useDevnet();
const USDM = devnet.tokens.USDm.address as Address;
const reader = createPublicClient({ chain: celo, transport: http(devnet.rpcUrl) });
const key = generatePrivateKey();
const signer = privateKeyToAccount(key).address;
const friend = privateKeyToAccount(generatePrivateKey()).address;
const stranger = privateKeyToAccount(generatePrivateKey()).address;
const spender = privateKeyToAccount(generatePrivateKey()).address;
const nonceOf = () => reader.getTransactionCount({ address: signer, blockTag: "pending" });
const usdm = (owner: Address) =>
  reader.readContract({ address: USDM, abi: erc20Abi, functionName: "balanceOf", args: [owner] });

const dir = mkdtempSync(join(tmpdir(), "preflow-policy-"));
const stateDir = join(dir, "state");
const policyFile = join(dir, "policy.json");
const env = () => ({
  RPC_URL: devnet.rpcUrl,
  DO_NOT_TRACK: "1",
  CHAIN_PRIVATE_KEY: key,
  PREFLOW_POLICY: policyFile,
  PREFLOW_STATE_DIR: stateDir,
});

let server: SpawnedServer;
beforeAll(async () => {
  await devnet.fund(signer, "CELO", "5");
  await devnet.fund(signer, "USDm", "100");
  writeFileSync(
    policyFile,
    JSON.stringify({
      caps: { USDm: { perCall: "5", perDay: "8" } },
      allow: { recipients: [friend], spenders: [spender] },
      allowUnlimitedApprovals: false,
    }),
  );
  server = await spawnServer(env());
});
afterAll(async () => {
  await server?.close();
});

async function refused(tool: string, args: Record<string, unknown>, rule: string) {
  const nonce = await nonceOf();
  const error = toolError(await server.call(tool, args));
  expect(error.code).toBe("POLICY_VIOLATION");
  expect(error.message).toContain("Nothing was sent");
  const violations = (error.details as { violations: { rule: string; message: string }[] }).violations;
  expect(violations.map((violation) => violation.rule)).toContain(rule);
  expect(await nonceOf()).toBe(nonce);
  return violations;
}

describe("spending policy", () => {
  it("refuses a transfer above the per-call cap, naming the rule and the amounts, and sends nothing", async () => {
    const before = await usdm(friend);
    const [violation] = await refused(
      "send_token",
      { to: friend, token: "USDm", amount: "6" },
      "caps.USDm.perCall",
    );
    expect(violation).toMatchObject({ token: "USDm", limit: "5", requested: "6" });
    expect(await usdm(friend)).toBe(before);
  });

  it("refuses a recipient outside the allowlist and sends nothing", async () => {
    await refused("send_token", { to: stranger, token: "USDm", amount: "1" }, "allow.recipients");
    expect(await usdm(stranger)).toBe(0n);
  });

  it("names an uncapped registry token by its symbol in a refusal (1 CELO, not its address)", async () => {
    const [violation] = await refused(
      "send_token",
      { to: stranger, token: "CELO", amount: "1" },
      "allow.recipients",
    );
    expect(violation).toMatchObject({ token: "CELO", requested: "1" });
    expect(violation?.message.toLowerCase()).toBe(
      `recipient ${stranger.toLowerCase()} is not in allow.recipients (sending 1 celo)`,
    );
    const error = toolError(await server.call("send_token", { to: stranger, token: "CELO", amount: "1" }));
    expect(error.message).toContain("(sending 1 CELO).");
    expect(error.message).not.toMatch(/0x471e/i);
  });

  it("refuses an unlimited approval (and a dry run of it) and sends nothing", async () => {
    const flow = data(await server.call("prepare_approve", { spender, token: "USDm", amount: "max" }));
    await refused("execute_prepared_flow", { flow }, "allowUnlimitedApprovals");
    await refused("execute_prepared_flow", { flow, dry_run: true }, "allowUnlimitedApprovals");
    const allowance = await reader.readContract({
      address: USDM,
      abi: erc20Abi,
      functionName: "allowance",
      args: [signer, spender],
    });
    expect(allowance).toBe(0n);
  });

  it("counts spending per rolling 24 h, and the count survives a restart", async () => {
    expect(
      data<Execution>(await server.call("send_token", { to: friend, token: "USDm", amount: "5" })).status,
    ).toBe("success");
    const policy = data<{ caps: { symbol: string; spent_24h: string; remaining_24h: string }[] }>(
      await server.call("get_policy"),
    );
    expect(policy.caps[0]).toMatchObject({ symbol: "USDm", spent_24h: "5", remaining_24h: "3" });
    await server.close();

    server = await spawnServer(env());
    const [violation] = await refused(
      "send_token",
      { to: friend, token: "USDm", amount: "4" },
      "caps.USDm.perDay",
    );
    expect(violation).toMatchObject({ limit: "8", spent_24h: "5", remaining: "3", requested: "4" });
    expect(
      data<Execution>(await server.call("send_token", { to: friend, token: "USDm", amount: "3" })).status,
    ).toBe("success");
    expect(
      data<{ caps: { remaining_24h: string }[] }>(await server.call("get_policy")).caps[0]?.remaining_24h,
    ).toBe("0");
  });
});

function run(environment: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN], {
      env: { PATH: process.env.PATH ?? "", ...clockEnvironment(), ...environment },
      stdio: "pipe",
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stderr }));
    child.stdin.end();
  });
}

describe("a malformed policy file", () => {
  it("stops the server at start with INVALID_POLICY naming the key", async () => {
    const bad = join(dir, "bad.json");
    for (const [policy, pattern] of [
      [{ caps: { USDm: { perCal: "5" } } }, /caps\.USDm\.perCal.*did you mean perCall/],
      [{ caps: { USDm: { perCall: 5 } } }, /caps\.USDm\.perCall.*decimal string/],
      [{ allow: { recipients: ["0x12"] } }, /allow\.recipients\[0\]/],
      [{ caps: { NOPE: { perDay: "1" } } }, /caps\.NOPE.*not a token of the registry/],
      [{ x402: { host: [] } }, /x402\.host.*did you mean hosts/],
      [{ x402: { hosts: ["http://api.example.com"] } }, /x402\.hosts\[0\]/],
      [{ x402: { payTo: ["0x12"] } }, /x402\.payTo\[0\]/],
    ] as const) {
      writeFileSync(bad, JSON.stringify(policy));
      const { code, stderr } = await run({ ...env(), PREFLOW_POLICY: bad });
      expect(code).toBe(1);
      expect(stderr).toMatch(/cannot start \(INVALID_POLICY\)/);
      expect(stderr).toMatch(pattern);
      expect(stderr).not.toContain(key.slice(2));
    }
  });
});
