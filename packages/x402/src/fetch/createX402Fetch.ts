import { formatAmount } from "@preflow/core";
import { InvalidArgumentError, isRecord, redactUrl, rejectUnknownKeys } from "@preflow/errors";
import type { PaymentRequirements } from "@x402/core/types";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { decodePaymentResponseHeader, wrapFetchWithPayment, x402Client } from "@x402/fetch";
import {
  type Client,
  createPublicClient,
  getAddress,
  type Hash,
  type Hex,
  http,
  isHash,
  type LocalAccount,
} from "viem";
import { celo } from "viem/chains";
import { InvalidPaymentRequiredError } from "../errors/InvalidPaymentRequiredError.js";
import { X402FetchError, type X402FetchErrorPayment } from "../errors/X402FetchError.js";
import { X402PaymentRefusedError } from "../errors/X402PaymentRefusedError.js";
import { checkSignerParameters } from "../parameters/checkSignerParameters.js";
import {
  type ParsedPaymentRequired,
  type PayableRequirement,
  parsePaymentRequiredHeader,
} from "../payment/parsePaymentRequiredHeader.js";
import { CELO_NETWORK, X402_PAYABLE_TOKENS } from "../payment/payableTokens.js";
import {
  createMemoryX402PaymentStore,
  type X402PaymentRecord,
  type X402PaymentStore,
} from "../store/X402PaymentStore.js";
import { type ParsedX402Limits, parseX402Limits, type X402Limits } from "./parseX402Limits.js";
import { releaseExpiredPayments } from "./releaseExpiredPayments.js";

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

/** The payable requirement the reference client selected (same asset, payee and amount). */
function matching(parsed: ParsedPaymentRequired | undefined, selected: PaymentRequirements) {
  return parsed?.payable.find(
    (p) =>
      p.requirements.asset.toLowerCase() === selected.asset.toLowerCase() &&
      p.requirements.payTo.toLowerCase() === selected.payTo.toLowerCase() &&
      p.requirements.amount === selected.amount &&
      p.requirements.network === selected.network,
  );
}

