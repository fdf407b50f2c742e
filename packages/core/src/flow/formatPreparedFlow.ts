import { rejectUnknownKeys } from "@preflow/errors";
import type { Address } from "viem";
import type { SimulatePreparedFlowReturnType } from "../actions/transaction/simulatePreparedFlow.js";
import { formatAmount } from "../amounts/formatAmount.js";
import { InvalidArgumentError } from "../errors/argument.js";
import { describeApproval } from "../protocols/erc20/intents.js";
import { PROTOCOLS } from "../protocols/registry.js";
import { TOKENS, type TokenInfo } from "../tokens/registry.js";
import { decodeKnownCall } from "./findFlowMismatches.js";
import { isPreparedFlowExpired } from "./flowClock.js";
import { describeFlowFee, describeSimulatedFee, grouped, SPONSORED_FEE_LINE } from "./formatFee.js";
import { INTENT_KIND_DEFINITIONS } from "./intentKinds.js";
import { parsePreparedFlow } from "./parsePreparedFlow.js";
import type { FlowIntent, JsonValue, PreparedStep, SerializedPreparedFlow } from "./types.js";

const MAX_UINT256 = 2n ** 256n - 1n;
const BY_ADDRESS = new Map<string, TokenInfo>(
  Object.values(TOKENS).map((info) => [info.address.toLowerCase(), info]),
);
let knownContracts: Map<string, string> | undefined;
/** The labels of the registered protocols' contracts, by address (lower-case), built on first use. */
function knownContractsOf(): Map<string, string> {
  knownContracts ??= new Map(
    PROTOCOLS.flatMap((protocol) =>
      (protocol.contracts ?? []).map((contract) => [contract.address.toLowerCase(), contract.label] as const),
    ),
  );
  return knownContracts;
}

/**
 * Options of {@link formatPreparedFlow}.
 *
 * @example
 * ```ts
 * import type { FormatPreparedFlowOptions } from "@preflow/core";
 * const options: FormatPreparedFlowOptions = { sponsored: true };
 * ```
 */
export interface FormatPreparedFlowOptions {
  /**
   * The flow's gas is paid by a sponsor (a paymaster, as `preflow/aa` submits it): the fee line says "Fee:
   * sponsored" instead of an amount the account would not pay. Default `false`.
   */
  sponsored?: boolean | undefined;
}

/**
 * Renders a prepared flow as a readable multi-line preview for terminals, logs and agents: what it is for (from
 * `intent`: "You send 100 USDC, you receive at least 99.4 USDm"), each step (from its decoded `call`: "Approve
 * Uniswap SwapRouter02 (0x…) to spend exactly 100 USDC"; the `description` for flows without `call`), and, with a
 * simulation from `simulatePreparedFlow`, each step's outcome, the balance and allowance changes and the fee.
 * Addresses are printed in full (never shortened: a shortened address is what address-poisoning relies on). Plain
 * text, no colours. Pure: no I/O. A flow paying gas in a fee currency (CIP-64, `flow.fee`) gets a fee line in that
 * currency: "Fee ≈ 0.0021 USDC (estimated; at most 0.0042 USDC), gas paid in USDC through fee currency 0x2F25…",
 * and with a simulation the simulated fee ("Fee ≈ 0.001418 USDC (simulated: …; at most 0.0042 USDC)"); a flow
 * paying in CELO keeps the CELO wording ("Fee: 106,000 gas ≈ 0.00265 CELO at base fee 25 gwei"), and a flow a
 * gas sponsor pays (`{ sponsored: true }`) says "Fee: sponsored", with no amount. A simulated
 * step's `effects` (what it did in a protocol: "locks 50 CELO") are printed under it. The flow is checked with `parsePreparedFlow` first, so a step's `call` and the
 * flow's `intent` are what its calldata does wherever preflow can read the calldata back (ERC-20, Uniswap
 * SwapRouter02, the Mento Router, the Aave v3 Pool); a step without `call` whose calldata it can read is described
 * from the calldata, not from its free-text `description`.
 *
 * @param input - A prepared flow (from `prepare*`, or from outside: it is validated here).
 * @param simulation - Optional: the flow's simulation.
 * @param options - Optional: {@link FormatPreparedFlowOptions} (`sponsored`).
 * @returns The preview, lines separated by `\n`, no trailing newline.
 * @throws {InvalidPreparedFlowError} `input` is not a valid prepared flow, or its `call`/`intent` do not match
 *   its calldata. {InvalidArgumentError} `options` has an unknown key or `sponsored` is not a boolean.
 *
 * @example
 * ```ts
 * import { formatPreparedFlow } from "@preflow/core";
 *
 * const flow = await client.transaction.prepareContractCall(from, { to: vault, abi, functionName: "deposit", args, approvals });
 * const simulation = await client.transaction.simulatePreparedFlow(flow);
 * console.log(formatPreparedFlow(flow, simulation));
 * // Deposit via 0x… (2 steps, chain 42220)
 * // From 0x…, prepared at block 118
 * // You call deposit on 0x0000…
 * // Steps:
 * //   1. Approve 0x… to spend exactly 7 USDm
 * //   2. Call 0x….deposit(USDm, 7)
 * // Simulated on block 118: every step succeeds
 * // ...
 * ```
 */
