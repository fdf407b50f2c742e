// The UniversalRouter's input of one exact-input swap in one v4 pool, both ways: `V4_SWAP` (command 0x10) with
// the actions SWAP_EXACT_IN_SINGLE, SETTLE_ALL (pay the input through Permit2) and TAKE_ALL (the output to the
// router's caller) or TAKE (the output to another recipient). Encoding and strict decoding are written once here:
// the venue encodes with it, the intent check and the policy decoder read calldata back with it.
import {
  type Address,
  concatHex,
  decodeAbiParameters,
  encodeAbiParameters,
  getAddress,
  type Hex,
  isAddressEqual,
  maxUint128,
  toHex,
  zeroAddress,
} from "viem";

/** The UniversalRouter command of a v4 swap (`Commands.V4_SWAP`). @internal */
export const V4_SWAP_COMMAND = "0x10";

/** v4-periphery's action bytes (`Actions.sol`) preflow uses. @internal */
export const UNISWAP_V4_ACTIONS = Object.freeze({
  SWAP_EXACT_IN_SINGLE: 0x06,
  SETTLE_ALL: 0x0c,
  TAKE: 0x0e,
  TAKE_ALL: 0x0f,
} as const);

/** `ActionConstants.MSG_SENDER` / `ADDRESS_THIS`: recipients the router maps to its caller / itself. */
const MSG_SENDER = "0x0000000000000000000000000000000000000001";
const ADDRESS_THIS = "0x0000000000000000000000000000000000000002";

/**
 * A v4 pool's key: its two currencies in order (`currency0 < currency1`; address 0 is the native asset), the fee in
 * hundredths of a basis point, the tick spacing and the hooks contract (zero: none).
 *
 * @example
 * ```ts
 * import type { UniswapV4PoolKey } from "@preflow/core";
 * const key: UniswapV4PoolKey = { currency0: usdm, currency1: usdc, fee: 100, tickSpacing: 1, hooks: "0x0000000000000000000000000000000000000000" };
 * ```
 */
export interface UniswapV4PoolKey {
  currency0: Address;
  currency1: Address;
  fee: number;
  tickSpacing: number;
  hooks: Address;
}

/**
 * One exact-input swap in one hookless v4 pool, as the UniversalRouter's `V4_SWAP` input carries it.
 *
 * @example
 * ```ts
 * import type { UniswapV4ExactInputSingle } from "@preflow/core";
 * const swap: UniswapV4ExactInputSingle = { poolKey, zeroForOne: true, amountIn: 1_000_000n, minAmountOut: 990_000_000_000_000_000n, recipient: undefined };
 * ```
 */
export interface UniswapV4ExactInputSingle {
  poolKey: UniswapV4PoolKey;
  /** Selling `currency0` for `currency1` (else the other way). */
  zeroForOne: boolean;
  /** Base units sold (at most 2^128 − 1). */
  amountIn: bigint;
  /** The least output accepted (at most 2^128 − 1): the swap reverts with `V4TooLittleReceived` below it. */
  minAmountOut: bigint;
  /** Who receives the output: `undefined` for the router's caller (`TAKE_ALL`), else that address (`TAKE`). */
  recipient: Address | undefined;
}

const POOL_KEY = {
  name: "poolKey",
  type: "tuple",
  components: [
    { name: "currency0", type: "address" },
    { name: "currency1", type: "address" },
    { name: "fee", type: "uint24" },
    { name: "tickSpacing", type: "int24" },
    { name: "hooks", type: "address" },
  ],
} as const;
const EXACT_INPUT_SINGLE = [
  {
    type: "tuple",
    components: [
      POOL_KEY,
      { name: "zeroForOne", type: "bool" },
      { name: "amountIn", type: "uint128" },
      { name: "amountOutMinimum", type: "uint128" },
      { name: "hookData", type: "bytes" },
    ],
  },
] as const;
const ACTIONS_AND_PARAMS = [{ type: "bytes" }, { type: "bytes[]" }] as const;
const CURRENCY_AND_AMOUNT = [{ type: "address" }, { type: "uint256" }] as const;
const CURRENCY_RECIPIENT_AMOUNT = [{ type: "address" }, { type: "address" }, { type: "uint256" }] as const;

