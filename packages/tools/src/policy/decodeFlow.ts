import { stripAttributionSuffix } from "@preflow/attribution";
import type { Address, Hex } from "viem";
import { type FlowEffect, STEP_DECODERS } from "./decoders/index.js";

/** The steps of a prepared flow as the policy needs them (parsed flow, camelCase from core). @internal */
export interface PolicyStep {
  to: Address;
  data: Hex;
  value: string;
}

/**
 * Decodes what a flow does, step by step: the native value sent, then the first decoder that recognises the
 * calldata (without its attribution suffix), else an unknown `call` when there is calldata. Never throws. @internal
 */
export function decodeFlow(steps: readonly PolicyStep[]): FlowEffect[] {
  const effects: FlowEffect[] = [];
  for (const [index, step] of steps.entries()) {
    const value = /^\d+$/.test(step.value) ? BigInt(step.value) : 0n;
    let data: Hex = step.data;
    try {
      data = stripAttributionSuffix(step.data) as Hex;
    } catch {
      // Garbage stays as it is; no decoder will recognise it.
    }
    if (value > 0n) effects.push({ kind: "native", step: index, to: step.to, amount: value });
    if (data === "0x" || data.length < 10) continue;
    let decoded: FlowEffect[] | undefined;
    for (const decoder of STEP_DECODERS) {
      try {
        decoded = decoder({ index, to: step.to, data, value });
      } catch {
        decoded = undefined;
      }
      if (decoded) break;
    }
    effects.push(
      ...(decoded ?? [
        { kind: "call", step: index, to: step.to, selector: data.slice(0, 10) as Hex, known: false },
      ]),
    );
  }
  return effects;
}