export function formatPreparedFlow(
  input: SerializedPreparedFlow,
  simulation?: SimulatePreparedFlowReturnType,
  options?: FormatPreparedFlowOptions,
): string {
  const { sponsored = false } =
    options === undefined ? {} : rejectUnknownKeys(options, "options", ["sponsored"] as const);
  if (typeof sponsored !== "boolean")
    throw new InvalidArgumentError({
      field: "options.sponsored",
      value: sponsored,
      rule: "must be a boolean",
    });
  // Checked first: a typed error for anything that is not a flow, and none whose `call` or `intent` says something
  // its calldata does not do (the preview prints them).
  const flow = parsePreparedFlow(input);
  const labels = new Map<string, string>(knownContractsOf());
  for (const step of flow.steps) {
    const label = step.call?.contract;
    if (label && !/^0x[0-9a-fA-F]{40}$/.test(label) && !BY_ADDRESS.has(step.to.toLowerCase())) {
      labels.set(step.to.toLowerCase(), label);
    }
  }
  const name = (address: string) => {
    const label = labels.get(address.toLowerCase()) ?? BY_ADDRESS.get(address.toLowerCase())?.symbol;
    return label ? `${label} (${address})` : address;
  };
  const lines: string[] = [];
  const count = flow.steps.length;
  lines.push(`${flow.summary} (${count} step${count === 1 ? "" : "s"}, chain ${flow.chainId})`);
  const meta = [`From ${flow.from}`];
  if (flow.preparedAt) meta.push(`prepared at block ${flow.preparedAt.blockNumber}`);
  if (flow.expiresAt) {
    meta.push(
      isPreparedFlowExpired(flow)
        ? `EXPIRED at ${unixTime(flow.expiresAt)}: prepare it again (signing it only pays for a revert)`
        : `expires ${unixTime(flow.expiresAt)}`,
    );
  }
  lines.push(meta.join(", "));
  if (flow.intent) lines.push(describeIntent(flow.intent, name, flow.from));
  lines.push("Steps:");
  flow.steps.forEach((step, index) => {
    lines.push(`  ${index + 1}. ${describeStep(step, name)}`);
  });
  if (!simulation) {
    if (sponsored) lines.push(SPONSORED_FEE_LINE);
    else if (flow.fee) lines.push(describeFlowFee(flow.fee));
    lines.push(
      "Not simulated: simulatePreparedFlow shows the balance changes, reverts and fee before signing.",
    );
    return lines.join("\n");
  }
  lines.push(...describeSimulation(simulation, flow, name, sponsored));
  return lines.join("\n");
}

type Namer = (address: string) => string;

function describeIntent(intent: FlowIntent, name: Namer, from: Address): string {
  const definition = INTENT_KIND_DEFINITIONS.get(intent.kind);
  if (definition === undefined) return `Intent: ${JSON.stringify(intent)}`;
  return definition.describe(intent, {
    from,
    name,
    amount,
    symbol: symbolOf,
    isMax,
    time: unixTime,
    protocols: PROTOCOLS,
  });
}

function describeStep(step: PreparedStep, name: Namer): string {
  const call = step.call ?? decodeKnownCall(step.data);
  const value = BigInt(/^\d+$/.test(step.value) ? step.value : "0");
  const sending = value > 0n ? `, sending ${formatAmount(value, 18)} CELO` : "";
  if (!call) return `${step.description}${sending}`;
  const [first, second] = call.args;
  if (call.functionName === "approve" && typeof first === "string" && isUint(second)) {
    return `${describeApproval(first, second, step.to, { name, amount, symbol: symbolOf })}${sending}`;
  }
  if (call.functionName === "transfer" && typeof first === "string" && isUint(second)) {
    return `Transfer ${amount(second, step.to)} to ${first}${sending}`;
  }
  if (step.kind === "native" && call.args.length === 0 && step.data === "0x") {
    return `Send ${formatAmount(value, 18)} CELO to ${step.to}`;
  }
  const args = call.args.map((arg) => shortArg(arg)).join(", ");
  return `Call ${name(step.to)}: ${call.functionName}(${args})${sending}`;
}

