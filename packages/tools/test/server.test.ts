import { useDevnet } from "@preflow/devnet/vitest";
import { type Address, createPublicClient, erc20Abi, http, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOOL_NAMES } from "../src/index.js";
import { deployPullVault } from "./helpers/pullVault.js";
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
const TAGS = ["preflow_test", "builder_0123456789ab"];
const reader = createPublicClient({ chain: celo, transport: http(devnet.rpcUrl) });

const key = generatePrivateKey();
const signer = privateKeyToAccount(key).address;
const recipient = privateKeyToAccount(generatePrivateKey()).address;
const stranger = privateKeyToAccount(generatePrivateKey()).address;

const usdm = (owner: Address) =>
  reader.readContract({ address: USDM, abi: erc20Abi, functionName: "balanceOf", args: [owner] });
const nonceOf = (owner: Address) => reader.getTransactionCount({ address: owner, blockTag: "pending" });

let server: SpawnedServer;
let readOnly: SpawnedServer;

beforeAll(async () => {
  await devnet.fund(signer, "CELO", "10");
  await devnet.fund(signer, "USDm", "100");
  const base = { RPC_URL: devnet.rpcUrl, DO_NOT_TRACK: "1", PREFLOW_ATTRIBUTION_TAGS: TAGS.join(", ") };
  [server, readOnly] = await Promise.all([
    spawnServer({ ...base, CHAIN_PRIVATE_KEY: key }),
    spawnServer(base),
  ]);
});

afterAll(async () => {
  await Promise.all([server?.close(), readOnly?.close()]);
});

describe("tools/list", () => {
  it("lists the 58 tools with snake_case names, descriptions, strict input schemas and output schemas", async () => {
    const { tools } = await server.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      "get_network_status",
      "get_fee_currencies",
      "get_wallet_address",
      "get_balances",
      "get_token_info",
      "get_allowance",
      "get_transaction",
      "get_block",
      "get_latest_blocks",
      "get_nft_info",
      "get_nft_balance",
      "read_contract",
      "estimate_gas",
      "resolve_ens",
      "get_swap_quote",
      "get_lending_positions",
      "get_staking_balances",
      "get_validator_groups",
      "get_governance_proposals",
      "get_governance_proposal",
      "get_ubi_entitlement",
      "get_gooddollar_reserve_quote",
      "get_agent",
      "get_agent_reputation",
      "prepare_send",
      "prepare_approve",
      "prepare_contract_call",
      "prepare_swap",
      "prepare_supply",
      "prepare_withdraw",
      "prepare_borrow",
      "prepare_repay",
      "prepare_lock",
      "prepare_unlock",
      "prepare_relock",
      "prepare_withdraw_unlocked",
      "prepare_validator_vote",
      "prepare_activate_votes",
      "prepare_revoke_votes",
      "prepare_governance_upvote",
      "prepare_governance_revoke_upvote",
      "prepare_governance_vote",
      "prepare_governance_delegate",
      "prepare_governance_undelegate",
      "prepare_ubi_claim",
      "prepare_gooddollar_reserve_swap",
      "prepare_register_agent",
      "prepare_set_agent_uri",
      "prepare_set_agent_wallet",
      "prepare_give_feedback",
      "simulate_flow",
      "execute_prepared_flow",
      "send_token",
      "get_flow_status",
      "x402_fetch",
      "get_policy",
      "check_attribution_tag",
      "verify_attribution_tag",
    ]);
    for (const tool of tools) {
      expect(tool.name).toMatch(/^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/);
      expect(tool.description?.length).toBeGreaterThan(60);
      expect(tool.inputSchema.type).toBe("object");
      expect((tool.inputSchema as { additionalProperties?: unknown }).additionalProperties).toBe(false);
      expect(tool.outputSchema?.type).toBe("object");
      // No empty {} sub-schema anywhere.
      expect(JSON.stringify([tool.inputSchema, tool.outputSchema])).not.toMatch(/(?<!"properties"):\{\}/);
      // snake_case; a word may end in digits as the protocol names it (ERC-8004's tag1, tag2)
      for (const field of Object.keys(tool.inputSchema.properties ?? {}))
        expect(field).toMatch(/^[a-z]+[0-9]*(?:_[a-z]+[0-9]*)*$/);
    }
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get("send_token")?.inputSchema.required).toEqual(["to", "token", "amount"]);
    expect(Object.keys(byName.get("send_token")?.inputSchema.properties ?? {})).toEqual([
      "to",
      "token",
      "amount",
      "dry_run",
      "force",
      "fee_currency",
    ]);
    expect(byName.get("execute_prepared_flow")?.inputSchema.required).toEqual(["flow"]);
    expect(Object.keys(byName.get("check_attribution_tag")?.inputSchema.properties ?? {})).toEqual([
      "calldata",
      "hash",
      "tag",
    ]);
    expect(byName.get("check_attribution_tag")?.inputSchema.required ?? []).toEqual([]);
    expect(Object.keys(byName.get("verify_attribution_tag")?.inputSchema.properties ?? {})).toEqual([
      "calldata",
      "hash",
    ]);
    expect(byName.get("prepare_contract_call")?.inputSchema.required).toEqual(["to", "abi", "function_name"]);
    expect(byName.get("execute_prepared_flow")?.annotations?.destructiveHint).toBe(true);
    expect(byName.get("get_balances")?.annotations?.readOnlyHint).toBe(true);
  });

  it("reports the signer and the chain", async () => {
    expect(data(await server.call("get_wallet_address"))).toEqual({ configured: true, address: signer });
    expect(data(await readOnly.call("get_wallet_address"))).toMatchObject({
      configured: false,
      address: null,
    });
    const status = data<{ chain_id: number; block_number: string }>(await server.call("get_network_status"));
    expect(status.chain_id).toBe(42220);
    expect(status.block_number).toMatch(/^\d+$/); // bigint -> decimal string, snake_case
  });

  it("get_balances leaves CELO out with hide_native (a MiniPay user never sees CELO)", async () => {
    type Balances = { balances: { token: { symbol: string } }[] };
    const all = data<Balances>(await server.call("get_balances", {}));
    expect(all.balances.map((b) => b.token.symbol)).toContain("CELO");
    const dollars = data<Balances>(
      await server.call("get_balances", { tokens: ["CELO", "USDm", "USDT"], hide_native: true }),
    );
    expect(dollars.balances.map((b) => b.token.symbol)).toEqual(["USDm", "USDT"]);
    const refused = await server.call("get_balances", { hide_native: "yes" });
    expect(refused.isError).toBe(true);
  });
});

