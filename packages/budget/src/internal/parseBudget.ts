// Reads a budget value from untrusted JSON: exact shape, no unknown keys, and the signed caveats must be exactly
// what the plain fields say (so the words a reader sees are the rules the chain enforces).
import { resolveToken } from "@preflow/core";
import { isRecord, rejectUnknownKeys } from "@preflow/errors";
import { type Address, getAddress, type Hex, isAddress, isHex, parseUnits } from "viem";
import { DELEGATION_FRAMEWORK_ADDRESSES as FRAMEWORK, PERIOD_SECONDS, ROOT_AUTHORITY } from "../constants.js";
import { BudgetError } from "../errors/BudgetError.js";
import type { AgentBudget, BudgetCaveat, BudgetLimit } from "../types.js";
import { budgetCaveats } from "./caveats.js";
import { delegationHash } from "./delegation.js";

const KEYS = [
  "kind",
  "version",
  "chainId",
  "delegationManager",
  "owner",
  "agent",
  "limits",
  "recipients",
  "validUntil",
  "delegationHash",
  "delegation",
];
const LIMIT_KEYS = [
  "token",
  "address",
  "decimals",
  "amount",
  "baseUnits",
  "period",
  "periodSeconds",
  "startDate",
];
const DELEGATION_KEYS = ["delegate", "delegator", "authority", "caveats", "salt", "signature"];
const CAVEAT_KEYS = ["enforcer", "terms", "args"];
const PERIODS = ["perHour", "perDay", "perWeek", "custom"];

function invalid(field: string, rule: string): never {
  throw new BudgetError({
    code: "BUDGET_INVALID",
    message: `Invalid budget: \`${field}\` ${rule}.`,
    details: { field, rule },
  });
}

function record(value: unknown, field: string, keys: readonly string[]): Record<string, unknown> {
  if (!isRecord(value)) invalid(field, "must be an object");
  try {
    rejectUnknownKeys(value, field, keys);
  } catch (cause) {
    invalid(field, `has an unknown key (${(cause as Error).message})`);
  }
  return value;
}

function address(value: unknown, field: string): Address {
  if (typeof value !== "string" || !isAddress(value, { strict: false })) invalid(field, "must be an address");
  return getAddress(value);
}

function hex(value: unknown, field: string, bytes?: number): Hex {
  if (typeof value !== "string" || !isHex(value, { strict: true }) || value.length % 2 !== 0)
    invalid(field, "must be 0x-prefixed hex of whole bytes");
  if (bytes !== undefined && value.length !== 2 + bytes * 2) invalid(field, `must be ${bytes} bytes`);
  return value.toLowerCase() as Hex;
}

function uint(value: unknown, field: string, max = 2n ** 256n - 1n): string {
  if (typeof value !== "string" || !/^(0|[1-9][0-9]{0,77})$/.test(value) || BigInt(value) > max)
    invalid(field, "must be an unsigned integer as a decimal string");
  return value;
}

function caveat(value: unknown, field: string): BudgetCaveat {
  const c = record(value, field, CAVEAT_KEYS);
  return {
    enforcer: address(c.enforcer, `${field}.enforcer`),
    terms: hex(c.terms, `${field}.terms`),
    args: hex(c.args, `${field}.args`),
  };
}

function limit(value: unknown, field: string): BudgetLimit {
  const l = record(value, field, LIMIT_KEYS);
  if (typeof l.token !== "string" || l.token.length === 0 || l.token.length > 32)
    invalid(`${field}.token`, "must be a symbol");
  if (typeof l.decimals !== "number" || !Number.isInteger(l.decimals) || l.decimals < 0 || l.decimals > 36)
    invalid(`${field}.decimals`, "must be an integer 0..36");
  if (typeof l.amount !== "string" || !/^[0-9]+(\.[0-9]+)?$/.test(l.amount))
    invalid(`${field}.amount`, "must be a decimal string");
  if (typeof l.period !== "string" || !PERIODS.includes(l.period))
    invalid(`${field}.period`, `must be one of ${PERIODS.join(", ")}`);
  const baseUnits = uint(l.baseUnits, `${field}.baseUnits`);
  if (BigInt(baseUnits) === 0n) invalid(`${field}.baseUnits`, "must be positive");
  const periodSeconds = uint(l.periodSeconds, `${field}.periodSeconds`);
  if (BigInt(periodSeconds) === 0n) invalid(`${field}.periodSeconds`, "must be positive");
  const tokenAddress = address(l.address, `${field}.address`);
  // The words must be the rules: the symbol and decimals are the listed token's, the amount is the base units.
  let listed: { symbol: string; decimals: number };
  try {
    listed = resolveToken(tokenAddress, `${field}.address`);
  } catch {
    invalid(`${field}.address`, "must be a token preflow lists");
  }
  if (l.token !== listed.symbol)
    invalid(`${field}.token`, `must be ${listed.symbol}, the symbol of ${field}.address`);
  if (l.decimals !== listed.decimals)
    invalid(`${field}.decimals`, `must be ${listed.decimals}, the decimals of ${listed.symbol}`);
  const fraction = l.amount.split(".")[1] ?? "";
  if (fraction.length > l.decimals || parseUnits(l.amount, l.decimals).toString() !== baseUnits)
    invalid(`${field}.amount`, `must be ${field}.baseUnits in units of 10^${l.decimals}`);
  const period = l.period as BudgetLimit["period"];
  const seconds = Number(periodSeconds);
  if (period === "custom" ? seconds < 60 || seconds > 31_622_400 : seconds !== PERIOD_SECONDS[period])
    invalid(
      `${field}.periodSeconds`,
      period === "custom"
        ? "must be 60 to 31622400 for a custom period"
        : `must be ${PERIOD_SECONDS[period]} for ${period}`,
    );
  return {
    token: l.token,
    address: tokenAddress,
    decimals: l.decimals,
    amount: l.amount,
    baseUnits,
    period,
    periodSeconds,
    startDate: uint(l.startDate, `${field}.startDate`),
  };
}

