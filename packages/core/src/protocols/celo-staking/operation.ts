// The one way a staking or governance `prepare*` action runs: refuse unknown keys, parse `from`, the operation's
// own fields and `feeCurrency` (all before any request), read the lens once, plan the calls, and build the tagged
// flow. Paying gas in a fee currency (or `"auto"`) costs no second request: the calldata (sorted-list neighbours,
// indices, relocks) depends on the lens's state, so the fee plan riding in the lens's request simulates the calls
// the on-chain planner (`CeloStakingPlanner`) computes from the same state (fees/plannedSteps.ts).
// Each action in ./actions/ is its types, its TSDoc and its `CeloOperation` (what it parses, reads and plans).
import { rejectUnknownKeys } from "@preflow/errors";
import { type Address, concat, encodeAbiParameters, type Hex } from "viem";
import type { SdkBaseClient } from "../../clients/types.js";
import {
  type FeeCurrencyOption,
  type FeeErrorType,
  planFlowFee,
  readWithFeePlan,
  settleFlowFee,
} from "../../fees/flowFee.js";
import { plannedFeeSketch, StepsNotPlannedError } from "../../fees/plannedSteps.js";
import type { FlowIntent, SerializedPreparedFlow } from "../../flow/types.js";
import type { ActionOptions } from "../../rpc/createRpc.js";
import type { ReadResult } from "../../rpc/readBatch.js";
import { TOKENS } from "../../tokens/registry.js";
import { parseAddress } from "../../validation/parseAddress.js";
import { parseSignal } from "../../validation/parseSignal.js";
import {
  type CeloGovernanceRefusal,
  CeloGovernanceRefusedError,
  type CeloRefusalParameters,
  type CeloStakingReadErrorType,
  type CeloStakingRefusal,
  CeloStakingRefusedError,
} from "./errors.js";
import { celoStakingPlannerBytecode } from "./lens.generated.js";
import {
  type CeloAccountState,
  type CeloGovernanceState,
  type LensRider,
  readCeloAccountState,
  readCeloGovernance,
} from "./lens.js";
import { buildCeloStep, type CeloStakingContract, celoFlow } from "./steps.js";

/**
 * The fields every staking and governance `prepare*` action takes besides its own (its `XParameters` extend
 * this). Unknown keys are refused. With `feeCurrency` (or the client's default) naming a fee currency, every step
 * carries `feeCurrency` and the flow `fee`, in the same one HTTP request; the CELO a step sends (`lock`) is CELO,
 * not the fee token. An aborted `signal` prepares nothing.
 *
 * @example
 * ```ts
 * import type { CeloActionParameters } from "@preflow/core";
 * const parameters: CeloActionParameters = { from: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" };
 * ```
 */
export interface CeloActionParameters extends FeeCurrencyOption, ActionOptions {
  /** The account that acts and signs (the locker, voter, delegator, ...). */
  from: string;
}

/**
 * The parameters of the staking actions that move votes for one validator group (`prepareStakingVote`,
 * `prepareStakingRevoke`; their `XParameters` extend this and say what `amount` is for each).
 *
 * @example
 * ```ts
 * import type { CeloGroupVotesParameters } from "@preflow/core";
 * const parameters: CeloGroupVotesParameters = { from, group: "0x16dB91F12CB0009D5AfeeB62665c5fC869c83f0F", amount: "30" };
 * ```
 */
export interface CeloGroupVotesParameters extends CeloActionParameters {
  /** The validator group's address. */
  group: string;
  /** The votes, CELO as a human decimal string (`"30"`). */
  amount: string;
}

/**
 * The errors every staking `prepare*` action throws (each action's `XErrorType` is this union): the lens read's
 * errors (bad input, RPC), its refusal (`CeloStakingRefusedError`) and, with `feeCurrency`, the fee's errors.
 *
 * @example
 * ```ts
 * import type { CeloStakingActionErrorType } from "@preflow/core";
 * const refused = (error: CeloStakingActionErrorType) => error.name === "CeloStakingRefusedError";
 * ```
 */
export type CeloStakingActionErrorType = CeloStakingReadErrorType | CeloStakingRefusedError | FeeErrorType;

/**
 * The errors every governance `prepare*` action throws (each action's `XErrorType` is this union): the lens read's
 * errors (bad input, RPC), its refusal (`CeloGovernanceRefusedError`) and, with `feeCurrency`, the fee's errors.
 *
 * @example
 * ```ts
 * import type { CeloGovernanceActionErrorType } from "@preflow/core";
 * const refused = (error: CeloGovernanceActionErrorType) => error.name === "CeloGovernanceRefusedError";
 * ```
 */
