// x402_fetch paying: the signer (a local key) pays a 402 through @preflow/x402's createX402Fetch, its payments
// recorded in the tool server's store (caps.<TOKEN>.perDay with every other spend, from the moment of signing) and,
// above the policy's approval.above of the token, approved by a person before they are signed; within an agent
// budget that lists the agent, the agent's float is topped up from the owner first when short.
import type { X402PaymentRecord } from "@preflow/x402";
import type { LocalAccount } from "viem";
import { InvalidInputError } from "../../errors/input.js";
import { requireSigner } from "../context.js";
import { readX402ResponseBody } from "./readX402ResponseBody.js";
import { type X402FetchRequest, x402FetchResult } from "./x402FetchRequest.js";

/** Fetches `request`, paying a 402 within the limits; the result carries what was paid. @internal */
export async function payX402Fetch(request: X402FetchRequest) {
  const { x402, runtime, context, url, init } = request;
  const { core, policy } = runtime;
  const account = requireSigner(runtime, "x402_fetch");
  if (account.type !== "local")
    throw new InvalidInputError({
      tool: "x402_fetch",
      path: "(signer)",
      value: account.type,
      rule: "needs a local signer (CHAIN_PRIVATE_KEY)",
    });
  const { toolX402PaymentStore } = await import("../../x402/toolX402PaymentStore.js");
  const pay = x402.createX402Fetch({
    account: account as LocalAccount,
    client: runtime.client,
    limits: request.limits,
    fetch: request.outside.fetch,
    store: toolX402PaymentStore({
      store: () => context.store(),
      caps: policy?.caps,
      format: (value, decimals) => core.formatAmount(value, decimals),
      beforeReserve: async (record) => {
        await approveAboveThreshold(request, record);
        await topUpWithinBudget(request, record);
      },
    }),
  });
  const { response, payment: paid } = await pay.fetchWithPayment(url, init);
  const text = await readX402ResponseBody(request, response, paid);
  if (!paid) return x402FetchResult(response, text, null);
  const token = x402.X402_PAYABLE_TOKENS[paid.token];
  return x402FetchResult(response, text, {
    amount: core.formatAmount(BigInt(paid.amount), token.decimals),
    token: paid.token,
    asset: paid.asset,
    pay_to: paid.payTo,
    network: paid.network,
    transaction: paid.transaction ?? null,
    status: paid.status,
  });
}

/** Above approval.above of its token, a person approves this exact payment before it is signed. */
async function approveAboveThreshold(request: X402FetchRequest, record: X402PaymentRecord): Promise<void> {
  const { x402, runtime, context, call } = request;
  const token = x402.findPayableToken(record.asset);
  if (!token || !runtime.policy?.approval) return;
  const { approvePayment } = await import("../../approval/paymentApproval.js");
  await approvePayment({
    context,
    runtime,
    call,
    payment: {
      network: record.network,
      asset: record.asset,
      amount: BigInt(record.amount),
      payTo: record.payTo,
      resource: record.url,
      signer: record.payer,
      nonce: record.nonce,
      validBefore: record.validBefore,
      symbol: token.symbol,
      decimals: token.decimals,
    },
  });
}

/** Within an agent budget that lists the agent: the float it pays from is topped up first when short. */
async function topUpWithinBudget(request: X402FetchRequest, record: X402PaymentRecord): Promise<void> {
  const { runtime, context, call } = request;
  if (!runtime.budget) return;
  const { topUpAgentFloat } = await import("../../execution/topUpAgentFloat.js");
  await topUpAgentFloat({
    tool: "x402_fetch",
    context,
    runtime,
    call,
    asset: record.asset as `0x${string}`,
    amount: BigInt(record.amount),
  });
}
