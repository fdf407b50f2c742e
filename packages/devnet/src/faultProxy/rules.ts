// Fault rules: their checked form, which kinds decide the whole HTTP response and which are answered locally.
import type { Fault, FaultKind, FaultRule } from "./types.js";

/** A rule as the proxy keeps it: its defaults applied, with its counters. */
export interface Rule {
  readonly method: string;
  readonly nth: number;
  readonly times: number;
  readonly fault: Fault;
  seen: number;
  hits: number;
}

/** Faults that decide the whole HTTP response (the other kinds change only their entry). */
export const HTTP_LEVEL: ReadonlySet<FaultKind> = new Set([
  "forward-then-close",
  "forward-then-status",
  "status",
  "hang",
]);
/** Per-entry faults answered by the proxy itself, without forwarding the call. */
export const LOCAL: ReadonlySet<FaultKind> = new Set(["result", "error"]);

/** Throws (naming the rule's field) unless `rule` is a rule the proxy can apply. */
export function checkRule(rule: FaultRule): void {
  const fail = (what: string): never => {
    throw new Error(`faultProxy.inject: ${what}`);
  };
  if (typeof rule?.method !== "string" || rule.method.length === 0)
    fail('method must be a method name or "*"');
  if (rule.nth !== undefined && !(Number.isInteger(rule.nth) && rule.nth >= 1))
    fail("nth must be an integer >= 1");
  if (
    rule.times !== undefined &&
    !((Number.isInteger(rule.times) && rule.times >= 1) || rule.times === Infinity)
  ) {
    fail("times must be an integer >= 1 (or Infinity)");
  }
  const fault = rule.fault as Fault | undefined;
  const status = (value: unknown) =>
    Number.isInteger(value) && (value as number) >= 100 && (value as number) <= 599;
  switch (fault?.kind) {
    case "forward-then-status":
    case "status":
      if (!status(fault.status)) fail("status must be an HTTP status (100..599)");
      break;
    case "error":
      if (!Number.isInteger(fault.code) || typeof fault.message !== "string")
        fail("error needs an integer code and a message");
      if (fault.status !== undefined && !status(fault.status))
        fail("status must be an HTTP status (100..599)");
      break;
    case "rewrite-result":
      if (typeof fault.rewrite !== "function") fail("rewrite must be a function");
      break;
    case "delay":
      if (!(Number.isFinite(fault.ms) && fault.ms >= 0)) fail("delay ms must be a finite number >= 0");
      break;
    case "forward-then-close":
    case "hang":
    case "forward-then-result":
    case "result":
      break;
    default:
      fail(`unknown fault kind ${JSON.stringify(String((fault as { kind?: unknown } | undefined)?.kind))}`);
  }
}

/** The due fault for a call of `method` (the first due rule's), advancing every matching rule's count. */
export function dueFault(rules: readonly Rule[], method: string): Fault | undefined {
  let chosen: Rule | undefined;
  for (const rule of rules) {
    if (rule.method !== "*" && rule.method !== method) continue;
    rule.seen++;
    const due = rule.seen >= rule.nth && rule.seen - rule.nth < rule.times;
    if (due && !chosen) chosen = rule;
  }
  if (!chosen) return undefined;
  chosen.hits++;
  return chosen.fault;
}