describe("send_token", () => {
  it("moves USDm, and the hash carries the configured tags (checked through the same server)", async () => {
    const before = await usdm(recipient);
    const result = await server.call("send_token", { to: recipient, token: "USDm", amount: "2.5" });
    const execution = data<Execution>(result);
    expect(execution.status).toBe("success");
    expect(execution.steps).toHaveLength(1);
    const hash = execution.steps[0]?.hash as `0x${string}`;
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(execution.steps[0]?.status).toBe("success");
    expect((await usdm(recipient)) - before).toBe(parseUnits("2.5", 18));

    const checked = data<{
      source: string;
      found: boolean;
      tags: string[];
      platform: boolean;
      matched: boolean;
    }>(await server.call("check_attribution_tag", { hash, tag: "PREFLOW_TEST" }));
    expect(checked).toMatchObject({
      source: "transaction",
      found: true,
      tags: TAGS,
      platform: true,
      matched: true,
    });
    const other = data<{ matched: boolean }>(
      await server.call("check_attribution_tag", { hash, tag: "someone_else" }),
    );
    expect(other.matched).toBe(false);

    const verified = data<{ locations: { erc8021: { schema_id: number; codes: string[] } | null }[] }>(
      await server.call("verify_attribution_tag", { hash }),
    );
    expect(verified.locations[0]?.erc8021).toEqual({ schema_id: 0, codes: ["sdk", ...TAGS] });

    const tx = data<{ status: string; from: string; attribution: { tags: string[] } }>(
      await server.call("get_transaction", { hash }),
    );
    expect(tx).toMatchObject({ status: "success", from: signer, attribution: { tags: TAGS } });

    const onChain = await reader.getTransaction({ hash });
    const byCalldata = data<{ source: string; tags: string[] }>(
      await server.call("check_attribution_tag", { calldata: onChain.input }),
    );
    expect(byCalldata).toMatchObject({ source: "calldata", tags: TAGS });
  });

  it("dry_run simulates without sending", async () => {
    const nonce = await nonceOf(signer);
    const execution = data<Execution>(
      await server.call("send_token", { to: recipient, token: "USDm", amount: "1", dry_run: true }),
    );
    expect(execution).toMatchObject({ status: "success", dry_run: true, simulation: "sequential" });
    expect(execution.steps[0]).toMatchObject({ hash: null, status: "success" });
    expect(await nonceOf(signer)).toBe(nonce);
  });
});