export type CeloGovernanceActionErrorType =
  | CeloStakingReadErrorType
  | CeloGovernanceRefusedError
  | FeeErrorType;

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

/** One call of a plan, in the order {@link CeloCall} lists its fields. @internal */
export function celoCall(
  contract: CeloStakingContract,
  functionName: string,
  args: readonly unknown[],
  description: string,
  value?: bigint,
): CeloCall {
  return value === undefined
    ? { contract, functionName, args, description }
    : { contract, functionName, args, description, value };
}

/** Builds an operation's refusal (`throw refuse(reason, message, details)`). @internal */
export type CeloRefuse<Reason> = (
  reason: Reason,
  message: string,
  details?: Record<string, string | number | boolean>,
) => Error;

/**
 * A staking or governance operation: its fields besides `from` and `signal` (in the order they are checked),
 * how they are parsed (throwing `InvalidArgumentError`), and the plan made from them and the lens state (throwing
 * the operation's refusal, built by `refuse`). @internal
 */
export interface CeloOperation<Input, State, Reason = never> {
  keys: readonly string[];
  parse: (raw: Readonly<Record<string, unknown>>) => Input;
  // A method, so that an operation of any Input fits the factories' `CeloStakingOperation<unknown>`.
  plan(from: Address, input: Input, state: State, refuse: CeloRefuse<Reason>): CeloPlan;
  /** What the on-chain planner (`CeloStakingPlanner`) is given to plan the same calls. */
  onChain(input: Input): CeloPlannerInput;
}

/**
 * The on-chain planner's operation number and ABI-encoded input (see `CeloStakingPlanner`'s constructor).
 * @internal
 */
export interface CeloPlannerInput {
  op: number;
  params: Hex;
}

/** A row of the staking table: an operation on the account state; `name` is what its refusals say. @internal */
export interface CeloStakingOperation<Input>
  extends CeloOperation<Input, CeloAccountState, CeloStakingRefusal> {
  name: string;
}

/** A row of the governance table: also the proposal whose state it reads. @internal */
export interface CeloGovernanceOperation<Input>
  extends CeloOperation<Input, CeloGovernanceState, CeloGovernanceRefusal> {
  name: string;
  proposalOf(input: Input): bigint;
}

/** How an operation reads its state: the lens, with `rider`'s reads and calls in the same request. @internal */
export type CeloStateRead<Input, State> = (
  from: Address,
  input: Input,
  signal: AbortSignal | undefined,
  rider: LensRider | undefined,
) => Promise<State>;

/**
 * Runs `operation` on the state `read` returns, in ONE HTTP request for every fee currency: when gas is paid in a
 * fee currency (or `"auto"`), the fee plan rides in the lens's request and simulates the calls the on-chain
 * planner (CeloStakingLens.sol's `CeloStakingPlanner`) computes from the same state; the flow's steps must be
 * exactly those calls, and only when they are not (a planner that disagrees with the TypeScript plan: a defect)
 * is the fee of the real steps read in a second request. @internal
 */
export async function prepareCeloOperation<Input, State extends { blockNumber: bigint }, Reason = never>(
  client: SdkBaseClient,
  parameters: object,
  operation: CeloOperation<Input, State, Reason>,
  read: CeloStateRead<Input, State>,
  refuse: CeloRefuse<Reason> = () => new Error("unreachable: this operation has no refusal"),
): Promise<SerializedPreparedFlow> {
  const raw = rejectUnknownKeys(parameters, "parameters", [
    "from",
    ...operation.keys,
    "feeCurrency",
    "signal",
  ]);
  const from = parseAddress(raw.from, "from");
  const input = operation.parse(raw);
  const signal = parseSignal(raw.signal);
  // a bad feeCurrency is refused here, before the read
  const planned = plannedFeeSketch(from, plannerInitCode(from, operation.onChain(input)));
  const plan = await planFlowFee(client, raw.feeCurrency, { from, alternatives: [planned] });
  let answered: { reads: ReadResult[]; calls: unknown[] } = { reads: [], calls: [] };
  const rider: LensRider | undefined = plan && {
    reads: plan.reads,
    calls: plan.calls,
    answer: (reads, calls) => {
      answered = { reads, calls };
    },
  };
  const state = await read(from, input, signal, rider);
  const { summary, calls, intent } = operation.plan(from, input, state, refuse);
  const steps = calls.map((call) =>
    buildCeloStep(call.contract, call.functionName, call.args, call.description, client.tag, call.value),
  );
  const flow = celoFlow(from, summary, steps, intent, state.blockNumber);
  if (!plan) return flow;
  // what the steps send is CELO (`lock`): it counts against the CELO balance, never the fee token's
  const sent = calls.reduce((sum, call) => sum + (call.value ?? 0n), 0n);
  const spend = sent > 0n ? [{ token: TOKENS.CELO, amount: sent }] : [];
  try {
    return settleFlowFee(plan, flow, answered.reads, answered.calls, { spend });
  } catch (error) {
    if (!(error instanceof StepsNotPlannedError)) throw error;
  }
  const real = await planFlowFee(client, raw.feeCurrency, { from, alternatives: [flow.steps] });
  const { fee } = await readWithFeePlan(client, { reads: [], plan: real, signal });
  return settleFlowFee(real, flow, fee.reads, fee.calls, { spend });
}

