import { createSdkBaseClient, type FeeCurrencyInput, resolveFeeCurrencyInput } from "@preflow/core";
import { InvalidArgumentError, isRecord, rejectUnknownKeys } from "@preflow/errors";
import { x402Facilitator } from "@x402/core/facilitator";
import type {
  PaymentPayload,
  PaymentRequirements,
  SettleResponse,
  SupportedResponse,
  VerifyResponse,
} from "@x402/core/types";
import { ExactEvmScheme } from "@x402/evm/exact/facilitator";
import { type Address, getAddress, type LocalAccount } from "viem";
import { checkSignerParameters } from "../parameters/checkSignerParameters.js";
import { CELO_NETWORK, findPayableToken } from "../payment/payableTokens.js";
import { toPreflowFacilitatorSigner } from "./toPreflowFacilitatorSigner.js";

/**
 * Parameters of {@link createX402Facilitator}.
 *
 * @example
 * ```ts
 * import type { CreateX402FacilitatorParameters } from "@preflow/x402";
 * const parameters: CreateX402FacilitatorParameters = { account, feeCurrency: "USDC", attributionTags: ["my_api"] };
 * ```
 */
export interface CreateX402FacilitatorParameters {
  /** Signs the settlement transactions (a viem local account); it needs no CELO when `feeCurrency` is a token. */
  account: LocalAccount;
  /** Celo RPC; default `https://forno.celo.org`. */
  rpcUrl?: string | undefined;
  /** What settlements pay gas in (CIP-64): a token symbol, a fee-currency address or `"CELO"`; default `"USDC"`. */
  feeCurrency?: FeeCurrencyInput | undefined;
  /** ERC-8021 attribution tags appended (with `sdk`) to every settlement's calldata. */
  attributionTags?: string[] | undefined;
  /** Bound on the wait for a settlement's receipt, in ms; default 30 000. Then it answers `settlement_pending`. */
  receiptTimeoutMs?: number | undefined;
}

/**
 * A facilitator for the reference `x402ResourceServer` / `@x402/express` (its `FacilitatorClient`): `verify`,
 * `settle`, `getSupported`, plus the settling `address`.
 *
 * @example
 * ```ts
 * const resourceServer = new x402ResourceServer(facilitator).register("eip155:42220", new ExactEvmScheme());
 * ```
 */
export interface X402Facilitator {
  verify(paymentPayload: PaymentPayload, paymentRequirements: PaymentRequirements): Promise<VerifyResponse>;
  settle(paymentPayload: PaymentPayload, paymentRequirements: PaymentRequirements): Promise<SettleResponse>;
  getSupported(): Promise<SupportedResponse>;
  /** The account that sends settlements. */
  readonly address: Address;
}

/** The reference's reason for a nonce already used; also the answer to a replay this facilitator has seen. */
const NONCE_ALREADY_USED = "invalid_exact_evm_nonce_already_used";

function checkParameters(parameters: unknown): CreateX402FacilitatorParameters {
  if (!isRecord(parameters))
    throw new InvalidArgumentError({ field: "parameters", value: parameters, rule: "must be an object" });
  rejectUnknownKeys(parameters, "parameters", [
    "account",
    "rpcUrl",
    "feeCurrency",
    "attributionTags",
    "receiptTimeoutMs",
  ]);
  const { account, rpcUrl, feeCurrency, receiptTimeoutMs } = parameters;
  checkSignerParameters({ account, rpcUrl }, "signTransaction");
  if (feeCurrency !== undefined) resolveFeeCurrencyInput(feeCurrency);
  if (
    receiptTimeoutMs !== undefined &&
    (typeof receiptTimeoutMs !== "number" || !Number.isInteger(receiptTimeoutMs) || receiptTimeoutMs < 1_000)
  )
    throw new InvalidArgumentError({
      field: "receiptTimeoutMs",
      value: receiptTimeoutMs,
      rule: "must be an integer of at least 1000",
    });
  return parameters as unknown as CreateX402FacilitatorParameters;
}

/** Why `requirements` is not one this facilitator settles, or `undefined`. */
function unsupported(requirements: PaymentRequirements): string | undefined {
  if (requirements.network !== CELO_NETWORK) return "invalid_network";
  if (requirements.scheme !== "exact") return "unsupported_scheme";
  if (!findPayableToken(String(requirements.asset))) return "unsupported_asset";
  return undefined;
}

function authorizationKey(payload: PaymentPayload, requirements: PaymentRequirements): string | undefined {
  const authorization = (payload.payload as { authorization?: { from?: unknown; nonce?: unknown } })
    .authorization;
  if (typeof authorization?.from !== "string" || typeof authorization.nonce !== "string") return undefined;
  return `${requirements.asset}:${authorization.from}:${authorization.nonce}`.toLowerCase();
}

