// The declarative field list of an intent kind: each field is named once, with the rule it is read by, and
// `intentFields` turns that into the kind's `fields` (the allowed keys) and `parse` (read in the listed order,
// so the first bad field is the one named in the error). Kinds that read something special (an optional field, a
// list of addresses, a rule across fields) keep a hand-written `parse`.
import type { Address } from "viem";
import type { JsonValue } from "../flow/stepTypes.js";
import type { IntentFieldReader, IntentKindDefinition } from "./definition.js";

/**
 * How one field of an intent is read, by the {@link IntentFieldReader} method of that name: `"address"` (returned
 * checksummed), `"uint"` (a decimal string within uint256), `"text"`, `"nonEmptyText"` (text, `""` refused),
 * `"jsonList"` (a JSON array), or `{ oneOf: [...] }` (one of the listed strings).
 *
 * @example
 * ```ts
 * import type { IntentFieldRule } from "@preflow/core";
 * const rule: IntentFieldRule = { oneOf: ["yes", "no", "abstain"] };
 * ```
 */
export type IntentFieldRule =
  | "address"
  | "uint"
  | "text"
  | "nonEmptyText"
  | "jsonList"
  | { readonly oneOf: readonly string[] };

/**
 * The fields of an intent kind besides `kind`, each with its {@link IntentFieldRule}, in the order they are read.
 *
 * @example
 * ```ts
 * import type { IntentFieldRules } from "@preflow/core";
 * const rules: IntentFieldRules = { group: "address", amount: "uint" };
 * ```
 */
export type IntentFieldRules = Readonly<Record<string, IntentFieldRule>>;

/**
 * The intent that `rules` read: `kind`, then each field with the type its rule returns (`"address"`: `Address`;
 * `"jsonList"`: `JsonValue[]`; `{ oneOf }`: one of its strings; the others: `string`).
 *
 * @example
 * ```ts
 * import type { IntentOfFields } from "@preflow/core";
 * type Vote = IntentOfFields<"vote", { group: "address"; amount: "uint" }>; // { kind: "vote"; group: Address; amount: string }
 * ```
 */
export type IntentOfFields<kind extends string, rules extends IntentFieldRules> = { kind: kind } & {
  -readonly [key in keyof rules]: rules[key] extends "address"
    ? Address
    : rules[key] extends "jsonList"
      ? JsonValue[]
      : rules[key] extends { readonly oneOf: readonly (infer value)[] }
        ? value
        : string;
};

/**
 * The `fields` and `parse` of an intent kind from its field rules, so each field is named once. Spread it into the
 * kind's definition beside `describe` and `check`.
 *
 * @param kind - The intent's `kind`.
 * @param rules - Each field (besides `kind`) with its rule, in the order they are read.
 * @returns `fields` (the keys of `rules`) and `parse` (reads `{ kind, ...each field by its rule }`; the reader
 *   throws `InvalidPreparedFlowError` naming the first bad field).
 *
 * @example
 * ```ts
 * import { intentFields, type IntentKindDefinition } from "@preflow/core";
 * const vote: IntentKindDefinition<{ kind: "vote"; group: `0x${string}`; amount: string }> = {
 *   ...intentFields("vote", { group: "address", amount: "uint" }),
 *   describe: (intent) => `Vote ${intent.amount} wei for ${intent.group}`,
 *   check: () => undefined,
 * };
 * ```
 */
export function intentFields<const kind extends string, const rules extends IntentFieldRules>(
  kind: kind,
  rules: rules,
): Pick<IntentKindDefinition<IntentOfFields<kind, rules>>, "fields" | "parse"> {
  const entries = Object.entries(rules);
  return {
    fields: entries.map(([key]) => key),
    parse: (read) => {
      const intent: Record<string, unknown> = { kind };
      for (const [key, rule] of entries) intent[key] = readField(read, key, rule);
      return intent as IntentOfFields<kind, rules>;
    },
  };
}

function readField(read: IntentFieldReader, key: string, rule: IntentFieldRule): unknown {
  if (typeof rule === "object") return read.oneOf(key, rule.oneOf);
  if (rule === "nonEmptyText") return read.text(key, { nonEmpty: true });
  return read[rule](key);
}
