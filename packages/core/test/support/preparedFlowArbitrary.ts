// fast-check arbitraries of prepared flows in every shape (steps with and without `call`, every intent, with and
// without `preparedAt` / `expiresAt`), including the shapes prepare* produces (approve and transfer calldata of
// registry tokens with their decoded `call`), for property tests of the simulation and preview code.
import fc from "fast-check";
import { type Address, encodeFunctionData, erc20Abi, getAddress, type Hex, maxUint256 } from "viem";
import {
  AAVE_V3_ADDRESSES,
  aaveV3PoolAbi,
  encodeUniswapV4Swap,
  type FlowIntent,
  type JsonValue,
  MENTO_ADDRESSES,
  mentoRouterAbi,
  type PreparedStep,
  type PreparedStepKind,
  type SerializedPreparedFlow,
  SWAP_VENUES,
  type SwapIntent,
  TOKENS,
  UNISWAP_ADDRESSES,
  UNISWAP_V4_ADDRESSES,
  uniswapSwapRouter02Abi,
  universalRouterAbi,
} from "../../src/index.js";

export const address = fc
  .uint8Array({ minLength: 20, maxLength: 20 })
  .map((bytes) => getAddress(`0x${Buffer.from(bytes).toString("hex")}`));
const token = fc.oneof(fc.constantFrom(...Object.values(TOKENS).map((info) => info.address)), address);
const uint = fc.oneof(
  fc.bigInt({ min: 0n, max: maxUint256 }),
  fc.constantFrom(0n, 1n, 10n ** 18n, maxUint256),
);
const json: fc.Arbitrary<JsonValue> = fc
  .jsonValue({ maxDepth: 3 })
  .map((value) => JSON.parse(JSON.stringify(value)) as JsonValue);
const suffix = fc
  .constantFrom("", "0x736466", "80218021802180218021802180218021")
  .map((s) => s.replace(/^0x/, ""));

/** An approve or transfer step as prepare* builds it (tagged calldata, decoded call). */
const tokenStep: fc.Arbitrary<PreparedStep> = fc
  .record({ token, who: address, amount: uint, approve: fc.boolean(), tag: suffix })
  .map(({ token: to, who, amount, approve, tag }) => {
    const functionName = approve ? "approve" : "transfer";
    const symbol = Object.values(TOKENS).find((info) => info.address === to)?.symbol ?? to;
    return {
      kind: "erc20" as const,
      to,
      data: `${encodeFunctionData({ abi: erc20Abi, functionName, args: [who, amount] })}${tag}` as `0x${string}`,
      value: "0",
      description: `${functionName} ${amount} ${symbol}`,
      call: { contract: symbol, functionName, args: [who, amount.toString()] },
    };
  });

const anyStep: fc.Arbitrary<PreparedStep> = fc.record(
  {
    kind: fc.constantFrom("native", "erc20", "contract") as fc.Arbitrary<PreparedStepKind>,
    to: address,
    data: fc
      .uint8Array({ maxLength: 100 })
      .map((bytes) => `0x${Buffer.from(bytes).toString("hex")}` as const),
    value: uint.map(String),
    description: fc.string(),
    call: fc.record({
      contract: fc.string({ minLength: 1 }),
      functionName: fc.string({ minLength: 1 }),
      args: fc.array(json, { maxLength: 4 }),
    }),
  },
  { requiredKeys: ["kind", "to", "data", "value", "description"] },
);

const amount = uint.map(String);
export const intent: fc.Arbitrary<FlowIntent> = fc.oneof(
  fc.record({ kind: fc.constant("send" as const), token, to: address, amount }),
  fc.record({ kind: fc.constant("approve" as const), token, spender: address, amount }),
  fc.record({
    kind: fc.constant("contractCall" as const),
    to: address,
    functionName: fc.string({ minLength: 1 }),
  }),
  fc
    .record({
      kind: fc.constant("swap" as const),
      venue: fc.constantFrom(...SWAP_VENUES.map((entry) => entry.venue)),
      tokenIn: token,
      tokenOut: token,
      amountIn: amount,
      expectedAmountOut: amount,
      minAmountOut: amount,
      deadline: fc.oneof(fc.bigInt({ min: 0n, max: 2n ** 40n }).map(String), amount),
      route: fc.array(json, { maxLength: 4 }),
    })
    .map(fitSwapIntent),
  fc.record({
    kind: fc.constantFrom("supply" as const, "withdraw" as const, "borrow" as const, "repay" as const),
    protocol: fc.constant("aave-v3" as const),
    token,
    amount,
  }),
);

const UINT128 = 2n ** 128n;

/**
 * A swap intent its venue's router can carry: Uniswap v4's amounts are 128-bit, its amount in is positive and its
 * two currencies differ and are not the router's placeholders (other venues' intents are returned unchanged).
 */
export function fitSwapIntent<intent extends SwapIntent>(intent: intent): intent {
  if (intent.venue !== "uniswap-v4") return intent;
  const tokenIn = BigInt(intent.tokenIn) > 2n ? intent.tokenIn : TOKENS.USDC.address;
  const tokenOut =
    BigInt(intent.tokenOut) > 2n && intent.tokenOut.toLowerCase() !== tokenIn.toLowerCase()
      ? intent.tokenOut
      : tokenIn === TOKENS.USDm.address
        ? TOKENS.USDC.address
        : TOKENS.USDm.address;
  return {
    ...intent,
    tokenIn,
    tokenOut,
    amountIn: ((BigInt(intent.amountIn) % (UINT128 - 1n)) + 1n).toString(),
    minAmountOut: (BigInt(intent.minAmountOut) % UINT128).toString(),
  };
}