function describeSimulation(
  simulation: SimulatePreparedFlowReturnType,
  flow: SerializedPreparedFlow,
  name: Namer,
  sponsored: boolean,
): string[] {
  const lines: string[] = [];
  const as = simulation.account.toLowerCase() === flow.from.toLowerCase() ? "" : ` as ${simulation.account}`;
  const failed = simulation.failedStep === null ? undefined : simulation.steps[simulation.failedStep];
  lines.push(
    `Simulated on block ${simulation.blockNumber}${as}: ${
      failed?.refusal
        ? `step ${failed.index + 1} IS REFUSED: ${failed.refusal.message}`
        : failed
          ? `step ${failed.index + 1} REVERTS: ${failed.revertReason?.message ?? "no reason"}`
          : `every step succeeds`
    }`,
  );
  for (const step of simulation.steps) {
    const gas = step.gasUsed === null ? "" : `, gas ${grouped(step.gasUsed)}`;
    const why = step.revertReason
      ? `: ${step.revertReason.message}`
      : step.refusal
        ? `: ${step.refusal.reason}`
        : "";
    lines.push(`  ${step.index + 1}. ${step.status}${gas}${why}`);
    // what the step did in a protocol's words (a simulation from an older preflow has no `effects`)
    for (const effect of Array.isArray(step.effects) ? step.effects : []) lines.push(`     ${effect}`);
  }
  const you = simulation.account.toLowerCase();
  const who = (address: string) => (address.toLowerCase() === you ? `you (${address})` : name(address));
  lines.push(simulation.balanceChanges.length === 0 ? "Balance changes: none" : "Balance changes:");
  for (const change of simulation.balanceChanges) {
    const shown =
      change.formatted === null
        ? `${change.delta.startsWith("-") ? "" : "+"}${change.delta} base units of ${change.token}`
        : `${change.formatted.startsWith("-") ? "" : "+"}${change.formatted} ${change.symbol ?? change.token}`;
    lines.push(`  ${who(change.address)}: ${shown}`);
  }
  if (simulation.allowanceChanges.length > 0) lines.push("Allowances:");
  for (const change of simulation.allowanceChanges) {
    const show = (value: { value: string; formatted: string | null } | null) =>
      value === null ? "?" : (value.formatted ?? `${value.value} base units`);
    const symbol = change.symbol ?? change.token;
    const left =
      change.after.value === "0"
        ? " (nothing left to spend)"
        : isMax(change.after.value)
          ? " (UNLIMITED)"
          : "";
    lines.push(
      `  ${symbol}: ${who(change.owner)} → ${name(change.spender)}: ${show(change.before)} → ${show(change.after)}${left}`,
    );
  }
  lines.push(sponsored ? SPONSORED_FEE_LINE : describeSimulatedFee(simulation.fee, flow.fee));
  return lines;
}

function amount(value: string, token: string): string {
  const info = BY_ADDRESS.get(token.toLowerCase());
  if (!isUint(value)) return `${value} of ${token}`;
  if (!info) return `${value} base units of ${token}`;
  return `${formatAmount(BigInt(value), info.decimals)} ${info.symbol}`;
}

function symbolOf(token: string): string {
  return BY_ADDRESS.get(token.toLowerCase())?.symbol ?? token;
}

function isUint(value: JsonValue | undefined): value is string {
  return typeof value === "string" && /^(?:0|[1-9]\d{0,77})$/.test(value);
}

function isMax(value: string): boolean {
  return isUint(value) && BigInt(value) === MAX_UINT256;
}

/** An argument for a preview: addresses in full (a registry token by its symbol), long other strings cut. */
function shortArg(arg: JsonValue, depth = 0): string {
  if (typeof arg === "string") {
    if (/^0x[0-9a-fA-F]{40}$/.test(arg)) return BY_ADDRESS.get(arg.toLowerCase())?.symbol ?? arg;
    if (isMax(arg)) return "max (2^256 - 1)";
    return arg.length > 80 ? `${arg.slice(0, 77)}...` : arg;
  }
  if (arg === null || typeof arg !== "object") return String(arg);
  if (depth > 3) return "...";
  if (Array.isArray(arg)) return `[${arg.map((entry) => shortArg(entry, depth + 1)).join(", ")}]`;
  return `{ ${Object.entries(arg)
    .map(([key, entry]) => `${key}: ${shortArg(entry, depth + 1)}`)
    .join(", ")} }`;
}

function unixTime(seconds: string): string {
  if (!/^\d{1,12}$/.test(seconds)) return `${seconds} (unix seconds)`;
  return `${new Date(Number(seconds) * 1000).toISOString().replace(".000Z", "Z")} (unix ${seconds})`;
}
