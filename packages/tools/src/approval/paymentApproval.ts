// The approval step of x402_fetch: a payment of more than the policy's `approval.above` of its token is signed only
// after a person approves this exact payment (network, asset, amount, payee, resource, signer, authorization nonce
// and validity, under the policy's version and the approval's expiry), through the same question as flows
// (requireApproval's askApproval: form or URL mode via MCP elicitation), recorded in the store and used once just
// before the authorization is signed.
import { ApprovalRequiredError, refusedBeforeSigning } from "../errors/approval.js";
import type {
  ApprovalCall as ToolCall,
  ApprovalContext as ToolContext,
  ApprovalRuntime as ToolRuntime,
} from "./approvalContext.js";
import { type X402ApprovalSubject, x402ApprovalDigest } from "./approvalDigest.js";
import { useApprovalGrant } from "./confirmApproval.js";
import { type ApprovalGrant, askApproval } from "./requireApproval.js";

/** An x402 payment about to be signed, with its token's symbol and decimals for the person. @internal */
export interface PaymentToApprove extends X402ApprovalSubject {
  symbol: string;
  decimals: number;
}

/** What the approval of a payment is recorded under in the store. @internal */
export const paymentApprovalId = (nonce: string) => `x402:${nonce.toLowerCase()}`;

/**
 * Asks a person to approve the payment when it pays more than `approval.above` of its token, then uses the approval
 * (once, for this exact payment). Resolves when the payment may be signed (at once when no approval is needed);
 * rejects with an approval error otherwise (APPROVAL_REQUIRED with the payment for a client that cannot ask,
 * _DECLINED, _EXPIRED, _CODE_MISMATCH...): nothing is signed. @internal
 */
export async function approvePayment(parameters: {
  context: ToolContext;
  runtime: ToolRuntime;
  call: ToolCall;
  payment: PaymentToApprove;
}): Promise<ApprovalGrant | undefined> {
  const { context, runtime, call, payment } = parameters;
  const threshold = runtime.policy?.approval?.above.get(payment.asset.toLowerCase());
  if (!threshold || payment.amount <= threshold.above) return undefined;
  const format = (value: bigint) => runtime.core.formatAmount(value, payment.decimals);
  const shown = `${format(payment.amount)} ${payment.symbol}`;
  const over = [`${shown} (an x402 payment), above ${format(threshold.above)} ${payment.symbol}`];
  const subjectId = paymentApprovalId(payment.nonce);
  try {
    const grant = await askApproval({
      context,
      runtime,
      call,
      subjectId,
      over,
      signer: payment.signer,
      digestOf: (binding) => x402ApprovalDigest(payment, binding),
      describe: {
        subject: "x402 payment",
        preview: [
          `Pay ${shown} to ${payment.payTo} for ${payment.resource} (x402, ${payment.network}).`,
          `An EIP-3009 authorization signed by ${payment.signer}, valid until ${new Date(payment.validBefore * 1000).toISOString()}: whoever holds it can redeem it until then.`,
        ].join("\n"),
        fee: "Network fee: none for the signer (the server's facilitator submits the authorization).",
        calls: `Token: ${payment.symbol} (${payment.asset}).transferWithAuthorization.`,
      },
      required: (mode, clientModes) =>
        new ApprovalRequiredError({
          flowId: subjectId,
          flow: {
            x402_payment: {
              url: payment.resource,
              amount: format(payment.amount),
              token: payment.symbol,
              asset: payment.asset,
              pay_to: payment.payTo,
              network: payment.network,
            },
          },
          mode,
          clientModes,
          over,
          subject: "x402 payment",
        }),
    });
    // Just before the signature: the payment is the one approved (its digest again), and the approval is used once.
    await useApprovalGrant({ context, grant, digest: x402ApprovalDigest(payment, grant) });
    return grant;
  } catch (error) {
    throw refusedBeforeSigning(error);
  }
}
