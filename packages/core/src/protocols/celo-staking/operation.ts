// The one way a staking or governance `prepare*` action runs: refuse unknown keys, parse `from` and the
// operation's own fields (all before any request), read the lens once, plan the calls, and build the tagged flow.
// Each action in ./actions/ is its types, its TSDoc and its `CeloOperation` (what it parses, reads and plans).
import { rejectUnknownKeys } from "@preflow/attribution";
import type { Address } from "viem";
import type { SdkBaseClient } from "../../clients/types.js";
import type { FlowIntent, SerializedPreparedFlow } from "../../flow/types.js";
import { parseAddress } from "../../validation/parseAddress.js";
import { parseSignal } from "../../validation/parseSignal.js";
import {
  type CeloAccountState,
  type CeloGovernanceState,
  readCeloAccountState,
  readCeloGovernance,
} from "./lens.js";
import { buildCeloStep, type CeloStakingContract, celoFlow } from "./steps.js";

/** One call of a planned operation (tagged and encoded by {@link prepareCeloOperation}). @internal */
export interface CeloCall {
  contract: CeloStakingContract;
  functionName: string;
  args: readonly unknown[];
  description: string;
  /** Wei sent with the call (`lock`). */
  value?: bigint;
}

/** What an operation prepares: the flow's summary, its calls in order, and its intent. @internal */
export interface CeloPlan {
  summary: string;
  calls: readonly CeloCall[];
  intent: FlowIntent;
}

/**
 * A staking or governance operation: its fields besides `from` and `signal` (in the order they are checked),
 * how they are parsed (throwing `InvalidArgumentError`), and the plan made from them and the lens state (throwing
 * the operation's refusal). @internal
 */
export interface CeloOperation<Input, State> {
  keys: readonly string[];
  parse: (raw: Readonly<Record<string, unknown>>) => Input;
  plan: (from: Address, input: Input, state: State) => CeloPlan;
}

/** Runs `operation` on the state `read` returns (one HTTP request). @internal */
export async function prepareCeloOperation<Input, State extends { blockNumber: bigint }>(
  client: SdkBaseClient,
  parameters: object,
  operation: CeloOperation<Input, State>,
  read: (from: Address, input: Input, signal: AbortSignal | undefined) => Promise<State>,
): Promise<SerializedPreparedFlow> {
  const raw = rejectUnknownKeys(parameters, "parameters", ["from", ...operation.keys, "signal"]);
  const from = parseAddress(raw.from, "from");
  const input = operation.parse(raw);
  const state = await read(from, input, parseSignal(raw.signal));
  const { summary, calls, intent } = operation.plan(from, input, state);
  const steps = calls.map((call) =>
    buildCeloStep(call.contract, call.functionName, call.args, call.description, client.tag, call.value),
  );
  return celoFlow(from, summary, steps, intent, state.blockNumber);
}

/** Runs a staking operation planned from `from`'s account state (one `eth_call` to the lens). @internal */
export function prepareCeloAccountOperation<Input>(
  client: SdkBaseClient,
  parameters: object,
  operation: CeloOperation<Input, CeloAccountState>,
): Promise<SerializedPreparedFlow> {
  return prepareCeloOperation(client, parameters, operation, (from, _input, signal) =>
    readCeloAccountState(client, from, signal),
  );
}

/**
 * Runs a governance operation planned from the governance state with `from`'s part and the proposal
 * `proposalOf(input)` (one `eth_call` to the lens). @internal
 */
export function prepareCeloGovernanceOperation<Input>(
  client: SdkBaseClient,
  parameters: object,
  operation: CeloOperation<Input, CeloGovernanceState>,
  proposalOf: (input: Input) => bigint,
): Promise<SerializedPreparedFlow> {
  return prepareCeloOperation(client, parameters, operation, (from, input, signal) =>
    readCeloGovernance(client, from, proposalOf(input), signal),
  );
}