describe("execute_prepared_flow", () => {
  it("runs a two-step approve-then-call flow in order, with a progress notification per step", async () => {
    const vault = await deployPullVault(devnet);
    const amount = parseUnits("5", 18);
    const flow = data<{ from: string; steps: { kind: string; to: string; description: string }[] }>(
      await server.call("prepare_contract_call", {
        to: vault.address,
        abi: ["function deposit(address token, uint256 amount)"],
        function_name: "deposit",
        args: [USDM, amount.toString()],
        approvals: [{ token: "USDm", amount: "5" }],
      }),
    );
    expect(flow.from).toBe(signer);
    expect(flow.steps.map((step) => [step.kind, step.to])).toEqual([
      ["erc20", USDM],
      ["contract", vault.address],
    ]);

    // A dry run simulates the two steps in order on one state: the call sees the approval.
    const nonce = await nonceOf(signer);
    const simulated = data<Execution>(await server.call("execute_prepared_flow", { flow, dry_run: true }));
    expect(simulated).toMatchObject({ status: "success", simulation: "sequential", completed_steps: 2 });
    expect(await nonceOf(signer)).toBe(nonce);

    const progress: { progress: number; total?: number; message?: string }[] = [];
    const execution = data<Execution>(
      await server.call(
        "execute_prepared_flow",
        { flow: JSON.stringify(flow) },
        {
          onprogress: (event) => {
            progress.push(event);
          },
        },
      ),
    );
    expect(execution).toMatchObject({
      status: "success",
      dry_run: false,
      replayed: false,
      completed_steps: 2,
      failed_step: null,
    });
    expect(execution.steps.map((step) => [step.index, step.status, step.nonce])).toEqual([
      [0, "success", nonce],
      [1, "success", nonce + 1],
    ]);
    const receipts = await Promise.all(
      execution.steps.map((step) => reader.getTransactionReceipt({ hash: step.hash as `0x${string}` })),
    );
    expect(receipts[0]?.blockNumber).toBeLessThan(receipts[1]?.blockNumber as bigint);
    expect(receipts[1]?.to?.toLowerCase()).toBe(vault.address.toLowerCase());
    expect(await usdm(vault.address)).toBe(amount);

    // On the wire: sent + done for each step, increasing, total = 2, all with the request's progress token.
    const wire = server
      .captured()
      .stdout.split("\n")
      .filter((line) => line.includes('"notifications/progress"'))
      .map(
        (line) =>
          (
            JSON.parse(line) as {
              params: { progressToken: number; progress: number; total: number; message: string };
            }
          ).params,
      );
    const tokens = new Set(wire.map((params) => params.progressToken));
    expect(tokens.size).toBe(1);
    expect(wire.map((params) => params.progress)).toEqual([0.5, 1, 1.5, 2]);
    expect(wire.every((params) => params.total === 2)).toBe(true);
    expect(wire[1]?.message).toContain("step 1/2 success");
    expect(wire[3]?.message).toContain("step 2/2 success");
    // The SDK client hands notifications over a microtask after the response when both arrive in one chunk,
    // so the last one may be dropped on its side: what it saw is a prefix of what was sent.
    expect(progress.length).toBeGreaterThanOrEqual(3);
    expect(progress.map((event) => event.progress)).toEqual([0.5, 1, 1.5, 2].slice(0, progress.length));
  });

  it("stops at a failing second step: step 0 done, step 1 failed, nothing sent after it", async () => {
    const transfer = (amount: bigint) =>
      `0xa9059cbb${recipient.slice(2).toLowerCase().padStart(64, "0")}${amount.toString(16).padStart(64, "0")}`;
    const flow = {
      prepared_flow: true,
      chain_id: 42220,
      from: signer,
      summary: "three transfers, the second beyond the balance",
      steps: [
        { kind: "erc20", to: USDM, data: transfer(10n ** 18n), value: "0", description: "1 USDm" },
        {
          kind: "erc20",
          to: USDM,
          data: transfer(10n ** 30n),
          value: "0",
          description: "1e12 USDm (too much)",
        },
        { kind: "erc20", to: USDM, data: transfer(10n ** 18n), value: "0", description: "1 USDm again" },
      ],
    };
    const nonce = await nonceOf(signer);
    const before = await usdm(recipient);
    const result = await server.call("execute_prepared_flow", { flow });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/stopped at step 1/);
    const execution = result.structuredContent as unknown as Execution;
    expect(execution).toMatchObject({ status: "failed", completed_steps: 1, failed_step: 1 });
    expect(execution.steps[0]).toMatchObject({ index: 0, status: "success" });
    expect(execution.steps[0]?.hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(execution.steps[1]).toMatchObject({ index: 1, status: "failed", hash: null });
    expect(execution.steps[1]?.error).toMatch(/revert/i);
    expect(execution.steps[2]).toMatchObject({ index: 2, status: "skipped", hash: null });
    expect(await nonceOf(signer)).toBe(nonce + 1);
    expect((await usdm(recipient)) - before).toBe(10n ** 18n);
  });
});

