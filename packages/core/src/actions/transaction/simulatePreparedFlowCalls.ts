// simulatePreparedFlow's simulated block: allowance reads before the steps and after each step, around the
// steps. @internal
import { type Address, getAddress } from "viem";
import type { SerializedPreparedFlow } from "../../flow/types.js";

const APPROVE_SELECTOR = "0x095ea7b3";
const ALLOWANCE_SELECTOR = "0xdd62ed3e";

export interface Pair {
  token: Address;
  owner: Address;
  spender: Address;
}

export interface Layout {
  calls: Record<string, unknown>[];
  /** Index in `calls` of each step. */
  stepAt: number[];
  /** Index in `calls` of the reads of `pairs` before the first step. */
  readsBefore: number;
  /** Index in `calls` of the reads of `pairs` after each step. */
  readsAfter: number[];
  /** Index in `calls` of the `first` extra calls (before everything: the fee currency's reads). */
  firstAt: number;
  /** Index in `calls` of the `last` extra calls (after everything: the protocols' reads). */
  lastAt: number;
}

/** The (token, owner, spender) pairs the flow's own `approve` steps set, from their calldata. */
export function approvedPairs(flow: SerializedPreparedFlow, owner: Address): Pair[] {
  const pairs: Pair[] = [];
  for (const step of flow.steps) {
    const data = step.data.toLowerCase();
    // approve(address,uint256): selector, then a 32-byte address word (an attribution suffix may follow)
    if (!data.startsWith(APPROVE_SELECTOR) || data.length < 10 + 128) continue;
    const word = data.slice(10, 74);
    if (!/^0{24}/.test(word)) continue;
    const spender = checksummed(`0x${word.slice(24)}`);
    if (!pairs.some((pair) => same(pair.token, step.to) && same(pair.spender, spender))) {
      pairs.push({ token: step.to, owner, spender });
    }
  }
  return pairs;
}

export function buildCalls(
  flow: SerializedPreparedFlow,
  account: Address,
  pairs: Pair[],
  extra: { first?: Record<string, unknown>[]; last?: Record<string, unknown>[] } = {},
): Layout {
  const calls: Record<string, unknown>[] = [...(extra.first ?? [])];
  const reads = () => {
    const start = calls.length;
    for (const pair of pairs) {
      calls.push({
        from: account,
        to: pair.token,
        data: `${ALLOWANCE_SELECTOR}${word(pair.owner)}${word(pair.spender)}`,
      });
    }
    return start;
  };
  const readsBefore = reads();
  const stepAt: number[] = [];
  const readsAfter: number[] = [];
  for (const step of flow.steps) {
    stepAt.push(calls.length);
    calls.push({
      from: account,
      to: step.to,
      data: step.data,
      value: `0x${BigInt(step.value).toString(16)}`,
    });
    readsAfter.push(reads());
  }
  const lastAt = calls.length;
  calls.push(...(extra.last ?? []));
  return { calls, stepAt, readsBefore, readsAfter, firstAt: 0, lastAt };
}

export function word(address: string): string {
  return address.toLowerCase().slice(2).padStart(64, "0");
}

/** Case-insensitive address equality. @internal */
export function same(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** Addresses read from logs and calldata (lower-case), checksummed. @internal */
export function checksummed(address: string): Address {
  return getAddress(address);
}
