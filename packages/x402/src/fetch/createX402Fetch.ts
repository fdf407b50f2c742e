import { formatAmount } from "@preflow/core";
import { InvalidArgumentError, isRecord, redactUrl, rejectUnknownKeys } from "@preflow/errors";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment, x402Client } from "@x402/fetch";
import { type Client, createPublicClient, getAddress, http, type LocalAccount } from "viem";
import { celo } from "viem/chains";
import { InvalidPaymentRequiredError } from "../errors/InvalidPaymentRequiredError.js";
import { X402FetchError, type X402FetchErrorPayment } from "../errors/X402FetchError.js";
import { X402PaymentRefusedError } from "../errors/X402PaymentRefusedError.js";
import { checkSignerParameters } from "../parameters/checkSignerParameters.js";
import { parsePaymentRequiredHeader } from "../payment/parsePaymentRequiredHeader.js";
import { CELO_NETWORK, X402_PAYABLE_TOKENS } from "../payment/payableTokens.js";
import {
  createMemoryX402PaymentStore,
  type X402PaymentRecord,
  type X402PaymentStore,
} from "../store/X402PaymentStore.js";
import { approveRequirement, selectRequirement } from "./approveRequirement.js";
import { createReservingSigner } from "./createReservingSigner.js";
import { parseX402Limits, type X402Limits } from "./parseX402Limits.js";
import { recordSettlement } from "./recordSettlement.js";
import { releaseExpiredPayments } from "./releaseExpiredPayments.js";
import type { X402PaymentAttempt } from "./x402PaymentAttempt.js";

/** Celo's public RPC, the default `rpcUrl` (only `releaseExpired` reads the chain). */
const DEFAULT_RPC_URL = "https://forno.celo.org";
const DAY_SECONDS = 86_400;

/**
 * Parameters of {@link createX402Fetch}.
 *
 * @example
 * ```ts
 * import type { CreateX402FetchParameters } from "@preflow/x402";
 * const parameters: CreateX402FetchParameters = { account, limits: { perPayment: { USDC: "0.05" }, perDay: { USDC: "2" } } };
 * ```
 */
export interface CreateX402FetchParameters {
  /** Signs the EIP-3009 authorizations (a viem local account: `privateKeyToAccount(...)`). */
  account: LocalAccount;
  /** Celo RPC for `authorizationState` reads when releasing expired payments; default `https://forno.celo.org`. */
  rpcUrl?: string | undefined;
  /** A viem client on chain 42220 for those reads instead of `rpcUrl` (for example `sdk.publicClient`). */
  client?: Client | undefined;
  /** What may be paid: {@link X402Limits}. */
  limits: X402Limits;
  /** The fetch to wrap; default `globalThis.fetch`. */
  fetch?: typeof globalThis.fetch | undefined;
  /** Where payments are recorded; default in memory ({@link createMemoryX402PaymentStore}). */
  store?: X402PaymentStore | undefined;
}

/** What {@link X402Fetch.fetchWithPayment} answers: the response and the payment it made, if any. */
export interface X402FetchResult {
  readonly response: Response;
  /** `null` when the server asked for no payment. */
  readonly payment: X402PaymentRecord | null;
}

/**
 * A `fetch` that pays x402 `exact` requirements on Celo within limits (see {@link createX402Fetch}), with the
 * store it records payments in.
 *
 * @example
 * ```ts
 * const response = await pay("https://api.example.com/quote");
 * const { response: r, payment } = await pay.fetchWithPayment("https://api.example.com/quote");
 * ```
 */