/** Refuses `payable` under `limits` for `host`, before anything is signed (perDay is the store's). */
function checkLimits(limits: ParsedX402Limits, payable: PayableRequirement, host: string): void {
  const { token, amount, payTo } = payable;
  const facts = {
    amount: formatAmount(amount, token.decimals),
    token: token.symbol,
    payTo,
    host,
  };
  const perPayment = limits.perPayment.get(token.symbol);
  if (perPayment === undefined) throw new X402PaymentRefusedError({ rule: "token", ...facts });
  if (limits.hosts && !limits.hosts.has(host)) throw new X402PaymentRefusedError({ rule: "hosts", ...facts });
  if (limits.payTo && !limits.payTo.has(payTo))
    throw new X402PaymentRefusedError({ rule: "payTo", ...facts });
  if (amount > perPayment)
    throw new X402PaymentRefusedError({
      rule: "perPayment",
      ...facts,
      limit: formatAmount(perPayment, token.decimals),
    });
  // validBefore = now + maxTimeoutSeconds, and the server matches the requirement it offered exactly (a shorter
  // validity is answered 402 again): one asking for longer than the bound is refused, nothing signed.
  const asked = payable.requirements.maxTimeoutSeconds;
  if (!(asked <= limits.maxTimeoutSeconds))
    throw new X402PaymentRefusedError({
      rule: "maxTimeoutSeconds",
      ...facts,
      limit: String(limits.maxTimeoutSeconds),
      asked,
    });
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
    const state: {
      parsed?: ParsedPaymentRequired;
      refusal?: unknown;
      /** The requirement the limits passed, to be signed. */
      approved?: PayableRequirement;
      payment?: X402PaymentRecord;
      signed: boolean;
    } = { signed: false };

    // Sees the 402 before the reference client does, to parse it strictly (the reference is lenient).
    const observe: typeof globalThis.fetch = async (input, init) => {
      const response = await fetchImpl(input, init);
      if (response.status === 402 && state.parsed === undefined && state.refusal === undefined) {
        try {
          state.parsed = parsePaymentRequiredHeader(response.headers.get("PAYMENT-REQUIRED"));
        } catch (error) {
          state.refusal = error;
        }
      }
      return response;
    };

    // The signer the reference scheme signs with: the payment is reserved in the store (perDay checked) with the
    // authorization's own nonce just before the signature, and only an EIP-3009 transfer of what the limits
    // passed is signed.
    const signer = {
      address: account.address,
      async signTypedData(typedData: Parameters<LocalAccount["signTypedData"]>[0]) {
        const approved = state.approved;
        const message = typedData.message as Record<string, unknown>;
        if (
          !approved ||
          typedData.primaryType !== "TransferWithAuthorization" ||
          String(message.to).toLowerCase() !== approved.payTo.toLowerCase() ||
          BigInt(String(message.value)) !== approved.amount ||
          typeof message.nonce !== "string" ||
          !/^0x[0-9a-fA-F]{64}$/.test(message.nonce) ||
          !/^\d{1,20}$/.test(String(message.validBefore)) ||
          BigInt(String(message.validBefore)) > BigInt(nowSeconds() + limits.maxTimeoutSeconds)
        ) {
          const refusal = new InvalidPaymentRequiredError({
            field: "assetTransferMethod",
            value: String(typedData.primaryType),
            rule: `must be an EIP-3009 TransferWithAuthorization of the requirement the limits passed, valid at most ${limits.maxTimeoutSeconds} s`,
          });
          state.refusal = refusal;
          throw refusal;
        }
        const perDay = limits.perDay.get(approved.token.symbol);
        const now = nowSeconds();
        if (perDay !== undefined) await releaseExpired();
        const record: X402PaymentRecord = {
          nonce: message.nonce as Hex,
          status: "signed",
          signedAt: now,
          validBefore: Number(message.validBefore),
          url: shownUrl,
          network: CELO_NETWORK,
          token: approved.token.symbol,
          asset: approved.token.address,
          amount: approved.amount.toString(),
          payTo: approved.payTo,
          payer,
        };
        let reserved: boolean;
        try {
          reserved = await store.reserve(record, { since: now - DAY_SECONDS, perDay });
        } catch (error) {
          // A store may refuse with its own typed error (the tool server's caps): nothing is signed.
          state.refusal = error;
          throw error;
        }
        if (!reserved) {
          const spent = (await store.list({ payer, since: now - DAY_SECONDS }))
            .filter((p) => p.token === record.token && p.status !== "released")
            .reduce((sum, p) => sum + BigInt(p.amount), 0n);
          const refusal = new X402PaymentRefusedError({
            rule: "perDay",
            amount: formatAmount(approved.amount, approved.token.decimals),
            token: approved.token.symbol,
            payTo: approved.payTo,
            host: url.host,
            limit: formatAmount(perDay ?? 0n, approved.token.decimals),
            spent: formatAmount(spent, approved.token.decimals),
          });
          state.refusal = refusal;
          throw refusal;
        }
        state.payment = record;
        try {
          const signature = await account.signTypedData(typedData);
          state.signed = true;
          return signature;
        } catch (error) {
          await store.update(record.nonce, { status: "released", releasedBecause: "not signed" });
          state.payment = { ...record, status: "released", releasedBecause: "not signed" };
          throw error;
        }
      },
    };

    const x402 = new x402Client((_version, offered) => {
      // The first payable requirement with a perPayment limit, else the first payable one (then refused).
      const payable = state.parsed?.payable ?? [];
      const chosen =
        payable.find((p) => limits.perPayment.has(p.token.symbol))?.requirements ?? payable[0]?.requirements;
      return chosen ?? (offered[0] as PaymentRequirements);
    })
      .register(CELO_NETWORK, new ExactEvmScheme(signer))
      .setSpendControls(false);

    x402.onBeforePaymentCreation(async ({ selectedRequirements }) => {
      try {
        if (state.refusal !== undefined) throw state.refusal;
        const payable = matching(state.parsed, selectedRequirements);
        if (!payable)
          throw new InvalidPaymentRequiredError({
            field: "accepts",
            value: `${selectedRequirements.network} ${selectedRequirements.asset}`,
            rule: "offers no exact payment on eip155:42220 in USDC, USDT or USAT",
          });
        checkLimits(limits, payable, url.host);
        state.approved = payable;
        return undefined;
      } catch (error) {
        state.refusal = error;
        return { abort: true as const, reason: error instanceof Error ? error.message : String(error) };
      }
    });

    let response: Response;
    try {
      response = await wrapFetchWithPayment(observe, x402)(request);
    } catch (error) {
      if (state.refusal !== undefined && !state.signed) throw state.refusal;
      throw new X402FetchError({
        url: shownUrl,
        nonce: state.payment?.nonce ?? null,
        signed: state.signed,
        cause: error,
        payment: state.signed && state.payment ? summarizeX402Payment(state.payment) : null,
      });
    }
    if (state.payment && state.signed) {
      const header = response.headers.get("PAYMENT-RESPONSE");
      if (header) {
        try {
          const settled = decodePaymentResponseHeader(header);
          if (settled.success && isHash(settled.transaction)) {
            const patch = { status: "settled" as const, transaction: settled.transaction as Hash };
            state.payment = { ...state.payment, ...patch };
            await store.update(state.payment.nonce, patch);
          }
        } catch {
          // A garbled PAYMENT-RESPONSE leaves the payment signed: it counts until found unused after expiry.
        }
      }
    }
    return { response, payment: state.payment ?? null };
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