/** The currency sold and the currency bought of a swap. @internal */
export function swapCurrencies(swap: Pick<UniswapV4ExactInputSingle, "poolKey" | "zeroForOne">): {
  currencyIn: Address;
  currencyOut: Address;
} {
  const { currency0, currency1 } = swap.poolKey;
  return swap.zeroForOne
    ? { currencyIn: currency0, currencyOut: currency1 }
    : { currencyIn: currency1, currencyOut: currency0 };
}

/**
 * Encodes one exact-input single-pool swap as the UniversalRouter's `commands` and `inputs`: `V4_SWAP` with
 * `[SWAP_EXACT_IN_SINGLE, SETTLE_ALL, TAKE_ALL]` (or `TAKE` to `recipient`). `SETTLE_ALL` pays at most `amountIn`
 * (through Permit2); the minimum output is checked by the swap itself (and by `TAKE_ALL`). Pure.
 *
 * @param swap - The swap ({@link UniswapV4ExactInputSingle}); amounts must fit in 128 bits.
 * @returns `{ commands, inputs }` for `execute(commands, inputs, deadline)`.
 *
 * @example
 * ```ts
 * import { encodeUniswapV4Swap } from "@preflow/core";
 * const { commands, inputs } = encodeUniswapV4Swap({ poolKey, zeroForOne: true, amountIn: 1_000_000n, minAmountOut: 1n, recipient: undefined });
 * // commands: "0x10"
 * ```
 */
export function encodeUniswapV4Swap(swap: UniswapV4ExactInputSingle): { commands: Hex; inputs: Hex[] } {
  const { poolKey, zeroForOne, amountIn, minAmountOut, recipient } = swap;
  const { currencyIn, currencyOut } = swapCurrencies(swap);
  const take =
    recipient === undefined
      ? {
          action: UNISWAP_V4_ACTIONS.TAKE_ALL,
          params: encodeAbiParameters(CURRENCY_AND_AMOUNT, [currencyOut, minAmountOut]),
        }
      : {
          action: UNISWAP_V4_ACTIONS.TAKE,
          // Amount 0 is `ActionConstants.OPEN_DELTA`: everything the swap produced.
          params: encodeAbiParameters(CURRENCY_RECIPIENT_AMOUNT, [currencyOut, recipient, 0n]),
        };
  const actions = concatHex([
    toHex(UNISWAP_V4_ACTIONS.SWAP_EXACT_IN_SINGLE, { size: 1 }),
    toHex(UNISWAP_V4_ACTIONS.SETTLE_ALL, { size: 1 }),
    toHex(take.action, { size: 1 }),
  ]);
  const params = [
    encodeAbiParameters(EXACT_INPUT_SINGLE, [
      { poolKey, zeroForOne, amountIn, amountOutMinimum: minAmountOut, hookData: "0x" },
    ]),
    encodeAbiParameters(CURRENCY_AND_AMOUNT, [currencyIn, amountIn]),
    take.params,
  ];
  return { commands: V4_SWAP_COMMAND, inputs: [encodeAbiParameters(ACTIONS_AND_PARAMS, [actions, params])] };
}

