import { defineProtocol } from "../definition.js";
import { goodDollarBrokerAbi, goodDollarIdentityAbi, goodDollarUbiSchemeAbi } from "./abis.js";
import { GOODDOLLAR_ADDRESSES, GOODDOLLAR_BROKER_LABEL, GOODDOLLAR_UBI_SCHEME_LABEL } from "./addresses.js";
import { decodeGoodDollarCall } from "./decoder.js";
import { goodDollarSimulation } from "./describeLogs.js";
import { GOODDOLLAR_ERROR_CODES, type GoodDollarErrorCode, goodDollarRevertErrors } from "./errors.js";
import { type GoodDollarIntent, goodDollarIntents } from "./intents.js";

/**
 * GoodDollar on chain 42220: the UBIScheme (read back: `claim`), Identity, and the Broker of its Mento reserve
 * (read back: `swapIn`, `getAmountOut`); the intents `goodDollarClaim` and `goodDollarReserveSwap`; their revert
 * strings explained; the spending policy's decoder of claims and reserve swaps; and the simulation's sentences for
 * their events (`UBIClaimed`, the Broker's `Swap`).
 *
 * @example
 * ```ts
 * import { goodDollarProtocol } from "@preflow/core";
 * Object.keys(goodDollarProtocol.intents ?? {}); // ["goodDollarClaim", "goodDollarReserveSwap"]
 * ```
 */
export const goodDollarProtocol = /* @__PURE__ */ defineProtocol<GoodDollarIntent, GoodDollarErrorCode>({
  id: "gooddollar",
  label: "GoodDollar",
  contracts: [
    {
      address: GOODDOLLAR_ADDRESSES.ubiScheme,
      label: GOODDOLLAR_UBI_SCHEME_LABEL,
      abi: goodDollarUbiSchemeAbi,
    },
    { address: GOODDOLLAR_ADDRESSES.broker, label: GOODDOLLAR_BROKER_LABEL, abi: goodDollarBrokerAbi },
    { address: GOODDOLLAR_ADDRESSES.identity, label: "GoodDollar Identity", abi: goodDollarIdentityAbi },
  ],
  intents: goodDollarIntents,
  errors: goodDollarRevertErrors,
  decoders: [decodeGoodDollarCall],
  simulation: goodDollarSimulation,
  errorCodes: GOODDOLLAR_ERROR_CODES,
});