/**
 * A Celo-native x402 facilitator: the reference `x402Facilitator` with the reference `ExactEvmScheme`
 * (`@x402/evm/exact/facilitator`), so it verifies exactly as the reference does (signature, EIP-712 domain,
 * amount, payee, validity window, balance, nonce unused), whose settlements go through preflow's own execution
 * path: `prepareContractCall` of `transferWithAuthorization` (a CIP-64 transaction paying gas in `feeCurrency`,
 * USDC by default, so the account needs no CELO; the ERC-8021 `attributionTags` on the calldata) and
 * `executePreparedFlow` (the hash known before sending; a lost node answer looked up, never sent twice).
 *
 * Only `exact` on `eip155:42220` in USDC or USD₮ of the registry is supported (others: `isValid: false` /
 * `success: false` with `invalid_network`, `unsupported_scheme` or `unsupported_asset`, nothing sent). A replay of
 * an authorization this facilitator has settled or is settling is refused (`invalid_exact_evm_nonce_already_used`)
 * before any request; the chain refuses one settled elsewhere (the reference's nonce check). A settlement whose
 * outcome is unknown answers `{ success: false, errorReason: "settlement_pending", transaction: hash }`: it may still
 * be mined; the authorization stays refused here.
 *
 * HTTP requests (measured on the devnet, the SDK client's transport batching): `verify` 3 (the reference's code and
 * balance reads); `settle` 7: the re-verification, 1 prepare (one batch: chain, gas, fee, simulation), the
 * execution (chain check + nonce, send, receipt polls) and 1 receipt read for the reference's event check.
 *
 * @param parameters - {@link CreateX402FacilitatorParameters}.
 * @returns {@link X402Facilitator}, usable as the `FacilitatorClient` of `x402ResourceServer`.
 * @throws `InvalidArgumentError` / `InvalidFeeCurrencyError` for bad parameters, at once.
 *
 * @example
 * ```ts
 * import { createX402Facilitator } from "@preflow/x402";
 * import { x402ResourceServer } from "@x402/core/server";
 * import { ExactEvmScheme } from "@x402/evm/exact/server";
 * import { paymentMiddleware } from "@x402/express";
 *
 * const facilitator = createX402Facilitator({ account, feeCurrency: "USDC", attributionTags: ["my_api"] });
 * const server = new x402ResourceServer(facilitator).register("eip155:42220", new ExactEvmScheme());
 * app.use(paymentMiddleware({ "GET /quote": { accepts: { scheme: "exact", price: "$0.01", network: "eip155:42220", payTo } } }, server));
 * ```
 */
export function createX402Facilitator(parameters: CreateX402FacilitatorParameters): X402Facilitator {
  const {
    account,
    rpcUrl,
    feeCurrency = "USDC",
    attributionTags,
    receiptTimeoutMs = 30_000,
  } = checkParameters(parameters);
  const client = createSdkBaseClient({
    ...(rpcUrl === undefined ? {} : { rpcUrl }),
    ...(attributionTags === undefined ? {} : { attributionTags }),
  });
  const signer = toPreflowFacilitatorSigner({ client, account, feeCurrency, receiptTimeoutMs });
  const reference = new x402Facilitator().register(CELO_NETWORK, new ExactEvmScheme(signer));
  /** Authorizations settled or being settled here (asset:from:nonce), refused as replays. */
  const seen = new Set<string>();
  const address = getAddress(account.address);

  return {
    address,
    async verify(paymentPayload, paymentRequirements) {
      const reason = unsupported(paymentRequirements);
      if (reason) return { isValid: false, invalidReason: reason };
      const key = authorizationKey(paymentPayload, paymentRequirements);
      if (key && seen.has(key)) return { isValid: false, invalidReason: NONCE_ALREADY_USED };
      return reference.verify(paymentPayload, paymentRequirements);
    },
    async settle(paymentPayload, paymentRequirements) {
      const network = paymentRequirements.network;
      const reason = unsupported(paymentRequirements);
      if (reason) return { success: false, errorReason: reason, transaction: "", network };
      const key = authorizationKey(paymentPayload, paymentRequirements);
      if (key && seen.has(key))
        return { success: false, errorReason: NONCE_ALREADY_USED, transaction: "", network };
      if (key) seen.add(key);
      const result = await reference.settle(paymentPayload, paymentRequirements);
      // Not sent (refused before a hash existed): the authorization is still unused and may be settled again.
      if (key && !result.success && result.transaction === "") seen.delete(key);
      return result;
    },
    getSupported: async () => reference.getSupported() as SupportedResponse,
  };
}
