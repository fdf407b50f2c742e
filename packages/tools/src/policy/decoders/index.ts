// The extension point of the spending policy: one file per decoder, listed here. A swap (Uniswap
// SwapRouter02 exactInputSingle / exactInput, Mento swapExactTokensForTokens) or lending (Aave v3 supply,
// withdraw, borrow, repay) decoder is a StepDecoder in its own file that returns a known `call` effect plus
// the `pull`s (token, spender, amount) and `transfer`s the call makes; add it to STEP_DECODERS.
import { decodeErc20Approve } from "./erc20Approve.js";
import { decodeErc20Transfer } from "./erc20Transfer.js";
import type { StepDecoder } from "./types.js";

export type { DecodableStep, FlowEffect, StepDecoder } from "./types.js";

/** Every decoder, tried in order; the first that recognises a step wins. @internal */
export const STEP_DECODERS: readonly StepDecoder[] = [decodeErc20Transfer, decodeErc20Approve];
