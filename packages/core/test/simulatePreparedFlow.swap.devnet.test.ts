// A USDC → USDm swap flow (approve, then swap; output to another recipient) simulated with simulatePreparedFlow and
// then signed and sent by a plain viem wallet, on both venues: the simulated balance changes equal the balance
// differences measured around the real execution, token by token and address by address, and the amount received
// equals the flow's `intent.expectedAmountOut`.
//
// The devnet is shared with the other test files of this package, which may run at the same time and swap on the
// same pools (swap.devnet.test.ts, which also sets the Mento rate for a while). A comparison is only meaningful when
// nobody else touched the pool between the preparation and the swap, so each attempt checks that (the venue's quote
// for the same amount is unchanged at the prepared block, the simulated block and the block before the swap, and no
// other transaction moved USDC or USDm in or out of any address the simulation names); an attempt that was disturbed
// is repeated with fresh accounts, at most three times. This file moves no pool price and sets no rate.
import { useDevnet } from "@preflow/devnet/vitest";
import { type Address, erc20Abi, formatUnits, type Hash, parseAbiItem, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import {
  createSdkClient,
  formatPreparedFlow,
  MENTO_ADDRESSES,
  mentoRouterAbi,
  type SerializedPreparedFlow,
  type SimulatePreparedFlowReturnType,
  type SwapIntent,
  swapActions,
  TOKENS,
  UNISWAP_ADDRESSES,
} from "../src/index.js";
import { devnetClients, executeFlow, freshAccount } from "./support/wallet.js";

const devnet = useDevnet();
const client = createSdkClient({
  rpcUrl: devnet.rpcUrl,
  attributionTags: ["swapsim_test"],
  analyticsEnabled: false,
}).extend(swapActions);
const { USDC, USDm } = TOKENS;
const TOKEN_ADDRESSES = [USDC.address, USDm.address] as const;
const SYMBOL: Record<string, "USDC" | "USDm"> = {
  [USDC.address.toLowerCase()]: "USDC",
  [USDm.address.toLowerCase()]: "USDm",
};
const AMOUNT_IN = "100";
const VENUES = { uniswap: "Uniswap", mento: "Mento" } as const;
type Venue = keyof typeof VENUES;

/** A reader straight to the devnet (a throwaway key: only its public client is used). */
const reader = devnetClients(devnet, `0x${"22".repeat(32)}`).publicClient;
const transferEvent = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");
const quoterAbi = [
  parseAbiItem(
    "function quoteExactInputSingle((address tokenIn, address tokenOut, uint256 amountIn, uint24 fee, uint160 sqrtPriceLimitX96) params) returns (uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)",
  ),
] as const;

const balanceAt = (token: Address, owner: Address, blockNumber: bigint) =>
  reader.readContract({
    address: token,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [owner],
    blockNumber,
  });

/** The venue's output for AMOUNT_IN USDC → USDm on the state of `blockNumber` (read directly, not through preflow). */
async function quoteAt(venue: Venue, intent: SwapIntent, blockNumber: bigint): Promise<bigint> {
  if (venue === "uniswap") {
    const [, fee] = intent.route as [string, number, string];
    const { result } = await reader.simulateContract({
      address: UNISWAP_ADDRESSES.quoterV2,
      abi: quoterAbi,
      functionName: "quoteExactInputSingle",
      args: [
        {
          tokenIn: USDC.address,
          tokenOut: USDm.address,
          amountIn: BigInt(intent.amountIn),
          fee,
          sqrtPriceLimitX96: 0n,
        },
      ],
      blockNumber,
    });
    return result[0];
  }
  const amounts = await reader.readContract({
    address: MENTO_ADDRESSES.router,
    abi: mentoRouterAbi,
    functionName: "getAmountsOut",
    args: [
      BigInt(intent.amountIn),
      [{ from: USDC.address, to: USDm.address, factory: "0x0000000000000000000000000000000000000000" }],
    ],
    blockNumber,
  });
  return amounts.at(-1)!;
}

const key = (address: string, token: string) => `${address.toLowerCase()}:${token.toLowerCase()}`;

function simulatedDeltas(simulation: SimulatePreparedFlowReturnType): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const change of simulation.balanceChanges)
    out.set(key(change.address, change.token), BigInt(change.delta));
  return out;
}

