// Every `prepare*` paying gas in a fee currency costs exactly ONE HTTP request, counted at a real proxy in front
// of the devnet (the fee's directory reads, balances, gas price and eth_simulateV1 ride in the action's own
// JSON-RPC batch). The Aave flows are executed too, from an account with 0 CELO paying in USDm, so that the
// withdraw, borrow and repay that follow have a position to act on.
import { type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { erc20Abi, parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  aaveActions,
  createSdkClient,
  executePreparedFlow,
  InvalidArgumentError,
  InvalidFeeCurrencyError,
  mentoActions,
  type SerializedPreparedFlow,
  swapActions,
  TOKENS,
  uniswapActions,
} from "../src/index.js";
import { devnetClients, freshAccount } from "./support/wallet.js";

const devnet = useDevnet();
let proxy: FaultProxy;
let account: Awaited<ReturnType<typeof freshAccount>>;

beforeAll(async () => {
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
  account = await freshAccount(devnet, { USDC: "300", USDm: "20" }); // no CELO at all
});
afterAll(() => proxy.close());

function newClient(feeCurrency?: "USDm") {
  return createSdkClient({
    rpcUrl: proxy.url,
    analyticsEnabled: false,
    ...(feeCurrency ? { feeCurrency } : {}),
  })
    .extend(swapActions)
    .extend(uniswapActions)
    .extend(mentoActions)
    .extend(aaveActions);
}

/** The HTTP requests `run` costs, on a client whose one-time chain check is already done. */
async function count(run: () => Promise<SerializedPreparedFlow>) {
  proxy.reset();
  const flow = await run();
  return { flow, requests: proxy.requests };
}

function expectPaidInUsdm(flow: SerializedPreparedFlow) {
  expect(flow.fee?.currency).toBe("USDm");
  for (const step of flow.steps) expect(step.feeCurrency).toBe(TOKENS.USDm.address);
}

async function execute(flow: SerializedPreparedFlow) {
  const { wallet } = devnetClients(devnet, account.privateKey);
  const result = await executePreparedFlow(wallet, { flow, account: wallet.account });
  expect(result.status, flow.summary).toBe("success");
}

describe("one HTTP request per fee-currency prepare*", () => {
  it('transaction, swap and venue prepares, paying in USDm, in USDC and with "auto"', async () => {
    const client = newClient();
    await client.network.getStatus(); // the chain check, once per client
    const from = account.address;
    for (const feeCurrency of ["USDm", "USDC", "auto"] as const) {
      await expectOneRequestEach(client, from, { feeCurrency });
    }
  });

  async function expectOneRequestEach(
    client: ReturnType<typeof newClient>,
    from: `0x${string}`,
    options: { feeCurrency: "USDm" | "USDC" | "auto" },
  ) {
    const runs: [string, () => Promise<SerializedPreparedFlow>][] = [
      ["prepareSend", () => client.transaction.prepareSend(from, from, "USDC", "1", options)],
      ['prepareSend "max"', () => client.transaction.prepareSend(from, from, "USDC", "max", options)],
      ["prepareApprove", () => client.transaction.prepareApprove(from, from, "USDC", "1", options)],
      [
        "prepareContractCall",
        () =>
          client.transaction.prepareContractCall(
            from,
            {
              to: TOKENS.USDC.address,
              abi: erc20Abi,
              functionName: "transfer",
              args: [from, 1n],
              approvals: [{ token: "USDm", amount: "1" }],
            },
            options,
          ),
      ],
      ["swap.prepareSwap", () => client.swap.prepareSwap(from, "USDC", "USDm", "5", options)],
      ["uniswap.prepareSwap", () => client.uniswap.prepareSwap(from, "USDC", "USDm", "5", options)],
      ["mento.prepareSwap", () => client.mento.prepareSwap(from, "USDm", "USDC", "1", options)],
    ];
    for (const [name, run] of runs) {
      const { flow, requests } = await count(run);
      expect(requests, `${name} paying in ${options.feeCurrency}`).toBe(1);
      if (options.feeCurrency === "USDm") expectPaidInUsdm(flow);
      // "auto" from 0 CELO: a stable it holds pays, never CELO
      else if (options.feeCurrency === "USDC") expect(flow.fee?.currency).toBe("USDC");
      else expect(["USDm", "USDC"]).toContain(flow.fee?.currency);
      for (const step of flow.steps) expect(step.feeCurrency, name).toBe(flow.fee?.feeCurrency);
    }
  }

  it("the Aave prepares (with the client's default), each flow landing from 0 CELO", async () => {
    const client = newClient("USDm");
    await client.network.getStatus();
    const from = account.address;
    const supply = await count(() => client.aave.prepareSupply(from, "USDC", "100"));
    expect(supply.requests).toBe(1);
    expectPaidInUsdm(supply.flow);
    expect(supply.flow.steps).toHaveLength(2); // approve + supply, both paying in USDm
    await execute(supply.flow);

    const borrow = await count(() => client.aave.prepareBorrow(from, "USDm", "5"));
    expect(borrow.requests).toBe(1);
    expectPaidInUsdm(borrow.flow);
    await execute(borrow.flow);

    const repay = await count(() => client.aave.prepareRepay(from, "USDm", "2"));
    expect(repay.requests).toBe(1);
    expectPaidInUsdm(repay.flow);
    await execute(repay.flow);

    const withdraw = await count(() => client.aave.prepareWithdraw(from, "USDC", "10"));
    expect(withdraw.requests).toBe(1);
    expectPaidInUsdm(withdraw.flow);
    await execute(withdraw.flow);

    const { publicClient } = devnetClients(devnet, account.privateKey);
    expect(await publicClient.getBalance({ address: from })).toBe(0n);
    const usdc = await publicClient.readContract({
      address: TOKENS.USDC.address,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [from],
    });
    expect(usdc).toBe(parseUnits("210", 6));
  });

  it("a bad feeCurrency or option key is refused before any request, on every prepare*", async () => {
    const client = newClient();
    await client.network.getStatus();
    const from = account.address;
    const call = {
      to: TOKENS.USDC.address,
      abi: erc20Abi,
      functionName: "transfer",
      args: [from, 1n],
    } as const;
    const prepares = (options: Record<string, unknown>): [string, () => Promise<unknown>][] => [
      ["prepareSend", () => client.transaction.prepareSend(from, from, "USDC", "1", options)],
      ["prepareApprove", () => client.transaction.prepareApprove(from, from, "USDC", "1", options)],
      ["prepareContractCall", () => client.transaction.prepareContractCall(from, call, options)],
      ["swap.prepareSwap", () => client.swap.prepareSwap(from, "USDC", "USDm", "5", options)],
      ["uniswap.prepareSwap", () => client.uniswap.prepareSwap(from, "USDC", "USDm", "5", options)],
      ["mento.prepareSwap", () => client.mento.prepareSwap(from, "USDm", "USDC", "1", options)],
      ["aave.prepareSupply", () => client.aave.prepareSupply(from, "USDC", "1", options)],
      ["aave.prepareWithdraw", () => client.aave.prepareWithdraw(from, "USDC", "1", options)],
      ["aave.prepareBorrow", () => client.aave.prepareBorrow(from, "USDm", "1", options)],
      ["aave.prepareRepay", () => client.aave.prepareRepay(from, "USDm", "1", options)],
    ];
    for (const [feeCurrency, rule] of [
      ["WETH", /WETH has no fee currency/],
      [`0x${"00".repeat(20)}`, /zero address/],
      [TOKENS.USDC.address, /through its adapter/],
    ] as const) {
      for (const [name, run] of prepares({ feeCurrency })) {
        proxy.reset();
        const error = await run().catch((e: unknown) => e);
        expect(error, name).toBeInstanceOf(InvalidFeeCurrencyError);
        expect((error as Error).message, name).toMatch(rule);
        expect((error as InvalidFeeCurrencyError).details.field, name).toBe("feeCurrency");
        expect(proxy.requests, name).toBe(0);
      }
    }
    for (const [name, run] of prepares({ feeCurrncy: "USDm" })) {
      proxy.reset();
      const error = await run().catch((e: unknown) => e);
      expect(error, name).toBeInstanceOf(InvalidArgumentError);
      expect((error as Error).message, name).toMatch(/feeCurrncy/);
      expect(proxy.requests, name).toBe(0);
    }
  });
});
