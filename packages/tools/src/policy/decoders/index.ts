// The extension point of the spending policy: one file per decoder, listed here. A swap (Uniswap
// SwapRouter02 exactInputSingle / exactInput, Mento swapExactTokensForTokens) decoder is a StepDecoder in its
// own file that returns a known `call` effect plus the `pull`s (token, spender, amount) and `transfer`s the call
// makes; add it to STEP_DECODERS. Lending: aaveV3Pool.ts (Aave v3 supply, withdraw, borrow, repay).

import { PROTOCOLS, type StepDecoder } from "@preflow/core";
import { decodeAaveV3Pool } from "./aaveV3Pool.js";
import { decodeMentoRouter } from "./mentoRouter.js";
import { decodeUniswapSwapRouter02 } from "./uniswapSwapRouter02.js";

export type { DecodableStep, FlowEffect, StepDecoder } from "@preflow/core";

/** Every decoder, tried in order; the first that recognises a step wins. @internal */
export const STEP_DECODERS: readonly StepDecoder[] = [
  ...PROTOCOLS.flatMap((protocol) => protocol.decoders ?? []),
  decodeUniswapSwapRouter02,
  decodeMentoRouter,
  decodeAaveV3Pool,
];