interface Attempt {
  flow: SerializedPreparedFlow;
  intent: SwapIntent;
  simulation: SimulatePreparedFlowReturnType;
  sender: Address;
  recipient: Address;
  /** Measured deltas (after − before) of every watched address for USDC and USDm. */
  measured: Map<string, bigint>;
  watched: Address[];
}

/**
 * Prepares, simulates and executes one swap; returns `undefined` when another test disturbed the pool or a
 * watched balance between the preparation and the swap (then the comparison says nothing).
 */
async function attempt(venue: Venue): Promise<Attempt | undefined> {
  const trader = await freshAccount(devnet, { CELO: "1", USDC: AMOUNT_IN });
  const recipient = privateKeyToAccount(generatePrivateKey()).address;
  const flow = await client.swap.prepareSwap(trader.address, "USDC", "USDm", AMOUNT_IN, { venue, recipient });
  const intent = flow.intent;
  if (intent?.kind !== "swap") throw new Error("prepareSwap returned a flow without a swap intent");
  expect(intent).toMatchObject({
    venue,
    tokenIn: USDC.address,
    tokenOut: USDm.address,
    amountIn: "100000000",
  });
  expect(flow.steps.map((step) => step.call?.functionName)).toEqual([
    "approve",
    venue === "uniswap" ? "multicall" : "swapExactTokensForTokens",
  ]);

  const simulation = await client.transaction.simulatePreparedFlow(flow);
  const hashes: Hash[] = await executeFlow(devnet, trader.privateKey, flow);
  const [approveReceipt, swapReceipt] = await Promise.all(
    hashes.map((hash) => reader.getTransactionReceipt({ hash })),
  );
  const before = approveReceipt!.blockNumber - 1n;
  const after = swapReceipt!.blockNumber;

  // Every address the simulation names, and the sender and the recipient even if it names neither.
  const watched = [
    ...new Set([trader.address, recipient, ...simulation.balanceChanges.map((change) => change.address)]),
  ];

  // Undisturbed? The quote is the same on every state the flow was prepared, simulated and executed on, and no
  // transaction but ours moved USDC or USDm to or from a watched address in between.
  const prepared = BigInt(flow.preparedAt!.blockNumber);
  const quotes = await Promise.all(
    [prepared, BigInt(simulation.blockNumber), swapReceipt!.blockNumber - 1n].map((block) =>
      quoteAt(venue, intent, block),
    ),
  );
  const logs = await reader.getLogs({
    address: [...TOKEN_ADDRESSES],
    event: transferEvent,
    fromBlock: prepared + 1n,
    toBlock: after,
  });
  const isWatched = (address: string | undefined) =>
    watched.some((entry) => entry.toLowerCase() === address?.toLowerCase());
  const foreign = logs.filter(
    (log) => !hashes.includes(log.transactionHash) && (isWatched(log.args.from) || isWatched(log.args.to)),
  );
  if (quotes.some((quote) => quote !== quotes[0]) || foreign.length > 0) return undefined;

  const measured = new Map<string, bigint>();
  for (const address of watched) {
    for (const token of TOKEN_ADDRESSES) {
      const [was, is] = await Promise.all([
        balanceAt(token, address, before),
        balanceAt(token, address, after),
      ]);
      measured.set(key(address, token), is - was);
    }
  }
  return { flow, intent, simulation, sender: trader.address, recipient, measured, watched };
}

async function undisturbedAttempt(venue: Venue): Promise<Attempt> {
  for (let tries = 0; tries < 3; tries++) {
    const result = await attempt(venue);
    if (result) return result;
  }
  throw new Error(`three ${venue} attempts in a row were disturbed by other tests' transactions`);
}

