import type { Address } from "viem";
import type { IntentKindDefinition, IntentKinds } from "../definition.js";
import { intentFields } from "../intentFields.js";
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

/**
 * How each lending kind reads in words: `Supply 10 USDC to Aave v3`. `all` is set where the amount may be
 * 2^256 - 1 ("everything"): then the sentence says `all your USDC` followed by `all`.
 */
const SENTENCES: {
  readonly [kind in LendingIntent["kind"]]: { verb: string; preposition: string; all?: string };
} = {
  supply: { verb: "Supply", preposition: "to" },
  withdraw: { verb: "Withdraw", preposition: "from", all: "" },
  borrow: { verb: "Borrow", preposition: "from" },
  repay: { verb: "Repay", preposition: "to", all: " debt" },
};

function lendingKind(kind: LendingIntent["kind"]): IntentKindDefinition<LendingIntent> {
  const { verb, preposition, all } = SENTENCES[kind];
  return {
    ...intentFields(kind, { protocol: { oneOf: ["aave-v3"] }, token: "address", amount: "uint" }),
    describe: (intent, c) => {
      const amount =
        all !== undefined && c.isMax(intent.amount)
          ? `all your ${c.symbol(intent.token)}${all}`
          : c.amount(intent.amount, intent.token);
      return `${verb} ${amount} ${preposition} Aave v3`;
    },
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
  supply: /* @__PURE__ */ lendingKind("supply"),
  withdraw: /* @__PURE__ */ lendingKind("withdraw"),
  borrow: /* @__PURE__ */ lendingKind("borrow"),
  repay: /* @__PURE__ */ lendingKind("repay"),
};
