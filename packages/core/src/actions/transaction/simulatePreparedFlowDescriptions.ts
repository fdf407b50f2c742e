// simulatePreparedFlow's sentences: every registered protocol's `simulation` hooks (reads answered in the
// simulated block, then `describeLogs` on each successful step's logs). No protocol is named here. @internal
import type { Address, Hex } from "viem";
import type { SerializedPreparedFlow } from "../../flow/types.js";
import type { SimulationLog, SimulationRead } from "../../protocols/protocolSimulation.js";
import { PROTOCOLS } from "../../protocols/registry.js";
import type { SimCall, SimLog } from "../../rpc/simulateV1.js";
import { checksummed } from "./simulatePreparedFlowCalls.js";

/** The reads each (step, protocol) asked for, in the order they are put after the steps. */
export interface ProtocolReads {
  calls: Record<string, unknown>[];
  /** `[step][protocol index]` → the range of `calls` it asked for. */
  ranges: Map<string, { start: number; count: number }>;
}

const MAX_READS_PER_STEP = 16;

/** Asks every registered protocol which reads it needs for each step (a hook that throws asks for none). */
export function protocolReads(flow: SerializedPreparedFlow, account: Address): ProtocolReads {
  const calls: Record<string, unknown>[] = [];
  const ranges = new Map<string, { start: number; count: number }>();
  flow.steps.forEach((step, index) => {
    PROTOCOLS.forEach((protocol, at) => {
      const reads = (protocol as { simulation?: { reads?: unknown } }).simulation?.reads;
      if (typeof reads !== "function") return;
      let asked: readonly SimulationRead[];
      try {
        asked = (reads as (input: unknown) => readonly SimulationRead[])({
          step: index,
          account,
          to: step.to,
          data: step.data,
        });
      } catch {
        return;
      }
      if (!Array.isArray(asked)) return;
      const valid = asked
        .filter(
          (read) =>
            typeof read?.to === "string" &&
            /^0x[0-9a-fA-F]{40}$/.test(read.to) &&
            typeof read.data === "string" &&
            /^0x(?:[0-9a-fA-F]{2})*$/.test(read.data),
        )
        .slice(0, MAX_READS_PER_STEP);
      if (valid.length === 0) return;
      ranges.set(`${index}:${at}`, { start: calls.length, count: valid.length });
      for (const read of valid) calls.push({ from: account, to: read.to, data: read.data });
    });
  });
  return { calls, ranges };
}

/**
 * The sentences every registered protocol gives for a successful step's logs (`readCalls`: the simulated answers
 * to the reads of {@link protocolReads}, in order). A hook that throws or returns something else gives none.
 */
export function describeStepLogs(input: {
  flow: SerializedPreparedFlow;
  step: number;
  account: Address;
  logs: readonly SimLog[];
  reads: ProtocolReads;
  readCalls: readonly (SimCall | undefined)[];
}): string[] {
  const { flow, step, account, reads, readCalls } = input;
  const prepared = flow.steps[step];
  if (!prepared) return [];
  const logs: SimulationLog[] = input.logs.map((log) => ({
    address: checksummed(log.address),
    topics: log.topics as Hex[],
    data: log.data as Hex,
  }));
  const sentences: string[] = [];
  PROTOCOLS.forEach((protocol, at) => {
    const describe = (protocol as { simulation?: { describeLogs?: unknown } }).simulation?.describeLogs;
    if (typeof describe !== "function") return;
    const range = reads.ranges.get(`${step}:${at}`);
    const answers: (Hex | null)[] = [];
    for (let offset = 0; range && offset < range.count; offset += 1) {
      const call = readCalls[range.start + offset];
      answers.push(call?.status === "success" ? call.returnData : null);
    }
    try {
      const said = (describe as (input: unknown) => unknown)({
        step,
        account,
        to: prepared.to,
        data: prepared.data,
        logs,
        reads: answers,
      });
      if (Array.isArray(said))
        for (const sentence of said) if (typeof sentence === "string") sentences.push(sentence);
    } catch {
      // a protocol's wording never breaks a simulation
    }
  });
  return sentences;
}
