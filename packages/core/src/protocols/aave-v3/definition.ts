import { defineProtocol } from "../definition.js";
import { aaveV3PoolAbi } from "./abis.js";
import { AAVE_V3_POOL_ADDRESS, AAVE_V3_POOL_LABEL } from "./addresses.js";
import { decodeAaveV3Pool } from "./decoder.js";
import { aaveErrors } from "./errors.js";
import { aaveIntents, type LendingIntent } from "./intents.js";
import { LENDING_ERROR_CODES, type LendingErrorCode } from "./lendingErrors.js";

/**
 * Aave v3 on chain 42220: the Pool (read back: `supply`, `withdraw`, `borrow`, `repay`), the lending intents,
 * v3.4+ custom errors and v3.0–v3.3 string codes, and the policy decoder of Pool calls on the signer's own
 * position.
 *
 * @example
 * ```ts
 * import { aaveProtocol } from "@preflow/core";
 * Object.keys(aaveProtocol.intents ?? {}); // ["supply", "withdraw", "borrow", "repay"]
 * ```
 */
export const aaveProtocol = /* @__PURE__ */ defineProtocol<LendingIntent, LendingErrorCode>({
  id: "aave-v3",
  label: "Aave v3",
  contracts: [{ address: AAVE_V3_POOL_ADDRESS, label: AAVE_V3_POOL_LABEL, abi: aaveV3PoolAbi }],
  intents: aaveIntents,
  errors: aaveErrors,
  decoders: [decodeAaveV3Pool],
  errorCodes: LENDING_ERROR_CODES,
});