/** A step that does what `intent` says (parsePreparedFlow checks that the last step does) (for a swap: its venue's router call: SwapRouter02's multicall of one exactInputSingle, the Mento Router's swapExactTokensForTokens). */
export function carryingStep(intent: FlowIntent, from: Address): PreparedStep {
  const step = (to: Address, data: Hex): PreparedStep => ({
    kind: "contract",
    to,
    data,
    value: "0",
    description: "x",
  });
  switch (intent.kind) {
    case "send":
      return step(
        intent.token,
        encodeFunctionData({
          abi: erc20Abi,
          functionName: "transfer",
          args: [intent.to, BigInt(intent.amount)],
        }),
      );
    case "approve":
      return step(
        intent.token,
        encodeFunctionData({
          abi: erc20Abi,
          functionName: "approve",
          args: [intent.spender, BigInt(intent.amount)],
        }),
      );
    case "contractCall":
      return step(intent.to, "0x");
    case "swap": {
      if (intent.venue === "uniswap-v4") {
        const zeroForOne = BigInt(intent.tokenIn) < BigInt(intent.tokenOut);
        const [currency0, currency1] = zeroForOne
          ? [intent.tokenIn, intent.tokenOut]
          : [intent.tokenOut, intent.tokenIn];
        const recipient = intent.recipient ?? from;
        const { commands, inputs } = encodeUniswapV4Swap({
          poolKey: {
            currency0,
            currency1,
            fee: 100,
            tickSpacing: 1,
            hooks: "0x0000000000000000000000000000000000000000",
          },
          zeroForOne,
          amountIn: BigInt(intent.amountIn),
          minAmountOut: BigInt(intent.minAmountOut),
          recipient: recipient.toLowerCase() === from.toLowerCase() ? undefined : recipient,
        });
        return step(
          UNISWAP_V4_ADDRESSES.universalRouter,
          encodeFunctionData({
            abi: universalRouterAbi,
            functionName: "execute",
            args: [commands, inputs, BigInt(intent.deadline)],
          }),
        );
      }
      if (intent.venue === "mento") {
        return step(
          MENTO_ADDRESSES.router,
          encodeFunctionData({
            abi: mentoRouterAbi,
            functionName: "swapExactTokensForTokens",
            args: [
              BigInt(intent.amountIn),
              BigInt(intent.minAmountOut),
              [
                {
                  from: intent.tokenIn,
                  to: intent.tokenOut,
                  factory: "0x0000000000000000000000000000000000000000",
                },
              ],
              intent.recipient ?? from,
              BigInt(intent.deadline),
            ],
          }),
        );
      }
      const single = encodeFunctionData({
        abi: uniswapSwapRouter02Abi,
        functionName: "exactInputSingle",
        args: [
          {
            tokenIn: intent.tokenIn,
            tokenOut: intent.tokenOut,
            fee: 100,
            recipient: intent.recipient ?? from,
            amountIn: BigInt(intent.amountIn),
            amountOutMinimum: BigInt(intent.minAmountOut),
            sqrtPriceLimitX96: 0n,
          },
        ],
      });
      return step(
        UNISWAP_ADDRESSES.swapRouter02,
        encodeFunctionData({
          abi: uniswapSwapRouter02Abi,
          functionName: "multicall",
          args: [BigInt(intent.deadline), [single]],
        }),
      );
    }
    case "supply":
    case "withdraw":
    case "borrow":
    case "repay": {
      const [asset, amount] = [intent.token, BigInt(intent.amount)];
      const args = {
        supply: [asset, amount, from, 0],
        withdraw: [asset, amount, from],
        borrow: [asset, amount, 2n, 0, from],
        repay: [asset, amount, 2n, from],
      }[intent.kind];
      return step(
        AAVE_V3_ADDRESSES.pool,
        encodeFunctionData({ abi: aaveV3PoolAbi, functionName: intent.kind, args } as never),
      );
    }
    default:
      throw new Error(`carryingStep: no generator for intent kind ${intent.kind}`);
  }
}

/** Any valid prepared flow; one with an intent ends with a step that carries it out. */
export const preparedFlow: fc.Arbitrary<SerializedPreparedFlow> = fc
  .tuple(
    fc.record(
      {
        preparedFlow: fc.constant(true as const),
        chainId: fc.constant(42220 as const),
        from: address,
        summary: fc.string(),
        steps: fc.array(fc.oneof(tokenStep, anyStep), { minLength: 1, maxLength: 4 }),
        preparedAt: fc.record({ blockNumber: amount }),
        expiresAt: fc.oneof(fc.bigInt({ min: 0n, max: 2n ** 40n }).map(String), amount),
      },
      { requiredKeys: ["preparedFlow", "chainId", "from", "summary", "steps"] },
    ),
    fc.option(intent, { nil: undefined }),
  )
  .map(([flow, intent]) =>
    intent === undefined
      ? flow
      : { ...flow, steps: [...flow.steps, carryingStep(intent, flow.from)], intent },
  );
