// GoodDollar over stdio with the built binary on the devnet's GoodDollar contracts (goodprotocol's G$, IdentityV3,
// UBISchemeV2; the reserve stand-ins): a whitelisted signer claims its UBI through execute_prepared_flow and is
// refused a second claim; a stranger is refused before anything is built; the reserve quotes and a swap lands.
// The server runs under a policy with NO contract allowed by address and a USDm cap: claims and reserve swaps are
// recognised calls (the claim passes, a swap is bounded by the cap of what the Broker pulls).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GOODDOLLAR_ADDRESSES } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { createPublicClient, erc20Abi, http } from "viem";
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
const key = generatePrivateKey();
const signer = privateKeyToAccount(key).address;
const stranger = privateKeyToAccount(generatePrivateKey()).address;

interface Flow {
  steps: { call?: { contract: string; function_name: string; args: unknown[] } }[];
  intent?: Record<string, unknown>;
}

const gd = (owner: `0x${string}`) =>
  reader.readContract({
    address: GOODDOLLAR_ADDRESSES.goodDollar,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [owner],
  });

const dir = mkdtempSync(join(tmpdir(), "preflow-gooddollar-"));
let server: SpawnedServer;
beforeAll(async () => {
  await devnet.fund(signer, "CELO", "10");
  await devnet.fund(signer, "USDm", "5");
  await devnet.whitelistGoodDollar(signer);
  server = await spawnPolicyServer({
    rpcUrl: devnet.rpcUrl,
    key,
    dir,
    policy: { caps: { USDm: { perCall: "2" } }, allow: { contracts: [] } },
  });
});
afterAll(async () => {
  await server?.close();
});

async function execute(flow: Flow): Promise<Execution> {
  const execution = data<Execution>(await server.call("execute_prepared_flow", { flow }));
  expect(execution.status, JSON.stringify(execution)).toBe("success");
  return execution;
}

describe("GoodDollar tools", () => {
  it("get_ubi_entitlement and prepare_ubi_claim: the signer claims once; a second claim and a stranger are refused", async () => {
    const ubi = data<{ can_claim: boolean; entitlement: string; whitelisted_root: string }>(
      await server.call("get_ubi_entitlement", {}),
    );
    expect(ubi).toMatchObject({ can_claim: true, whitelisted_root: signer });
    const flow = data<Flow>(await server.call("prepare_ubi_claim", {}));
    expect(flow.intent).toEqual({ kind: "goodDollarClaim", entitlement: ubi.entitlement });
    expect(flow.steps.map((s) => [s.call?.contract, s.call?.function_name])).toEqual([
      ["GoodDollar UBIScheme", "claim"],
    ]);
    const before = await gd(signer);
    await execute(flow); // a recognised call: allowed although allow.contracts is empty
    expect((await gd(signer)) - before).toBe(BigInt(ubi.entitlement));

    const again = toolError(await server.call("prepare_ubi_claim", {}));
    expect(again).toMatchObject({ code: "GOODDOLLAR_REFUSED", details: { reason: "already-claimed" } });
    const refused = toolError(await server.call("prepare_ubi_claim", { from: stranger }));
    expect(refused).toMatchObject({ code: "GOODDOLLAR_REFUSED", details: { reason: "not-whitelisted" } });
    const strangerUbi = data<{ can_claim: boolean; refusal: string }>(
      await server.call("get_ubi_entitlement", { address: stranger }),
    );
    expect(strangerUbi).toMatchObject({ can_claim: false, refusal: "not-whitelisted" });
  });

  it("get_gooddollar_reserve_quote and prepare_gooddollar_reserve_swap: over the USDm cap refused, within it lands", async () => {
    const quote = data<{ amount_out: string; price_in_usdm: string; token_out: { symbol: string } }>(
      await server.call("get_gooddollar_reserve_quote", {
        token_in: "USDm",
        token_out: "G$",
        amount_in: "2",
      }),
    );
    expect(quote.token_out.symbol).toBe("G$");
    expect(BigInt(quote.amount_out)).toBeGreaterThan(0n);

    const big = data<Flow>(
      await server.call("prepare_gooddollar_reserve_swap", {
        token_in: "USDm",
        token_out: "G$",
        amount_in: "3",
      }),
    );
    const nonce = await reader.getTransactionCount({ address: signer });
    const denied = toolError(await server.call("execute_prepared_flow", { flow: big }));
    expect(denied.code).toBe("POLICY_VIOLATION");
    expect(JSON.stringify(denied.details)).toContain("caps.USDm.perCall");
    expect(await reader.getTransactionCount({ address: signer })).toBe(nonce);

    const small = data<Flow>(
      await server.call("prepare_gooddollar_reserve_swap", {
        token_in: "USDm",
        token_out: "G$",
        amount_in: "2",
        slippage_bps: 50,
      }),
    );
    expect(small.steps.map((s) => s.call?.function_name)).toEqual(["approve", "swapIn"]);
    expect(small.intent).toMatchObject({ kind: "goodDollarReserveSwap", amount_in: "2000000000000000000" });
    const before = await gd(signer);
    await execute(small);
    expect((await gd(signer)) - before).toBeGreaterThanOrEqual(
      BigInt(small.intent!.min_amount_out as string),
    );
  });

  it("refuses a pair the reserve does not trade before any request", async () => {
    const bad = toolError(
      await server.call("get_gooddollar_reserve_quote", {
        token_in: "USDC",
        token_out: "G$",
        amount_in: "1",
      }),
    );
    expect(bad.code).toBe("INVALID_ARGUMENT");
    expect(bad.details).toMatchObject({ field: "token_in" });
  });
});
