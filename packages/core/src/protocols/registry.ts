// The registry: one line per protocol. Generic code (flow parsing, mismatch checks, formatting, revert decoding,
// simulation, preflow/aa's send path, the tool server's policy) loops over it and never names a protocol.
// Adding a protocol: its folder under protocols/, then one line here (docs/adding-a-protocol.md).

import { aaveProtocol } from "./aave-v3/definition.js";
import { celoStakingProtocol } from "./celo-staking/definition.js";
import { contractCallProtocol } from "./contractCall/definition.js";
import type {
  ErrorCodeOf,
  IntentOf,
  ProtocolDefinition,
  SwapVenueDefinition,
  VenueOf,
} from "./definition.js";
import { erc20Protocol } from "./erc20/definition.js";
import { erc8004Protocol } from "./erc8004/definition.js";
import { goodDollarProtocol } from "./gooddollar/definition.js";
import { mentoProtocol } from "./mento/definition.js";
import { swapProtocol } from "./swap/definition.js";
import type { SwapIntentOf } from "./swap/intents.js";
import { uniswapProtocol } from "./uniswap-v3/definition.js";
import { uniswapV4Protocol } from "./uniswap-v4/definition.js";

/**
 * Every protocol preflow knows, in the order generic code tries them (the first policy decoder that recognises a
 * step wins; the first definition of a revert error names its source).
 *
 * @example
 * ```ts
 * import { PROTOCOLS } from "@preflow/core";
 * for (const protocol of PROTOCOLS) console.log(protocol.id, protocol.label);
 * ```
 */
export const PROTOCOLS = [
  erc20Protocol,
  contractCallProtocol,
  swapProtocol,
  uniswapProtocol,
  uniswapV4Protocol,
  mentoProtocol,
  aaveProtocol,
  celoStakingProtocol,
  goodDollarProtocol,
  erc8004Protocol,
] as const satisfies readonly ProtocolDefinition[];

/**
 * The intents of every registered protocol (the protocol-declared part of `FlowIntent`).
 *
 * @example
 * ```ts
 * import type { RegisteredIntent } from "@preflow/core";
 * const kind = (intent: RegisteredIntent) => intent.kind;
 * ```
 */
export type RegisteredIntent =
  // The `swap` intent with its `venue` narrowed to the registered venues (the swap kind is declared without them).
  IntentOf<(typeof PROTOCOLS)[number]> extends infer intent
    ? intent extends SwapIntentOf
      ? SwapIntentOf<RegisteredSwapVenue>
      : intent
    : never;

/**
 * The error codes every registered protocol declares (the protocol-declared part of `CoreErrorCode`).
 *
 * @example
 * ```ts
 * import type { RegisteredErrorCode } from "@preflow/core";
 * const code: RegisteredErrorCode = "HEALTH_FACTOR_TOO_LOW";
 * ```
 */
export type RegisteredErrorCode = ErrorCodeOf<(typeof PROTOCOLS)[number]>;

/**
 * The `venue` of every registered swap venue (each protocol's `swapVenue.venue`): what `SwapVenue` is.
 *
 * @example
 * ```ts
 * import type { RegisteredSwapVenue } from "@preflow/core";
 * const venue: RegisteredSwapVenue = "mento";
 * ```
 */
export type RegisteredSwapVenue = VenueOf<(typeof PROTOCOLS)[number]>;

/**
 * Every registered swap venue's definition, in registry order (the order quotes are listed in, and the first
 * venue wins a tie): the one list the swap actions, the `venue` option and the tool server's enum come from.
 *
 * @example
 * ```ts
 * import { SWAP_VENUES } from "@preflow/core";
 * SWAP_VENUES.map((venue) => venue.venue); // ["uniswap", "uniswap-v4", "mento"]
 * ```
 */
export const SWAP_VENUES: readonly SwapVenueDefinition<RegisteredSwapVenue>[] = /* @__PURE__ */ Object.freeze(
  PROTOCOLS.flatMap((protocol) =>
    "swapVenue" in protocol && protocol.swapVenue !== undefined
      ? [protocol.swapVenue as SwapVenueDefinition<RegisteredSwapVenue>]
      : [],
  ),
);