export interface X402Fetch {
  (input: string | URL | Request, init?: RequestInit): Promise<Response>;
  /** The same request, answering what was paid beside the response. */
  fetchWithPayment(input: string | URL | Request, init?: RequestInit): Promise<X402FetchResult>;
  /** Releases signed payments found unused on chain after `validBefore`; answers how many (1 eth_call each). */
  releaseExpired(): Promise<number>;
  /** The payments of this account in the last 24 hours (every status), oldest first. */
  payments(): Promise<X402PaymentRecord[]>;
  readonly store: X402PaymentStore;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * A payment record as an {@link X402FetchError} carries it (`details.payment`, human amount): for a caller that
 * fails after {@link X402Fetch.fetchWithPayment} answered (reading the body) and must still report the payment.
 *
 * @example
 * ```ts
 * import { summarizeX402Payment } from "@preflow/x402";
 * const { payment } = await pay.fetchWithPayment(url);
 * if (payment) summarizeX402Payment(payment); // { nonce, status: "settled", transaction: "0x…", amount: "0.01", ... }
 * ```
 */
export function summarizeX402Payment(record: X402PaymentRecord): X402FetchErrorPayment {
  const token = X402_PAYABLE_TOKENS[record.token];
  return {
    nonce: record.nonce,
    status: record.status,
    transaction: record.transaction ?? null,
    amount: formatAmount(BigInt(record.amount), token.decimals),
    token: record.token,
    asset: record.asset,
    payTo: record.payTo,
    network: record.network,
    validBefore: record.validBefore,
  };
}

function checkParameters(parameters: unknown) {
  if (!isRecord(parameters))
    throw new InvalidArgumentError({ field: "parameters", value: parameters, rule: "must be an object" });
  rejectUnknownKeys(parameters, "parameters", ["account", "rpcUrl", "client", "limits", "fetch", "store"]);
  const { account, rpcUrl, fetch, store } = parameters;
  checkSignerParameters({ account, rpcUrl }, "signTypedData");
  if (fetch !== undefined && typeof fetch !== "function")
    throw new InvalidArgumentError({ field: "fetch", value: fetch, rule: "must be a fetch function" });
  if (
    store !== undefined &&
    (!isRecord(store) || ["reserve", "update", "list"].some((m) => typeof store[m] !== "function"))
  )
    throw new InvalidArgumentError({
      field: "store",
      value: "(not an X402PaymentStore)",
      rule: "must have reserve, update and list",
    });
  return parameters as unknown as CreateX402FetchParameters;
}

/**
 * A `fetch` that pays x402 v2 `402 Payment Required` answers on Celo (`exact` on `eip155:42220`, EIP-3009 in USDC or
 * USD₮) within hard limits, built on the reference client (`@x402/fetch`'s `wrapFetchWithPayment`, `@x402/evm`'s
 * `ExactEvmScheme`): the request is sent, a 402's `PAYMENT-REQUIRED` is parsed strictly
 * ({@link parsePaymentRequiredHeader}), the limits are checked, and only
 * then is the authorization signed and the request retried with `PAYMENT-SIGNATURE`.
 *
 * Limits (human decimals per token symbol): a token is paid only with a `perPayment` limit; `perDay` counts every
 * payment signed in the last 24 hours that is not released; `payTo` / `hosts` allow-lists. A payment over a
 * limit, a malformed `PAYMENT-REQUIRED`, a network other than Celo or an asset outside the registry throws a
 * typed `SdkError` ({@link X402PaymentRefusedError}, {@link InvalidPaymentRequiredError}) **before anything is
 * signed**: the server never sees a payment header. A payment counts as spent from the moment it is signed (a
 * signed authorization can be redeemed by anyone until `validBefore`); `releaseExpired()` releases it only when
 * the chain's `authorizationState` shows it unused after `validBefore` (it runs by itself before a `perDay` check).
 *
 * HTTP requests: a paid request costs 2 round trips to the server (the 402, then the paid retry) and no RPC
 * request; an unpaid one costs 1. `releaseExpired` costs 1 eth_call per expired signed payment.
 *
 * @param parameters - {@link CreateX402FetchParameters}.
 * @returns {@link X402Fetch}: a `fetch`-compatible function with `fetchWithPayment`, `releaseExpired`, `payments`.
 * @throws `InvalidArgumentError` / `InvalidAmountError` for bad parameters, at once.
 *
 * @example
 * ```ts
 * import { createX402Fetch } from "@preflow/x402";
 * import { privateKeyToAccount } from "viem/accounts";
 *
 * const pay = createX402Fetch({
 *   account: privateKeyToAccount(process.env.CHAIN_PRIVATE_KEY as `0x${string}`),
 *   limits: { perPayment: { USDC: "0.05" }, perDay: { USDC: "2" } },
 * });
 * const response = await pay("https://api.example.com/quote"); // pays up to 0.05 USDC if asked
 * ```
 */
export function createX402Fetch(parameters: CreateX402FetchParameters): X402Fetch {
  const { account, rpcUrl = DEFAULT_RPC_URL, fetch: fetchOption } = checkParameters(parameters);
  const limits = parseX402Limits(parameters.limits);
  const store = parameters.store ?? createMemoryX402PaymentStore();
  const fetchImpl = fetchOption ?? globalThis.fetch;
  const payer = getAddress(account.address);
  const client =
    parameters.client ??
    createPublicClient({ chain: celo, transport: http(rpcUrl, { timeout: 10_000, retryCount: 1 }) });
  const releaseExpired = () => releaseExpiredPayments(client, store, payer, nowSeconds());

  async function fetchWithPayment(
    input: string | URL | Request,
    init?: RequestInit,
  ): Promise<X402FetchResult> {
    const request = new Request(input, init);
    // The reference client would sign first and only then find the request already paid: refused up front.
    for (const name of ["PAYMENT-SIGNATURE", "X-PAYMENT"])
      if (request.headers.has(name))
        throw new InvalidArgumentError({
          field: `headers.${name}`,
          value: "(a payment header)",
          rule: "is set by createX402Fetch itself; send the request without it",
        });
    const url = new URL(request.url);
    const shownUrl = redactUrl(`${url.origin}${url.pathname}`);
    const attempt: X402PaymentAttempt = { signed: false };

    // Sees the 402 before the reference client does, to parse it strictly (the reference is lenient).
    const observe: typeof globalThis.fetch = async (input, init) => {
      const response = await fetchImpl(input, init);
      if (response.status === 402 && attempt.parsed === undefined && attempt.refusal === undefined) {
        try {
          attempt.parsed = parsePaymentRequiredHeader(response.headers.get("PAYMENT-REQUIRED"));
        } catch (error) {
          attempt.refusal = error;
        }
      }
      return response;
    };
    const signer = createReservingSigner({
      account,
      payer,
      attempt,
      limits,
      store,
      shownUrl,
      host: url.host,
      releaseExpired,
    });
    const x402 = new x402Client((_version, offered) => selectRequirement(attempt, limits, offered))
      .register(CELO_NETWORK, new ExactEvmScheme(signer))
      .setSpendControls(false);
    x402.onBeforePaymentCreation(async ({ selectedRequirements }) =>
      approveRequirement(attempt, limits, selectedRequirements, url.host),
    );

    let response: Response;
    try {
      response = await wrapFetchWithPayment(observe, x402)(request);
    } catch (error) {
      if (attempt.refusal !== undefined && !attempt.signed) throw attempt.refusal;
      throw new X402FetchError({
        url: shownUrl,
        nonce: attempt.payment?.nonce ?? null,
        signed: attempt.signed,
        cause: error,
        payment: attempt.signed && attempt.payment ? summarizeX402Payment(attempt.payment) : null,
      });
    }
    await recordSettlement(attempt, response, store);
    return { response, payment: attempt.payment ?? null };
  }

  const pay = (async (input: string | URL | Request, init?: RequestInit) =>
    (await fetchWithPayment(input, init)).response) as X402Fetch;
  return Object.assign(pay, {
    fetchWithPayment,
    releaseExpired,
    payments: () => store.list({ payer, since: nowSeconds() - DAY_SECONDS }),
    store,
  });
}