describe("tool errors come back as isError results and the server keeps serving", () => {
  const expectToolError = async (
    target: SpawnedServer,
    name: string,
    args: Record<string, unknown>,
    pattern: RegExp,
  ) => {
    const result = await target.call(name, args);
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(pattern);
    expect(data<{ chain_id: number }>(await target.call("get_network_status")).chain_id).toBe(42220);
  };

  it("missing key", async () => {
    await expectToolError(
      readOnly,
      "send_token",
      { to: recipient, token: "USDm", amount: "1" },
      /^SIGNER_NOT_CONFIGURED: send_token needs a signer.*CHAIN_PRIVATE_KEY/,
    );
    // Prepare still works without a key (with an explicit from); executing does not.
    const flow = data(
      await readOnly.call("prepare_approve", {
        from: signer,
        spender: recipient,
        token: "USDm",
        amount: "1",
      }),
    );
    await expectToolError(
      readOnly,
      "execute_prepared_flow",
      { flow },
      /^SIGNER_NOT_CONFIGURED: execute_prepared_flow/,
    );
    await expectToolError(
      readOnly,
      "get_balances",
      {},
      /^INVALID_ARGUMENT: .*`address`.*no CHAIN_PRIVATE_KEY/,
    );
  });

  it("wrong from", async () => {
    const flow = data(
      await server.call("prepare_approve", {
        from: stranger,
        spender: recipient,
        token: "USDm",
        amount: "1",
      }),
    );
    const nonce = await nonceOf(signer);
    await expectToolError(
      server,
      "execute_prepared_flow",
      { flow },
      /^FLOW_ACCOUNT_MISMATCH: The prepared flow's `from` is 0x[0-9a-fA-F]{40}, but it would be executed by the signer 0x[0-9a-fA-F]{40}: nothing was sent/,
    );
    expect(await nonceOf(signer)).toBe(nonce);
    const last = server.captured().results.at(-2) ?? "";
    expect(last).toContain(stranger);
    expect(last).toContain(signer);
  });

  it("bad amounts", async () => {
    for (const amount of ["abc", "-1", "1e18", "0.0000000000000000001", "1,5"]) {
      await expectToolError(
        server,
        "send_token",
        { to: recipient, token: "USDm", amount },
        /^INVALID_AMOUNT: /,
      );
    }
    await expectToolError(
      server,
      "send_token",
      { to: recipient, token: "USDm", amount: "1000000" },
      /^INSUFFICIENT_BALANCE: /,
    );
    await expectToolError(
      server,
      "prepare_approve",
      { spender: recipient, token: "USDm", amount: "many" },
      /^INVALID_AMOUNT: /,
    );
  });

  it("bad addresses, tokens, flows and arguments", async () => {
    await expectToolError(
      server,
      "send_token",
      { to: "0x1234", token: "USDm", amount: "1" },
      /^INVALID_ARGUMENT: Invalid `to` of send_token.*40 hex digits/,
    );
    // A well-formed address with a wrong EIP-55 checksum is refused by core.
    await expectToolError(
      server,
      "send_token",
      { to: "0x52908400098527886e0F7030069857D2E4169EE7", token: "USDm", amount: "1" },
      /^INVALID_ADDRESS: .*checksum/,
    );
    await expectToolError(
      server,
      "prepare_send",
      { to: "vitalik", token: "USDm", amount: "1" },
      /^INVALID_ARGUMENT: /,
    );
    await expectToolError(server, "get_balances", { address: "0xZZ" }, /^INVALID_ARGUMENT: /);
    await expectToolError(
      server,
      "send_token",
      { to: recipient, token: "USDN", amount: "1" },
      /^UNKNOWN_TOKEN: .*USDm/,
    );
    await expectToolError(
      server,
      "execute_prepared_flow",
      { flow: { preparedFlow: true, chainId: 1 } },
      /^UNKNOWN_ARGUMENT: Unknown argument `flow.preparedFlow`.*did you mean `prepared_flow`/,
    );
    await expectToolError(
      server,
      "execute_prepared_flow",
      { flow: { prepared_flow: true, chain_id: 1 } },
      /^INVALID_ARGUMENT: Invalid `flow.chain_id`/,
    );
    await expectToolError(
      server,
      "execute_prepared_flow",
      { flow: "{not json" },
      /^INVALID_ARGUMENT: .*flow/,
    );
    await expectToolError(server, "get_transaction", { hash: "0x12" }, /^INVALID_ARGUMENT: Invalid `hash`/);
    await expectToolError(
      server,
      "check_attribution_tag",
      {},
      /^INVALID_ARGUMENT: .*exactly one of `calldata`/,
    );
    await expectToolError(
      server,
      "check_attribution_tag",
      { calldata: "0xabc" },
      /^INVALID_ARGUMENT: .*calldata/,
    );
    // Schema violations (missing or mistyped fields, over-long strings) are tool errors naming the field.
    await expectToolError(
      server,
      "send_token",
      { to: recipient, token: "USDm" },
      /^INVALID_ARGUMENT: `amount` is required by send_token/,
    );
    await expectToolError(
      server,
      "send_token",
      { to: recipient, token: "USDm", amount: 5 },
      /^INVALID_ARGUMENT: Invalid `amount`.*string/,
    );
    const long = await server.call("resolve_ens", { name: `${"a".repeat(1_000_000)}.celo.eth` });
    expect(toolError(long).code).toBe("INVALID_ARGUMENT");
    expect(text(long).length).toBeLessThan(1_000); // the value is cut short, not echoed
    await expectToolError(server, "get_flow_status", { flow_id: "f".repeat(64) }, /^FLOW_NOT_FOUND: /);
  });
});

describe("secrets", () => {
  it("a key pasted into an argument is not echoed back", async () => {
    const result = await server.call("prepare_send", { to: key, token: "USDm", amount: "1" });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain("[redacted]");
  });

  it("the private key appears nowhere in stdout, stderr or any tool result", async () => {
    const body = key.slice(2);
    for (const target of [server, readOnly]) {
      const { stdout, stderr, results } = target.captured();
      expect(stdout.length).toBeGreaterThan(1000);
      expect(results.length).toBeGreaterThan(3);
      for (const captured of [stdout, stderr, ...results]) {
        expect(captured.toLowerCase()).not.toContain(body.toLowerCase());
      }
    }
    // stdout is only the protocol: every line is a JSON-RPC message.
    for (const line of server
      .captured()
      .stdout.split("\n")
      .filter((entry) => entry !== "")) {
      expect(JSON.parse(line)).toHaveProperty("jsonrpc", "2.0");
    }
    expect(server.captured().stderr).toContain(`serving ${TOOL_NAMES.length} tools`);
  });
});
