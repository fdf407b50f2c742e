import type { Address } from "viem";
import type { IntentKindDefinition, IntentKinds } from "../definition.js";
import { AAVE_V3_ADDRESSES } from "./addresses.js";

/**
 * A lending operation on Aave v3: `amount` in base units of `token`.
 *
 * @example
 * ```ts
 * import type { LendingIntent } from "@preflow/core";
 * const intent: LendingIntent = { kind: "supply", protocol: "aave-v3", token: usdc, amount: "10000000" };
 * ```
 */
export interface LendingIntent {
  kind: "supply" | "withdraw" | "borrow" | "repay";
  protocol: "aave-v3";
  token: Address;
  amount: string;
}

/** The argument of each Pool call that names whose position it is: supply's and borrow's and repay's `onBehalfOf`, withdraw's `to`. */
const ACCOUNT_ARGUMENT = { supply: 2, withdraw: 2, borrow: 4, repay: 3 } as const;

function lendingKind(
  kind: LendingIntent["kind"],
  describe: (
    intent: LendingIntent,
    c: Parameters<IntentKindDefinition<LendingIntent>["describe"]>[1],
  ) => string,
): IntentKindDefinition<LendingIntent> {
  return {
    fields: ["protocol", "token", "amount"],
    parse: (read) => ({
      kind,
      protocol: read.oneOf("protocol", ["aave-v3"]),
      token: read.address("token"),
      amount: read.uint("amount"),
    }),
    describe,
    // Carried out by the flow's last step (an approval may come first): the Pool's call of the same name with
    // that asset, amount and the signer's own position.
    check: (intent, c) => {
      const { action } = c;
      const actual = action.decoded;
      if (
        actual === undefined ||
        actual.functionName !== intent.kind ||
        action.to.toLowerCase() !== AAVE_V3_ADDRESSES.pool.toLowerCase()
      )
        return `says an Aave ${intent.kind}, but its last step does not call the Pool's ${intent.kind}`;
      const [asset, amount] = actual.args;
      const account = actual.args[ACCOUNT_ARGUMENT[intent.kind]];
      if (!c.same(asset, intent.token) || !c.same(amount, intent.amount) || !c.same(account, c.from))
        return `says ${intent.kind} ${intent.amount} of ${intent.token} for ${c.from}, but the calldata is ${c.show(actual)}`;
      return undefined;
    },
  };
}

/** The Aave v3 intent kinds: `supply`, `withdraw`, `borrow`, `repay` (`protocol: "aave-v3"`). @internal */
export const aaveIntents: IntentKinds<LendingIntent> = {
  supply: /* @__PURE__ */ lendingKind(
    "supply",
    (intent, c) => `Supply ${c.amount(intent.amount, intent.token)} to Aave v3`,
  ),
  withdraw: /* @__PURE__ */ lendingKind(
    "withdraw",
    (intent, c) =>
      `Withdraw ${c.isMax(intent.amount) ? `all your ${c.symbol(intent.token)}` : c.amount(intent.amount, intent.token)} from Aave v3`,
  ),
  borrow: /* @__PURE__ */ lendingKind(
    "borrow",
    (intent, c) => `Borrow ${c.amount(intent.amount, intent.token)} from Aave v3`,
  ),
  repay: /* @__PURE__ */ lendingKind(
    "repay",
    (intent, c) =>
      `Repay ${c.isMax(intent.amount) ? `all your ${c.symbol(intent.token)} debt` : c.amount(intent.amount, intent.token)} to Aave v3`,
  ),
};