describe.each(Object.keys(VENUES) as Venue[])(
  "a USDC → USDm swap on %s, simulated and then executed",
  (venue) => {
    it("the simulated balance changes equal the measured ones, token by token; received == expectedAmountOut", async () => {
      const { flow, intent, simulation, sender, recipient, measured, watched } =
        await undisturbedAttempt(venue);

      expect(simulation).toMatchObject({ success: true, failedStep: null, account: sender });
      // The intent says who receives the output, so a policy or an agent need not decode the calldata.
      expect(intent.recipient).toBe(recipient);
      expect(simulation.steps.map((step) => step.status)).toEqual(["success", "success"]);
      // Only USDC and USDm move (no native value, no other token).
      for (const change of simulation.balanceChanges) {
        expect(SYMBOL[change.token.toLowerCase()], change.token).toBe(change.symbol);
      }

      // Token by token, address by address: simulated == measured (an address the simulation does not name for a
      // token did not move in it, so its measured change is 0).
      const simulated = simulatedDeltas(simulation);
      for (const address of watched) {
        for (const token of TOKEN_ADDRESSES) {
          const label = `${SYMBOL[token.toLowerCase()]} of ${address}`;
          expect(measured.get(key(address, token)), label).toBe(simulated.get(key(address, token)) ?? 0n);
        }
      }

      // The sender paid exactly amountIn, the recipient (not the sender) received exactly the quoted amount.
      expect(measured.get(key(sender, USDC.address))).toBe(-parseUnits(AMOUNT_IN, 6));
      expect(measured.get(key(sender, USDm.address))).toBe(0n);
      expect(measured.get(key(recipient, USDC.address))).toBe(0n);
      const received = measured.get(key(recipient, USDm.address))!;
      expect(received).toBe(BigInt(intent.expectedAmountOut));
      expect(received).toBeGreaterThanOrEqual(BigInt(intent.minAmountOut));
      expect(simulated.get(key(recipient, USDm.address))).toBe(BigInt(intent.expectedAmountOut));
      // Sender and recipient come first in the changes, the sender's first.
      expect(simulation.balanceChanges[0]).toMatchObject({
        address: sender,
        token: USDC.address,
        symbol: "USDC",
        decimals: 6,
        delta: "-100000000",
        formatted: "-100",
      });
      expect(simulation.balanceChanges.find((change) => change.address === recipient)).toMatchObject({
        token: USDm.address,
        symbol: "USDm",
        delta: intent.expectedAmountOut,
        formatted: formatUnits(BigInt(intent.expectedAmountOut), 18),
      });

      // The exact approval of the router is set and used up by the swap.
      const router = venue === "uniswap" ? UNISWAP_ADDRESSES.swapRouter02 : MENTO_ADDRESSES.router;
      expect(simulation.allowanceChanges).toEqual([
        {
          token: USDC.address,
          symbol: "USDC",
          owner: sender,
          spender: router,
          before: { value: "0", formatted: "0" },
          after: { value: "0", formatted: "0" },
        },
      ]);

      // The preview says what is sent and what comes back to whom (the recipient, not the sender), and shows the
      // simulated changes.
      const preview = formatPreparedFlow(flow, simulation);
      const min = formatUnits(BigInt(intent.minAmountOut), 18);
      const expected = formatUnits(BigInt(intent.expectedAmountOut), 18);
      expect(preview).toContain(
        `Swap on ${VENUES[venue]}: you send 100 USDC, ${recipient} receives at least ${min} USDm (expected ${expected} USDm)`,
      );
      expect(preview).toContain("Simulated on block");
      expect(preview).toContain("every step succeeds");
      expect(preview).toContain(`  you (${sender}): -100 USDC`);
      expect(preview).toContain(`  ${recipient}: +${expected} USDm`);
    });
  },
);
