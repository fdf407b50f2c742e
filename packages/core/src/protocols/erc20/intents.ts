import type { Address } from "viem";
import { TOKENS } from "../../tokens/registry.js";
import type { CheckedStep, IntentKinds } from "../definition.js";
import { intentFields } from "../intentFields.js";

/**
 * A send of a token (`prepareSend`). Amounts are base units as decimal strings; tokens are addresses.
 *
 * @example
 * ```ts
 * import type { SendIntent } from "@preflow/core";
 * const intent: SendIntent = { kind: "send", token: "0x765DE816845861e75A25fCA122bb6898B8B1282a", to: "0x2222222222222222222222222222222222222222", amount: "1500000000000000000" };
 * ```
 */
export interface SendIntent {
  kind: "send";
  token: Address;
  to: Address;
  amount: string;
}

/**
 * An approval (`prepareApprove`): `amount` in base units (`"0"` revokes; max uint256 is unlimited).
 *
 * @example
 * ```ts
 * import type { ApproveIntent } from "@preflow/core";
 * const intent: ApproveIntent = { kind: "approve", token: "0xcebA9300f2b948710d2653dD7B07f33A8B32118C", spender: "0x3333333333333333333333333333333333333333", amount: "25000000" };
 * ```
 */
export interface ApproveIntent {
  kind: "approve";
  token: Address;
  spender: Address;
  amount: string;
}

/**
 * Every ERC-20 intent: what a `send` or an `approve` flow says it does (the erc20 protocol's intent kinds).
 *
 * @example
 * ```ts
 * import type { Erc20Intent } from "@preflow/core";
 * const intent: Erc20Intent = { kind: "approve", token: "0x765DE816845861e75A25fCA122bb6898B8B1282a", spender: "0x5615CDAb10dc425a742d643d949a7F474C01abc4", amount: "1000000000000000000" };
 * ```
 */
export type Erc20Intent = SendIntent | ApproveIntent;

const CELO = TOKENS.CELO.address.toLowerCase();
const MAX_UINT256 = 2n ** 256n - 1n;

/**
 * The ERC-20 intent kinds: `send` (carried out by a step that makes it: a `transfer` of the amount to the
 * recipient on the token, or, for CELO, the amount as native value to the recipient) and `approve` (a step makes
 * that `approve` on the token). Each step is checked on its own: the one that makes it may be any. @internal
 */
export const erc20Intents: IntentKinds<Erc20Intent> = {
  send: {
    ...intentFields("send", { token: "address", to: "address", amount: "uint" }),
    describe: (intent, c) => `You send ${c.amount(intent.amount, intent.token)} to ${intent.to}`,
    check: (intent, c) => {
      const makes = (action: CheckedStep) =>
        (action.to.toLowerCase() === intent.token.toLowerCase() &&
          action.decoded?.functionName === "transfer" &&
          c.same(action.decoded.args[0], intent.to) &&
          c.same(action.decoded.args[1], intent.amount)) ||
        (intent.token.toLowerCase() === CELO &&
          action.to.toLowerCase() === intent.to.toLowerCase() &&
          action.value === intent.amount);
      if (c.steps.some(makes)) return undefined;
      return `says a send of ${intent.amount} of ${intent.token} to ${intent.to}, but no step makes it`;
    },
  },
  approve: {
    ...intentFields("approve", { token: "address", spender: "address", amount: "uint" }),
    describe: (intent, c) => describeApproval(intent.spender, intent.amount, intent.token, c),
    check: (intent, c) => {
      const makes = (action: CheckedStep) =>
        action.to.toLowerCase() === intent.token.toLowerCase() &&
        action.decoded?.functionName === "approve" &&
        c.same(action.decoded.args[0], intent.spender) &&
        c.same(action.decoded.args[1], intent.amount);
      if (c.steps.some(makes)) return undefined;
      return `says an approval of ${intent.amount} of ${intent.token} for ${intent.spender}, but no step makes it`;
    },
  },
};

/**
 * An approval in words: a revocation (`0`), an UNLIMITED one (2^256 - 1), or an exact amount. @internal
 */
export function describeApproval(
  spender: string,
  value: string,
  token: string,
  c: {
    name(address: string): string;
    amount(value: string, token: string): string;
    symbol(token: string): string;
  },
): string {
  const symbol = c.symbol(token);
  if (value === "0") return `Revoke ${c.name(spender)}'s ${symbol} allowance`;
  if (/^\d{1,78}$/.test(value) && BigInt(value) === MAX_UINT256)
    return `Approve ${c.name(spender)} to spend an UNLIMITED amount of ${symbol}`;
  return `Approve ${c.name(spender)} to spend exactly ${c.amount(value, token)}`;
}