/** `decodeAbiParameters` only when `data` is exactly the canonical encoding of what it decodes to; never throws. */
function decodeStrictly<const parameters extends readonly { type: string }[]>(
  parameters: parameters,
  data: unknown,
): readonly unknown[] | undefined {
  if (typeof data !== "string" || !/^0x([0-9a-fA-F]{2})*$/.test(data)) return undefined;
  try {
    const values = decodeAbiParameters(parameters as never, data as Hex) as readonly unknown[];
    const again = encodeAbiParameters(parameters as never, values as never);
    return again.toLowerCase() === data.toLowerCase() ? values : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads `commands` and `inputs` of the UniversalRouter's `execute` back as one exact-input single-pool v4 swap, in
 * exactly the shape {@link encodeUniswapV4Swap} writes: one `V4_SWAP` command, the three actions, canonical
 * encodings, no hooks and no hook data, `SETTLE_ALL` of the currency sold capped at `amountIn`, and `TAKE_ALL` of the
 * currency bought with the swap's minimum (or `TAKE` of all of it to an address that is neither the caller's nor the
 * router's placeholder). Anything else (garbage, another command, a multi-hop swap) is `undefined`. Never throws.
 *
 * @param commands - The `commands` bytes.
 * @param inputs - The `inputs`.
 * @returns The swap, or `undefined`.
 *
 * @example
 * ```ts
 * import { decodeUniswapV4Swap, encodeUniswapV4Swap } from "@preflow/core";
 * const encoded = encodeUniswapV4Swap(swap);
 * decodeUniswapV4Swap(encoded.commands, encoded.inputs); // the same swap
 * decodeUniswapV4Swap("0x00", []); // undefined
 * ```
 */
export function decodeUniswapV4Swap(
  commands: unknown,
  inputs: unknown,
): UniswapV4ExactInputSingle | undefined {
  if (typeof commands !== "string" || commands.toLowerCase() !== V4_SWAP_COMMAND) return undefined;
  if (!Array.isArray(inputs) || inputs.length !== 1) return undefined;
  const outer = decodeStrictly(ACTIONS_AND_PARAMS, inputs[0]);
  if (!outer) return undefined;
  const [actions, params] = outer as [Hex, readonly Hex[]];
  const swapAction = toHex(UNISWAP_V4_ACTIONS.SWAP_EXACT_IN_SINGLE, { size: 1 }).slice(2);
  const settleAction = toHex(UNISWAP_V4_ACTIONS.SETTLE_ALL, { size: 1 }).slice(2);
  const takeAll = actions.toLowerCase() === `0x${swapAction}${settleAction}0f`;
  const take = actions.toLowerCase() === `0x${swapAction}${settleAction}0e`;
  if ((!takeAll && !take) || params.length !== 3) return undefined;
  const single = decodeStrictly(EXACT_INPUT_SINGLE, params[0]);
  if (!single) return undefined;
  const swap = single[0] as {
    poolKey: UniswapV4PoolKey;
    zeroForOne: boolean;
    amountIn: bigint;
    amountOutMinimum: bigint;
    hookData: Hex;
  };
  const poolKey: UniswapV4PoolKey = {
    currency0: getAddress(swap.poolKey.currency0),
    currency1: getAddress(swap.poolKey.currency1),
    fee: swap.poolKey.fee,
    tickSpacing: swap.poolKey.tickSpacing,
    hooks: getAddress(swap.poolKey.hooks),
  };
  if (!isAddressEqual(poolKey.hooks, zeroAddress) || swap.hookData !== "0x") return undefined;
  if (BigInt(poolKey.currency0) >= BigInt(poolKey.currency1)) return undefined;
  // Amount 0 would be `OPEN_DELTA` (whatever the router holds): not a swap of a stated amount.
  if (swap.amountIn === 0n || swap.amountIn > maxUint128) return undefined;
  const { currencyIn, currencyOut } = swapCurrencies({ poolKey, zeroForOne: swap.zeroForOne });
  const settle = decodeStrictly(CURRENCY_AND_AMOUNT, params[1]) as [Address, bigint] | undefined;
  if (!settle || !isAddressEqual(settle[0], currencyIn) || settle[1] !== swap.amountIn) return undefined;
  let recipient: Address | undefined;
  if (takeAll) {
    const taken = decodeStrictly(CURRENCY_AND_AMOUNT, params[2]) as [Address, bigint] | undefined;
    if (!taken || !isAddressEqual(taken[0], currencyOut) || taken[1] !== swap.amountOutMinimum)
      return undefined;
  } else {
    const taken = decodeStrictly(CURRENCY_RECIPIENT_AMOUNT, params[2]) as
      | [Address, Address, bigint]
      | undefined;
    if (!taken || !isAddressEqual(taken[0], currencyOut) || taken[2] !== 0n) return undefined;
    const to = getAddress(taken[1]);
    if (isAddressEqual(to, ADDRESS_THIS) || isAddressEqual(to, zeroAddress)) return undefined;
    recipient = isAddressEqual(to, MSG_SENDER) ? undefined : to;
  }
  return {
    poolKey,
    zeroForOne: swap.zeroForOne,
    amountIn: swap.amountIn,
    minAmountOut: swap.amountOutMinimum,
    recipient,
  };
}
