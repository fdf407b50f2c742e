// The tool server within an agent budget (PREFLOW_BUDGET) on the devnet (the Delegation Framework v1.3.0 at its Celo
// addresses), over stdio, holding ONLY the agent's key: a send within the budget moves the owner's tokens (the
// agent's own do not move); over it, to another recipient, not covered, after revocation (also one made while a
// person approves), after expiry: a typed refusal before signing and nothing sent (the agent's nonce and every
// balance unchanged on chain); the next period allows it again; get_policy shows what the chain says is left; the
// local policy still applies on top; x402 payments top the agent's float up from the budget when it lists the agent;
// a bad budget file refuses to start. The tests that move the chain's clock run on a devnet of their own.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { type AgentBudget, grantAgentBudget, revokeAgentBudget } from "@preflow/budget";
import { createSdkClient } from "@preflow/core";
import { clockEnvironment, DEVNET_TOKENS, type Devnet, devnetChain, startDevnet } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { type Address, createPublicClient, erc20Abi, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, data, type Execution, spawnServer, toolError } from "./helpers/spawnServer.js";
import { startPaywall } from "./helpers/startPaywall.js";

/** The chain a test runs on: the shared devnet, or one of its own where the test moves the chain's clock. */
interface Net {
  rpcUrl: string;
  fund(address: Address, token: "CELO" | "USDC" | "USDm", amount: string): Promise<unknown>;
  increaseTime(seconds: number): Promise<void>;
}
const shared: Net = useDevnet();
const USDC = DEVNET_TOKENS.USDC.address as Address;
const DELEGATION_MANAGER = "0xdb9B1e94B5b69Df7e401DDbedE43491141047dB3";
const dir = mkdtempSync(join(tmpdir(), "preflow-tools-budget-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const readerOf = (net: Net) =>
  createPublicClient({ chain: devnetChain(net.rpcUrl), transport: http(net.rpcUrl) });
const reader = readerOf(shared);
const balanceOn = (net: Net) => (holder: Address) =>
  readerOf(net).readContract({ address: USDC, abi: erc20Abi, functionName: "balanceOf", args: [holder] });
const balance = balanceOn(shared);

async function grant(
  options: { validUntil?: bigint; agentUsdc?: string; agentIsRecipient?: boolean; net?: Net } = {},
) {
  const net = options.net ?? shared;
  const client = createSdkClient({ rpcUrl: net.rpcUrl, analyticsEnabled: false });
  const owner = privateKeyToAccount(generatePrivateKey());
  const agentKey = generatePrivateKey();
  const agent = privateKeyToAccount(agentKey);
  const shop = privateKeyToAccount(generatePrivateKey()).address;
  await net.fund(owner.address, "CELO", "10");
  await net.fund(owner.address, "USDC", "100");
  await net.fund(agent.address, "CELO", "5");
  if (options.agentUsdc !== "0") await net.fund(agent.address, "USDC", options.agentUsdc ?? "50");
  const { budget } = await grantAgentBudget(client, {
    owner,
    agent: agent.address,
    limits: { USDC: { perDay: "5" } },
    recipients: options.agentIsRecipient ? [shop, agent.address] : [shop],
    ...(options.validUntil === undefined ? {} : { validUntil: options.validUntil }),
  });
  const file = join(dir, `budget-${agent.address}.json`);
  writeFileSync(file, JSON.stringify(budget, null, 2));
  return { owner, agent, agentKey, shop, budget, file, client };
}

/** Balances and the agent's nonce: what "nothing sent" is checked against. */
async function snapshot(addresses: Address[], agent: Address, net: Net = shared) {
  return {
    nonce: await readerOf(net).getTransactionCount({ address: agent }),
    balances: await Promise.all(addresses.map(balanceOn(net))),
  };
}

function startBudgetServer(
  agentKey: string,
  file: string,
  policy?: unknown,
  net: Net = shared,
  options?: Parameters<typeof spawnServer>[1],
) {
  const env: Record<string, string> = {
    RPC_URL: net.rpcUrl,
    DO_NOT_TRACK: "1",
    CHAIN_PRIVATE_KEY: agentKey,
    PREFLOW_BUDGET: file,
  };
  if (policy !== undefined) {
    const policyFile = join(dir, `policy-${file.slice(-20)}`);
    writeFileSync(policyFile, JSON.stringify(policy));
    env.PREFLOW_POLICY = policyFile;
  }
  return spawnServer(env, options);
}

interface BudgetView {
  owner: string;
  agent: string;
  recipients: string[] | null;
  tokens: {
    token: string;
    limit: string;
    spent: string | null;
    remaining: string | null;
    period_end: string | null;
  }[];
  chain: { read: boolean; revoked: boolean | null; expired: boolean | null; active: boolean | null };
}

describe("the tool server within an agent budget (devnet, stdio, only the agent's key)", () => {
  it("spends the owner's tokens within the budget, refuses over it, elsewhere, not covered and after revocation, nothing sent", async () => {
    const { owner, agent, agentKey, shop, budget, file, client } = await grant();
    const server = await startBudgetServer(agentKey, file, { caps: { USDC: { perCall: "4" } } });
    try {
      const wallet = data<{ address: string; budget: { owner: string; agent: string } }>(
        await server.call("get_wallet_address"),
      );
      expect(wallet.address).toBe(owner.address);
      expect(wallet.budget).toMatchObject({ owner: owner.address, agent: agent.address });
      const balances = data<{ owner: string }>(await server.call("get_balances", { tokens: ["USDC"] }));
      expect(balances.owner).toBe(owner.address);

      let policy = data<{ budget: BudgetView }>(await server.call("get_policy"));
      expect(policy.budget).toMatchObject({ owner: owner.address, agent: agent.address, recipients: [shop] });
      expect(policy.budget.chain).toMatchObject({ read: true, revoked: false, expired: false, active: true });
      expect(policy.budget.tokens).toMatchObject([{ token: "USDC", limit: "5", spent: "0", remaining: "5" }]);

      // within the budget: the owner's tokens move, the agent's do not; the agent sent one redemption
      const before = await snapshot([owner.address, agent.address, shop], agent.address);
      const dry = data<Execution>(
        await server.call("send_token", { to: shop, token: "USDC", amount: "3", dry_run: true }),
      );
      expect(dry).toMatchObject({ status: "success", dry_run: true });
      expect(await snapshot([owner.address, agent.address, shop], agent.address)).toEqual(before);
      const sent = data<Execution>(await server.call("send_token", { to: shop, token: "USDC", amount: "3" }));
      expect(sent.status).toBe("success");
      const hash = sent.steps[0]?.hash as `0x${string}`;
      expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
      const tx = await reader.getTransaction({ hash });
      expect(tx.from.toLowerCase()).toBe(agent.address.toLowerCase());
      expect(tx.to?.toLowerCase()).toBe(DELEGATION_MANAGER.toLowerCase());
      expect(await balance(owner.address)).toBe(before.balances[0]! - 3_000_000n);
      expect(await balance(agent.address)).toBe(before.balances[1]);
      expect(await balance(shop)).toBe(3_000_000n);
      expect(await reader.getTransactionCount({ address: agent.address })).toBe(before.nonce + 1);
      // the same transfer again is a replay: nothing sent
      expect(
        data<Execution>(await server.call("send_token", { to: shop, token: "USDC", amount: "3" })),
      ).toMatchObject({ replayed: true, status: "success" });

      policy = data<{ budget: BudgetView }>(await server.call("get_policy"));
      expect(policy.budget.tokens).toMatchObject([{ token: "USDC", spent: "3", remaining: "2" }]);

      const after = await snapshot([owner.address, agent.address, shop], agent.address);
      const refused = async (args: Record<string, unknown>, code: string) => {
        const error = toolError(await server.call("send_token", args));
        expect(error.code, error.message).toBe(code);
        expect(await snapshot([owner.address, agent.address, shop], agent.address)).toEqual(after);
        return error;
      };
      // over the budget (the local cap of 4 per call allows it): BUDGET_EXCEEDED, saying what the grant allows
      const over = await refused({ to: shop, token: "USDC", amount: "2.5" }, "BUDGET_EXCEEDED");
      expect(over.message).toContain("at most 5 USDC per day");
      expect(over.details).toMatchObject({ remaining: "2" });
      // the local policy on top: over its per-call cap
      await refused({ to: shop, token: "USDC", amount: "4.5" }, "POLICY_VIOLATION");
      // another recipient
      const stranger = privateKeyToAccount(generatePrivateKey()).address;
      await refused({ to: stranger, token: "USDC", amount: "1" }, "BUDGET_RECIPIENT_NOT_ALLOWED");
      // a token the budget does not include
      await refused({ to: shop, token: "CELO", amount: "1" }, "BUDGET_FLOW_NOT_COVERED");
      // a flow that is not the owner's (the agent's own): not the budget's
      const own = data<Record<string, unknown>>(
        await server.call("prepare_send", { from: agent.address, to: shop, token: "USDC", amount: "1" }),
      );
      const mismatch = toolError(await server.call("execute_prepared_flow", { flow: own }));
      expect(mismatch.code).toBe("FLOW_ACCOUNT_MISMATCH");
      // execute_prepared_flow with the owner's flow, within what is left
      const flow = data<Record<string, unknown>>(
        await server.call("prepare_send", { to: shop, token: "USDC", amount: "1" }),
      );
      expect(flow.from).toBe(owner.address);
      const executed = data<Execution>(await server.call("execute_prepared_flow", { flow }));
      expect(executed.status).toBe("success");
      expect(await balance(shop)).toBe(4_000_000n);
      expect(await balance(agent.address)).toBe(before.balances[1]);

      // revoked by the owner: BUDGET_REVOKED, nothing sent
      expect((await revokeAgentBudget(client, { owner, budget })).status).toBe("success");
      const revokedAt = await snapshot([owner.address, agent.address, shop], agent.address);
      const error = toolError(await server.call("send_token", { to: shop, token: "USDC", amount: "0.5" }));
      expect(error.code).toBe("BUDGET_REVOKED");
      expect(await snapshot([owner.address, agent.address, shop], agent.address)).toEqual(revokedAt);
      policy = data<{ budget: BudgetView }>(await server.call("get_policy"));
      expect(policy.budget.chain).toMatchObject({ read: true, revoked: true, active: false });
    } finally {
      await server.close();
    }
  });

  it("reads the budget again in the signer's queue: revoked while a person approved, refused before signing", async () => {
    const { owner, agent, agentKey, shop, budget, file, client } = await grant();
    let revoked = false;
    const server = await startBudgetServer(
      agentKey,
      file,
      { approval: { above: { USDC: "1" }, timeoutSeconds: 30, mode: "form" } },
      shared,
      {
        capabilities: { elicitation: { form: {} } },
        setup: (mcp) =>
          mcp.setRequestHandler(ElicitRequestSchema, async (request) => {
            // The owner revokes while the person is being asked (after the check stage read the budget).
            expect((await revokeAgentBudget(client, { owner, budget })).status).toBe("success");
            revoked = true;
            const code = /type the code (\w{4}-\w{4})/.exec(request.params.message)?.[1] as string;
            return { action: "accept", content: { code } };
          }),
      },
    );
    try {
      const before = await snapshot([owner.address, agent.address, shop], agent.address);
      const error = toolError(await server.call("send_token", { to: shop, token: "USDC", amount: "2" }));
      expect(revoked).toBe(true);
      expect(error.code, error.message).toBe("BUDGET_REVOKED");
      expect(await snapshot([owner.address, agent.address, shop], agent.address)).toEqual(before);
    } finally {
      await server.close();
    }
  });

  it("tops the agent's x402 float up from the budget (exactly the shortfall) when the budget lists the agent", async () => {
    const { owner, agent, agentKey, file } = await grant({ agentUsdc: "0", agentIsRecipient: true });
    const payTo = privateKeyToAccount(generatePrivateKey()).address;
    const facilitatorAccount = privateKeyToAccount(generatePrivateKey());
    await shared.fund(facilitatorAccount.address, "USDC", "5");
    const paywall = await startPaywall({ rpcUrl: shared.rpcUrl, facilitatorAccount, payTo });
    const host = new URL(paywall.url).host;
    const server = await startBudgetServer(agentKey, file, {
      caps: { USDC: { perCall: "0.05" } },
      x402: { hosts: [host], payTo: [payTo] },
    });
    try {
      const ownerBefore = await balance(owner.address);
      expect(await balance(agent.address)).toBe(0n);
      const result = data<{ status: number; payment: { status: string; amount: string } }>(
        await server.call("x402_fetch", { url: paywall.url }),
      );
      expect(result).toMatchObject({ status: 200, payment: { status: "settled", amount: "0.01" } });
      // the owner's 0.01 USDC went to the agent's float (through the budget), and from there to the payee
      expect(await balance(owner.address)).toBe(ownerBefore - 10_000n);
      expect(await balance(agent.address)).toBe(0n);
      expect(await balance(payTo)).toBe(10_000n);
      const policy = data<{ budget: BudgetView }>(await server.call("get_policy"));
      expect(policy.budget.tokens).toMatchObject([{ token: "USDC", spent: "0.01", remaining: "4.99" }]);
      // a float that covers the payment is not topped up
      await shared.fund(agent.address, "USDC", "1");
      const again = data<{ status: number }>(await server.call("x402_fetch", { url: paywall.url }));
      expect(again.status).toBe(200);
      expect(await balance(owner.address)).toBe(ownerBefore - 10_000n);
    } finally {
      await server.close();
      paywall.close();
    }
  });
});

// The chain's clock moves in these: on a devnet of their own, so that the shared devnet's clock stays the local one
// (x402 authorizations and other tests of the package read the local clock).
describe("the tool server within an agent budget, on a devnet whose clock moves", () => {
  let devnet: Devnet | undefined;
  const own: Net = {
    rpcUrl: "",
    fund: (address, token, amount) => (devnet as Devnet).fund(address, token, amount),
    increaseTime: (seconds) => (devnet as Devnet).increaseTime(seconds),
  };
  beforeAll(async () => {
    devnet = await startDevnet();
    own.rpcUrl = devnet.rpcUrl;
  }, 90_000);
  afterAll(() => devnet?.stop());

  it("dry-runs the redemption on a chain whose clock is ahead of the local one (the period started at its time)", async () => {
    // The chain's clock moved ahead of this machine's before the grant: the budget's periods start at the chain's
    // time, so a simulation at the local time would run before they start (the enforcer's transfer-not-started).
    await own.increaseTime(3_600);
    const { owner, agent, agentKey, shop, file } = await grant({ net: own });
    const server = await startBudgetServer(agentKey, file, undefined, own);
    try {
      const before = await snapshot([owner.address, agent.address, shop], agent.address, own);
      const dry = data<Execution>(
        await server.call("send_token", { to: shop, token: "USDC", amount: "2", dry_run: true }),
      );
      expect(dry.status, JSON.stringify(dry.steps)).toBe("success");
      expect(await snapshot([owner.address, agent.address, shop], agent.address, own)).toEqual(before);
    } finally {
      await server.close();
    }
  });

  it("allows again in the next period what the cap refused in this one", async () => {
    const { owner, agentKey, shop, file } = await grant({ net: own });
    const server = await startBudgetServer(agentKey, file, undefined, own);
    try {
      const send = (amount: string) => server.call("send_token", { to: shop, token: "USDC", amount });
      expect(data<Execution>(await send("4")).status).toBe("success");
      expect(toolError(await send("2")).code).toBe("BUDGET_EXCEEDED");
      await own.increaseTime(86_400);
      expect(data<Execution>(await send("2")).status).toBe("success");
      expect(await balanceOn(own)(shop)).toBe(6_000_000n);
      expect(await balanceOn(own)(owner.address)).toBe(94_000_000n);
      const policy = data<{ budget: BudgetView }>(await server.call("get_policy"));
      expect(policy.budget.tokens).toMatchObject([{ token: "USDC", spent: "2", remaining: "3" }]);
    } finally {
      await server.close();
    }
  });

  it("refuses after the budget expired, nothing sent", async () => {
    const block = await readerOf(own).getBlock();
    const { owner, agent, agentKey, shop, file } = await grant({
      validUntil: block.timestamp + 3_600n,
      net: own,
    });
    const server = await startBudgetServer(agentKey, file, undefined, own);
    try {
      const sent = data<Execution>(await server.call("send_token", { to: shop, token: "USDC", amount: "1" }));
      expect(sent.status).toBe("success");
      await own.increaseTime(7_200);
      const before = await snapshot([owner.address, agent.address, shop], agent.address, own);
      const error = toolError(
        await server.call("send_token", { to: shop, token: "USDC", amount: "1", force: true }),
      );
      expect(error.code).toBe("BUDGET_EXPIRED");
      expect(await snapshot([owner.address, agent.address, shop], agent.address, own)).toEqual(before);
      const dry = toolError(
        await server.call("send_token", { to: shop, token: "USDC", amount: "0.5", dry_run: true }),
      );
      expect(dry.code).toBe("BUDGET_EXPIRED");
    } finally {
      await server.close();
    }
  });
});

function run(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN], {
      env: { PATH: process.env.PATH ?? "", ...clockEnvironment(), DO_NOT_TRACK: "1", ...env },
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

describe("PREFLOW_BUDGET at start", () => {
  const agentKey = generatePrivateKey();
  const agent = privateKeyToAccount(agentKey).address;
  const owner = privateKeyToAccount(generatePrivateKey()).address;

  it("refuses a file that is not a budget, names PREFLOW_BUDGET, exit code 1, no key in the line", async () => {
    const cases: [string, string, RegExp][] = [
      ["missing", join(dir, "none.json"), /cannot be read \(ENOENT\)/],
      ["not JSON", "{ nope", /is not JSON/],
      ["another kind", JSON.stringify({ kind: "policy", owner, agent }), /preflow-agent-budget/],
      [
        "edited",
        JSON.stringify({ kind: "preflow-agent-budget", owner, agent, limits: [] }),
        /is not a budget @preflow\/budget accepts: Invalid budget/,
      ],
    ];
    for (const [label, content, rule] of cases) {
      const file = label === "missing" ? content : join(dir, `bad-${label.replace(/ /g, "-")}.json`);
      if (label !== "missing") writeFileSync(file, content);
      const { code, stderr } = await run({
        RPC_URL: shared.rpcUrl,
        CHAIN_PRIVATE_KEY: agentKey,
        PREFLOW_BUDGET: file,
      });
      expect(code, label).toBe(1);
      expect(stderr, label).toMatch(/preflow-tools: cannot start \(INVALID_CONFIG\): Invalid PREFLOW_BUDGET/);
      expect(stderr, label).toMatch(rule);
      expect(stderr.toLowerCase()).not.toContain(agentKey.slice(2).toLowerCase());
    }
  });

  it("refuses a budget whose agent is not the signer, and one without a signer", async () => {
    const { budget } = await grant();
    const file = join(dir, "other-agent.json");
    writeFileSync(file, JSON.stringify(budget satisfies AgentBudget));
    const wrong = await run({ RPC_URL: shared.rpcUrl, CHAIN_PRIVATE_KEY: agentKey, PREFLOW_BUDGET: file });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(
      /Invalid PREFLOW_BUDGET .*its agent is 0x[0-9a-fA-F]{40}, but the server's signer is/,
    );
    const none = await run({ RPC_URL: shared.rpcUrl, PREFLOW_BUDGET: file });
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(
      /Invalid PREFLOW_BUDGET .*needs the budget's agent key as the server's signer/,
    );
  });
});