/** A planner input: operation `op` and its input `values` of `types`, ABI-encoded. @internal */
export function plannerInput(
  op: number,
  types: readonly string[],
  values: readonly unknown[],
): CeloPlannerInput {
  return {
    op,
    params:
      types.length === 0
        ? "0x"
        : encodeAbiParameters(
            types.map((type) => ({ type })),
            values as never,
          ),
  };
}

/** The planner's creation code with its arguments: the operation, the account, the operation's input. */
function plannerInitCode(from: Address, onChain: CeloPlannerInput): Hex {
  return concat([
    celoStakingPlannerBytecode,
    encodeAbiParameters(
      [{ type: "uint256" }, { type: "address" }, { type: "bytes" }],
      [BigInt(onChain.op), from, onChain.params],
    ),
  ]);
}

/**
 * The action that runs `operation` on `from`'s account state (one `eth_call` to the lens); `refuse` builds its
 * refusals (an operation without one throws its own). @internal
 */
export function celoAccountAction<Parameters extends object, Reason = never>(
  operation: CeloOperation<unknown, CeloAccountState, Reason>,
  refuse?: CeloRefuse<Reason>,
): (client: SdkBaseClient, parameters: Parameters) => Promise<SerializedPreparedFlow> {
  return (client, parameters) =>
    prepareCeloOperation(
      client,
      parameters,
      operation,
      (from, _input, signal, rider) => readCeloAccountState(client, from, signal, rider),
      refuse,
    );
}

/** A refusal class of this protocol (`CeloStakingRefusedError`, `CeloGovernanceRefusedError`). */
type CeloRefusedErrorClass<Reason extends string> = new (parameters: CeloRefusalParameters<Reason>) => Error;

/** The `refuse` an operation's plan gets: its class, its name. */
function refuseWith<Reason extends string>(
  Refused: CeloRefusedErrorClass<Reason>,
  operation: string,
): CeloRefuse<Reason> {
  return (reason, message, details) =>
    new Refused({ operation, reason, message, ...(details ? { details } : {}) });
}

/** The staking action that runs `operation` on `from`'s account state. @internal */
export function celoStakingAction<Parameters extends object>(
  operation: CeloStakingOperation<unknown>,
): (client: SdkBaseClient, parameters: Parameters) => Promise<SerializedPreparedFlow> {
  return celoAccountAction<Parameters, CeloStakingRefusal>(
    operation,
    refuseWith(CeloStakingRefusedError, operation.name),
  );
}

/**
 * The governance action that runs `operation` on the governance state with `from`'s part and the proposal
 * `operation.proposalOf(input)`. @internal
 */
export function celoGovernanceAction<Parameters extends object>(
  operation: CeloGovernanceOperation<unknown>,
): (client: SdkBaseClient, parameters: Parameters) => Promise<SerializedPreparedFlow> {
  const refuse = refuseWith(CeloGovernanceRefusedError, operation.name);
  const read = (
    client: SdkBaseClient,
    from: Address,
    input: unknown,
    signal: AbortSignal | undefined,
    rider: LensRider | undefined,
  ) => readCeloGovernance(client, from, operation.proposalOf(input), signal, rider);
  return (client, parameters) =>
    prepareCeloOperation(client, parameters, operation, (...args) => read(client, ...args), refuse);
}
