// What simulation needs of a protocol beyond ERC-20 events (a `ProtocolDefinition`'s optional `simulation`): the
// hooks `simulatePreparedFlow` calls for every step, and the logs and reads they are given.
import type { Address, Hex } from "viem";

/**
 * A log of a simulated step (`eth_simulateV1`), for {@link ProtocolSimulation}.
 *
 * @example
 * ```ts
 * import type { SimulationLog } from "@preflow/core";
 * const log: SimulationLog = { address: "0x…", topics: [], data: "0x" };
 * ```
 */
export interface SimulationLog {
  address: Address;
  topics: readonly Hex[];
  data: Hex;
}

/**
 * A read a protocol asks the simulation to run beside the steps (an `eth_call` in the same simulated block, after
 * the steps: no extra request), for {@link ProtocolSimulation.describeLogs}.
 *
 * @example
 * ```ts
 * import type { SimulationRead } from "@preflow/core";
 * const read: SimulationRead = { to: "0x7d21685C17607338b313a7174bAb6620baD0aaB7", data: "0x5fd4b08a…" };
 * ```
 */
export interface SimulationRead {
  to: Address;
  data: Hex;
}

/**
 * What simulation needs of a protocol beyond ERC-20 transfers and approvals (which every flow's simulation reads):
 * the sentences that say what a step did in it ("locks 50 CELO", "votes 30 CELO for Group A (0x…)"), from the
 * step's logs, with reads the protocol asks for (a validator group's name) answered in the same simulated block.
 * `simulatePreparedFlow` calls every registered protocol's hooks for every step (no protocol is named in generic
 * code) and puts the sentences in the step's `effects`; `formatPreparedFlow` prints them.
 *
 * @example
 * ```ts
 * import type { ProtocolSimulation } from "@preflow/core";
 * const simulation: ProtocolSimulation = { describeLogs: ({ logs }) => logs.length > 0 ? ["locks 50 CELO"] : [] };
 * ```
 */
export interface ProtocolSimulation {
  /**
   * Reads to answer for `describeLogs` of this step (run after the steps in the simulated block, their answers
   * given back in the same order). Called before any I/O with each step; must not throw (return `[]` for a step
   * that is not yours).
   */
  reads?(input: { step: number; account: Address; to: Address; data: Hex }): readonly SimulationRead[];
  /**
   * Sentences for what a successful step's logs did in this protocol ("locks 50 CELO", "votes 30 CELO for
   * group 0x…"), lower-case first letter, the account being the subject. `reads` are the answers to this
   * protocol's {@link ProtocolSimulation.reads} for the step (`null` where the read reverted). Must not throw on
   * any log (decode strictly, skip what is not yours): a hook that throws is ignored.
   */
  describeLogs?(input: {
    step: number;
    account: Address;
    to: Address;
    data: Hex;
    logs: readonly SimulationLog[];
    reads: readonly (Hex | null)[];
  }): string[];
}
