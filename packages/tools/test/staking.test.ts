// Celo staking and governance over stdio with the built binary on the devnet's core contracts: prepare_lock and
// prepare_validator_vote executed by execute_prepared_flow (the server's EOA signs), balances and proposals read
// back; a policy that allows locking but not Election denies the vote before anything is sent; prepare_lock with
// fee_currency "USDm" lands as 0x7b paying its gas in USDm, the CELO balance down by exactly what it locks.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  CELO_CORE_ADDRESSES,
  CELO_DEVNET_GOVERNANCE_SEED,
  CELO_DEVNET_VALIDATOR_GROUPS,
} from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { createPublicClient, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  data,
  type Execution,
  type SpawnedServer,
  spawnPolicyServer,
  spawnServer,
  toolError,
} from "./helpers/spawnServer.js";

const devnet = useDevnet();
const reader = createPublicClient({ chain: celo, transport: http(devnet.rpcUrl) });
const key = generatePrivateKey();
const signer = privateKeyToAccount(key).address;
const GROUP = CELO_DEVNET_VALIDATOR_GROUPS[0].address;
const USDM = devnet.tokens.USDm.address; // a Mento stable is its own fee currency

interface Flow {
  steps: { call?: { contract: string; function_name: string } }[];
  intent?: Record<string, unknown>;
}
interface FeeFlow extends Flow {
  steps: { fee_currency?: string; call?: { contract: string; function_name: string } }[];
  fee?: { currency: string; fee_currency: string; max: string };
}
interface Balances {
  registered: boolean;
  locked: { total: { formatted: string }; nonvoting: { formatted: string } };
  votes: { group: string; pending: { formatted: string } }[];
}

const dir = mkdtempSync(join(tmpdir(), "preflow-staking-"));
let server: SpawnedServer;
let guarded: SpawnedServer;
beforeAll(async () => {
  await devnet.fund(signer, "CELO", "100");
  await devnet.fund(signer, "USDm", "5"); // for the lock paying gas in USDm
  server = await spawnServer({ RPC_URL: devnet.rpcUrl, DO_NOT_TRACK: "1", CHAIN_PRIVATE_KEY: key });
  // lock (CELO to LockedGold) and Accounts allowed; Election is not in allow.contracts
  guarded = await spawnPolicyServer({
    rpcUrl: devnet.rpcUrl,
    key,
    dir,
    policy: {
      caps: { CELO: { perCall: "60" } },
      allow: {
        recipients: [CELO_CORE_ADDRESSES.LockedGold],
        contracts: [CELO_CORE_ADDRESSES.Accounts, CELO_CORE_ADDRESSES.LockedGold],
      },
    },
  });
});
afterAll(async () => {
  await server?.close();
  await guarded?.close();
});

async function execute(on: SpawnedServer, flow: Flow): Promise<Execution> {
  const execution = data<Execution>(await on.call("execute_prepared_flow", { flow }));
  expect(execution.status, JSON.stringify(execution)).toBe("success");
  return execution;
}

describe("staking tools", () => {
  it("prepare_lock and prepare_validator_vote run through execute_prepared_flow; get_staking_balances shows them", async () => {
    const lock = data<Flow>(await guarded.call("prepare_lock", { amount: "50" }));
    expect(lock.intent).toEqual({ kind: "lock", amount: "50000000000000000000", relocked: "0" });
    expect(lock.steps.map((s) => [s.call?.contract, s.call?.function_name])).toEqual([
      ["Celo Accounts", "createAccount"],
      ["Celo LockedGold", "lock"],
    ]);
    await execute(guarded, lock); // the policy allows locking
    let balances = data<Balances>(await server.call("get_staking_balances", {}));
    expect(balances.registered).toBe(true);
    expect(balances.locked.total.formatted).toBe("50");

    const vote = data<Flow>(await server.call("prepare_validator_vote", { group: GROUP, amount: "30" }));
    const nonce = await reader.getTransactionCount({ address: signer });
    const denied = toolError(await guarded.call("execute_prepared_flow", { flow: vote }));
    expect(denied.code).toBe("POLICY_VIOLATION");
    const rules = (denied.details as { violations: { rule: string }[] }).violations.map((v) => v.rule);
    expect(rules).toContain("allow.contracts");
    expect(await reader.getTransactionCount({ address: signer })).toBe(nonce);

    await execute(server, vote); // no policy: the vote goes through
    balances = data<Balances>(await server.call("get_staking_balances", {}));
    expect(balances.votes).toEqual([
      expect.objectContaining({ group: GROUP, pending: expect.objectContaining({ formatted: "30" }) }),
    ]);
    expect(balances.locked.nonvoting.formatted).toBe("20");
  });

  it("lists validator groups and proposals; refuses a withdrawal with nothing unlocked, naming the rule", async () => {
    const groups = data<{ groups: { address: string; name: string }[] }>(
      await server.call("get_validator_groups", {}),
    );
    expect(groups.groups.map((g) => g.name)).toContain("Devnet RPC Group One");
    const proposals = data<{ queue: { id: string }[]; referendum: { id: string }[] }>(
      await server.call("get_governance_proposals", {}),
    );
    expect(proposals.referendum.map((p) => p.id)).toContain(
      String(CELO_DEVNET_GOVERNANCE_SEED.referendumProposalId),
    );
    const refused = toolError(await server.call("prepare_withdraw_unlocked", {}));
    expect(refused.code).toBe("CELO_STAKING_REFUSED");
    expect(refused.details).toMatchObject({ reason: "no-matured-withdrawal" });
  });

  it("prepare_lock with fee_currency USDm lands as 0x7b paying gas in USDm; CELO down by exactly the 5 locked", async () => {
    const lock = data<FeeFlow>(await server.call("prepare_lock", { amount: "5", fee_currency: "USDm" }));
    expect(lock.fee).toMatchObject({ currency: "USDm", fee_currency: USDM });
    expect(lock.steps.map((step) => step.fee_currency)).toEqual([USDM]);
    const celoBefore = await reader.getBalance({ address: signer });
    const done = data<
      Execution & { steps: { hash?: `0x${string}`; fee_paid?: { fee_currency: string; amount: string } }[] }
    >(await server.call("execute_prepared_flow", { flow: lock, fee_currency: "USDm" }));
    expect(done.status, JSON.stringify(done)).toBe("success");
    const tx = await reader.getTransaction({ hash: done.steps[0]!.hash! });
    expect(tx.type).toBe("cip64");
    expect((tx as { feeCurrency?: string }).feeCurrency?.toLowerCase()).toBe(USDM.toLowerCase());
    expect(BigInt(done.steps[0]!.fee_paid!.amount)).toBeLessThanOrEqual(BigInt(lock.fee!.max));
    expect(celoBefore - (await reader.getBalance({ address: signer }))).toBe(5n * 10n ** 18n);
    const balances = data<Balances>(await server.call("get_staking_balances", {}));
    expect(balances.locked.total.formatted).toBe("55");
  });
});
