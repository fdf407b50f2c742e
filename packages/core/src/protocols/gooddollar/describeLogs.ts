// What a simulated step did with GoodDollar, in words, from its contracts' own events: the UBIScheme's
// `UBIClaimed` ("claims 10000 G$ of GoodDollar UBI") and the reserve Broker's `Swap` ("swaps 1 USDm for 9900 G$
// with GoodDollar's reserve"). The gooddollar definition's `simulation` hook.
import { type Address, decodeEventLog, type Hex } from "viem";
import { eventAbi, indexed, param } from "../../abi/functionAbi.js";
import { formatAmount } from "../../amounts/formatAmount.js";
import { TOKENS } from "../../tokens/registry.js";
import type { ProtocolSimulation, SimulationLog } from "../protocolSimulation.js";
import { GOODDOLLAR_ADDRESSES } from "./addresses.js";

const ubiClaimed = [
  eventAbi("UBIClaimed", [indexed("address", "claimer"), param("uint256", "amount")]),
] as const;
const brokerSwap = [
  eventAbi("Swap", [
    param("address", "exchangeProvider"),
    indexed("bytes32", "exchangeId"),
    indexed("address", "trader"),
    indexed("address", "tokenIn"),
    param("address", "tokenOut"),
    param("uint256", "amountIn"),
    param("uint256", "amountOut"),
  ]),
] as const;

/** The log decoded with `abi` (strictly), or `undefined` when it is not one of its events. */
function decode(
  abi: typeof ubiClaimed | typeof brokerSwap,
  log: SimulationLog,
): Record<string, unknown> | undefined {
  try {
    return decodeEventLog({ abi, topics: log.topics as [Hex, ...Hex[]], data: log.data, strict: true })
      .args as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** An amount of a registry token in words (`"1.5 USDm"`), or base units of an unknown token. */
function amountOf(value: unknown, token: unknown): string {
  const info = Object.values(TOKENS).find((t) => t.address.toLowerCase() === String(token).toLowerCase());
  return info
    ? `${formatAmount(value as bigint, info.decimals)} ${info.symbol}`
    : `${String(value)} of ${String(token)}`;
}

const same = (a: Address, b: string) => a.toLowerCase() === b.toLowerCase();

/** The sentences of a successful step's GoodDollar logs. @internal */
export const goodDollarSimulation: ProtocolSimulation = {
  describeLogs({ logs }) {
    const sentences: string[] = [];
    for (const log of logs) {
      if (same(log.address, GOODDOLLAR_ADDRESSES.ubiScheme)) {
        const claim = decode(ubiClaimed, log);
        if (claim) sentences.push(`claims ${amountOf(claim.amount, TOKENS["G$"].address)} of GoodDollar UBI`);
      } else if (same(log.address, GOODDOLLAR_ADDRESSES.broker)) {
        const swap = decode(brokerSwap, log);
        if (swap)
          sentences.push(
            `swaps ${amountOf(swap.amountIn, swap.tokenIn)} for ${amountOf(swap.amountOut, swap.tokenOut)} with GoodDollar's reserve`,
          );
      }
    }
    return sentences;
  },
};