/**
 * Parses and checks a budget (an object or its JSON text). Throws `BudgetError` `BUDGET_INVALID` naming the field.
 * @internal
 */
export function parseBudget(input: unknown): AgentBudget {
  let value = input;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      invalid("budget", "is not JSON");
    }
  }
  const b = record(value, "budget", KEYS);
  if (b.kind !== "preflow-agent-budget") invalid("budget.kind", 'must be "preflow-agent-budget"');
  if (b.version !== 1) invalid("budget.version", "must be 1");
  if (b.chainId !== 42220) invalid("budget.chainId", "must be 42220");
  const delegationManager = address(b.delegationManager, "budget.delegationManager");
  if (delegationManager !== FRAMEWORK.DelegationManager)
    invalid("budget.delegationManager", `must be ${FRAMEWORK.DelegationManager}`);
  const owner = address(b.owner, "budget.owner");
  const agent = address(b.agent, "budget.agent");
  if (!Array.isArray(b.limits) || b.limits.length === 0 || b.limits.length > 16)
    invalid("budget.limits", "must list 1 to 16 tokens");
  const limits = b.limits.map((l, i) => limit(l, `budget.limits[${i}]`));
  let recipients: Address[] | null = null;
  if (b.recipients !== null) {
    if (!Array.isArray(b.recipients) || b.recipients.length === 0 || b.recipients.length > 32)
      invalid("budget.recipients", "must be null or list 1 to 32 addresses");
    recipients = b.recipients.map((r, i) => address(r, `budget.recipients[${i}]`));
  }
  const validUntil = b.validUntil === null ? null : uint(b.validUntil, "budget.validUntil", 2n ** 128n - 1n);
  const d = record(b.delegation, "budget.delegation", DELEGATION_KEYS);
  if (!Array.isArray(d.caveats)) invalid("budget.delegation.caveats", "must be an array");
  const delegation = {
    delegate: address(d.delegate, "budget.delegation.delegate"),
    delegator: address(d.delegator, "budget.delegation.delegator"),
    authority: hex(d.authority, "budget.delegation.authority", 32),
    caveats: d.caveats.map((c, i) => caveat(c, `budget.delegation.caveats[${i}]`)),
    salt: uint(d.salt, "budget.delegation.salt"),
    signature: hex(d.signature, "budget.delegation.signature"),
  };
  if (delegation.delegate !== agent) invalid("budget.delegation.delegate", "must be budget.agent");
  if (delegation.delegator !== owner) invalid("budget.delegation.delegator", "must be budget.owner");
  if (delegation.authority !== ROOT_AUTHORITY)
    invalid("budget.delegation.authority", "must be the root authority");
  const expected = budgetCaveats({ limits, recipients, validUntil });
  const same =
    expected.length === delegation.caveats.length &&
    expected.every(
      (c, i) =>
        c.enforcer === delegation.caveats[i]!.enforcer &&
        c.terms.toLowerCase() === delegation.caveats[i]!.terms &&
        delegation.caveats[i]!.args === "0x",
    );
  if (!same)
    invalid("budget.delegation.caveats", "do not match the budget's limits, recipients and validUntil");
  const hash = hex(b.delegationHash, "budget.delegationHash", 32);
  if (hash !== delegationHash(delegation).toLowerCase())
    invalid("budget.delegationHash", "is not the delegation's hash");
  return {
    kind: "preflow-agent-budget",
    version: 1,
    chainId: 42220,
    delegationManager,
    owner,
    agent,
    limits,
    recipients,
    validUntil,
    delegationHash: hash,
    delegation,
  };
}
