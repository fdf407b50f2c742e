// simulatePreparedFlow's interpretation of the simulated block: each step's outcome (reverts decoded with the
// protocol of the step), the net balance changes from Transfer events and native value, the allowances the flow
// sets, and the fee. @internal
import { type Address, zeroAddress } from "viem";
import { formatAmount } from "../../amounts/formatAmount.js";
import { CHAIN_ID } from "../../chain.js";
import { findStepProtocol } from "../../flow/findStepProtocol.js";
import type { SerializedPreparedFlow } from "../../flow/types.js";
import type { SimBlock, SimCall, SimLog } from "../../rpc/simulateV1.js";
import { TOKENS } from "../../tokens/registry.js";
import { decodeRevertReason } from "./decodeRevertReason.js";
import { checksummed, type Layout, type Pair, same } from "./simulatePreparedFlowCalls.js";
import { describeStepLogs, type ProtocolReads } from "./simulatePreparedFlowDescriptions.js";
import {
  type FeePricing,
  feeModel,
  feeReadCount,
  type SimulationFeeModel,
} from "./simulatePreparedFlowFee.js";
import type {
  SimulatedAllowanceChange,
  SimulatedAmount,
  SimulatedBalanceChange,
  SimulatedStep,
  SimulatedStepRefusal,
  SimulatePreparedFlowReturnType,
} from "./simulatePreparedFlowTypes.js";

const CELO_ADDRESS = TOKENS.CELO.address;
/** Where `traceTransfers` puts native value moves (ERC-7528). */
const NATIVE_LOG_ADDRESS = "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee";
const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const APPROVAL_TOPIC = "0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925";
const MAX_UINT256 = 2n ** 256n - 1n;

export function interpret(input: {
  flow: SerializedPreparedFlow;
  account: Address;
  pairs: Pair[];
  layout: Layout;
  block: SimBlock;
  baseFee: bigint;
  stateBlock: bigint;
  pricing: FeePricing;
  tipQuote: bigint | undefined;
  reads: ProtocolReads;
  /** Apply the node's pre-debit rule: the account sends the steps itself and pays their fee. */
  accountPays: boolean;
}): SimulatePreparedFlowReturnType {
  const { flow, account, pairs, layout, block, baseFee, stateBlock, pricing, reads } = input;
  const fees = feeModel({
    pricing,
    reads: block.calls.slice(layout.firstAt, layout.firstAt + feeReadCount(pricing)),
    baseFee,
    tipQuote: input.tipQuote,
  });
  let debited = 0n;
  const steps: SimulatedStep[] = [];
  const deltas = new Map<string, { address: Address; token: Address; delta: bigint }>();
  const approvals = new Map<string, { pair: Pair; value: bigint }>();
  let failedStep: number | null = null;
  let lastRun = -1;
  const gasUsed: bigint[] = [];
  const readCalls = block.calls.slice(layout.lastAt);

  const add = (address: string, token: Address, amount: bigint) => {
    if (amount === 0n) return;
    const key = `${address.toLowerCase()}:${token.toLowerCase()}`;
    const entry = deltas.get(key) ?? { address: checksummed(address), token, delta: 0n };
    entry.delta += amount;
    deltas.set(key, entry);
  };
  const deltaOf = (token: Address) =>
    deltas.get(`${account.toLowerCase()}:${token.toLowerCase()}`)?.delta ?? 0n;
  const move = (from: string, to: string, token: Address, value: bigint) => {
    add(from, token, -value);
    add(to, token, value);
  };

  for (const [index, prepared] of flow.steps.entries()) {
    const base = { index, description: prepared.description, to: prepared.to };
    if (failedStep !== null) {
      steps.push({ ...base, status: "not-run", gasUsed: null, effects: [] });
      continue;
    }
    const call = block.calls[layout.stepAt[index]!]!;
    // The node debits the fee's maximum before the step runs, and refuses it when the balance cannot cover it.
    const refusal =
      input.accountPays && fees.balance !== undefined
        ? refusalOf(fees, call.gasUsed, BigInt(prepared.value), fees.balance + deltaOf(fees.token) - debited)
        : undefined;
    if (refusal) {
      failedStep = index;
      steps.push({ ...base, status: "refused", gasUsed: null, refusal, effects: [] });
      continue;
    }
    debited += fees.debitOf(call.gasUsed);
    gasUsed.push(call.gasUsed);
    lastRun = index;
    if (call.status === "reverted") {
      failedStep = index;
      steps.push({
        ...base,
        status: "reverted",
        gasUsed: call.gasUsed.toString(),
        revertReason: decodeRevertReason(call.returnData, { protocol: findStepProtocol(flow, index)?.id }),
        effects: [],
      });
      continue;
    }
    const effects = describeStepLogs({ flow, step: index, account, logs: call.logs, reads, readCalls });
    steps.push({ ...base, status: "success", gasUsed: call.gasUsed.toString(), effects });

    recordStepMoves({ call, value: BigInt(prepared.value), to: prepared.to, account, move, approvals });
  }

  // The fee: CELO's is not in the balance changes (as before); a fee currency's debit is, as the node takes it.
  const { fee, debit } = fees.price(gasUsed);
  if (debit) add(account, debit.token, -debit.amount);

  const balanceChanges = balanceChangesOf(deltas, account);
  const allowanceChanges = allowanceChangesOf({ pairs, block, layout, lastRun, approvals });

  return {
    success: failedStep === null,
    chainId: CHAIN_ID,
    account,
    blockNumber: stateBlock.toString(),
    failedStep,
    steps,
    balanceChanges,
    allowanceChanges,
    fee,
  };
}

/**
 * Records one successful step's moves: ERC-20 Transfer events, native value moves (traceTransfers) and the
 * Approval events the flow sets; CELO's native move and its ERC-20 event are one balance, counted once.
 */
function recordStepMoves(input: {
  call: SimCall;
  /** The step's own native value (moved even by a node that ignores traceTransfers). */
  value: bigint;
  to: string;
  account: Address;
  move: (from: string, to: string, token: Address, value: bigint) => void;
  approvals: Map<string, { pair: Pair; value: bigint }>;
}): void {
  const { call, value, to, account, move, approvals } = input;
  // Native moves (traceTransfers) and CELO's ERC-20 events are the same balance: pair them, count once.
  const native: { from: string; to: string; value: bigint; used: boolean }[] = [];
  const celo: { from: string; to: string; value: bigint }[] = [];
  for (const log of call.logs) {
    const transfer = readTransfer(log);
    if (transfer && log.address === NATIVE_LOG_ADDRESS) native.push({ ...transfer, used: false });
    else if (transfer && same(log.address, CELO_ADDRESS)) celo.push(transfer);
    else if (transfer) move(transfer.from, transfer.to, checksummed(log.address), transfer.value);
    const approval = readApproval(log);
    if (approval) {
      const pair: Pair = {
        token: checksummed(log.address),
        owner: checksummed(approval.owner),
        spender: checksummed(approval.spender),
      };
      approvals.set(pairKey(pair), { pair, value: approval.value });
    }
  }
  for (const transfer of celo) {
    const twin = native.find(
      (entry) =>
        !entry.used &&
        entry.value === transfer.value &&
        entry.from === transfer.from &&
        entry.to === transfer.to,
    );
    if (twin) twin.used = true;
  }
  for (const entry of native) if (!entry.used) move(entry.from, entry.to, CELO_ADDRESS, entry.value);
  for (const transfer of celo) move(transfer.from, transfer.to, CELO_ADDRESS, transfer.value);
  // A node that ignores traceTransfers still moved the step's own value.
  if (value > 0n && native.length === 0 && !call.logs.some((log) => log.address === NATIVE_LOG_ADDRESS)) {
    move(account, to, CELO_ADDRESS, value);
  }
}

/** The net balance changes, the account's first; the zero address (mints and burns) is not a balance. */
function balanceChangesOf(
  deltas: Map<string, { address: Address; token: Address; delta: bigint }>,
  account: Address,
): SimulatedBalanceChange[] {
  return (
    [...deltas.values()]
      // The zero address is where mints come from and burns go (an aToken minted on supply): not a balance.
      .filter((entry) => entry.delta !== 0n && entry.address !== zeroAddress)
      .sort((a, b) => Number(same(b.address, account)) - Number(same(a.address, account)))
      .map((entry): SimulatedBalanceChange => {
        const info = tokenInfo(entry.token);
        return {
          address: entry.address,
          token: info?.address ?? entry.token,
          symbol: info?.symbol ?? null,
          decimals: info?.decimals ?? null,
          delta: entry.delta.toString(),
          formatted: info ? signedAmount(entry.delta, info.decimals) : null,
        };
      })
  );
}

/**
 * The allowances the flow changes: each pair read before the flow and after its last step that ran, then the
 * Approval events of pairs not read (no `before`).
 */
function allowanceChangesOf(input: {
  pairs: Pair[];
  block: SimBlock;
  layout: Layout;
  lastRun: number;
  approvals: Map<string, { pair: Pair; value: bigint }>;
}): SimulatedAllowanceChange[] {
  const { pairs, block, layout, lastRun, approvals } = input;
  const allowanceChanges: SimulatedAllowanceChange[] = [];
  for (const pair of pairs) {
    const before = readUint(block.calls[layout.readsBefore + pairs.indexOf(pair)]);
    const afterIndex = lastRun < 0 ? layout.readsBefore : layout.readsAfter[lastRun]!;
    const after = readUint(block.calls[afterIndex + pairs.indexOf(pair)]);
    approvals.delete(pairKey(pair));
    if (after === undefined) continue; // not an ERC-20 allowance there
    allowanceChanges.push({
      ...describePair(pair),
      before: before === undefined ? null : amountOf(before, pair.token),
      after: amountOf(after, pair.token),
    });
  }
  for (const { pair, value } of approvals.values()) {
    allowanceChanges.push({ ...describePair(pair), before: null, after: amountOf(value, pair.token) });
  }
  return allowanceChanges;
}

/** The refusal of a step whose fee's pre-debit `have` cannot cover; `undefined` when it can. */
function refusalOf(
  fees: SimulationFeeModel,
  gasUsed: bigint,
  value: bigint,
  have: bigint,
): SimulatedStepRefusal | undefined {
  const need = fees.preDebitOf(gasUsed, value);
  if (have >= need) return undefined;
  const amount = (units: bigint) => ({
    value: units.toString(),
    formatted: fees.decimals === null ? null : formatAmount(units, fees.decimals),
  });
  const shown = (units: bigint) =>
    `${fees.decimals === null ? units.toString() : formatAmount(units, fees.decimals)} ${fees.currency}`;
  return {
    reason: "insufficient-fee-balance",
    currency: fees.currency,
    token: fees.token,
    have: amount(have < 0n ? 0n : have),
    need: amount(need),
    message: `the account holds ${shown(have < 0n ? 0n : have)} of the ${shown(need)} the node debits before this step runs (at least the fee's maximum${value > 0n && fees.currency === "CELO" ? ", with the CELO it sends" : ""}): the node would refuse it`,
  };
}

function readTransfer(log: SimLog): { from: string; to: string; value: bigint } | undefined {
  // ERC-20 Transfer: 3 topics and a 32-byte value (ERC-721's has 4 topics: not a balance of this kind).
  if (log.topics.length !== 3 || log.topics[0] !== TRANSFER_TOPIC || log.data.length !== 66) return undefined;
  return { from: topicAddress(log.topics[1]!), to: topicAddress(log.topics[2]!), value: BigInt(log.data) };
}

function readApproval(log: SimLog): { owner: string; spender: string; value: bigint } | undefined {
  if (log.topics.length !== 3 || log.topics[0] !== APPROVAL_TOPIC || log.data.length !== 66) return undefined;
  return {
    owner: topicAddress(log.topics[1]!),
    spender: topicAddress(log.topics[2]!),
    value: BigInt(log.data),
  };
}

function readUint(call: SimCall | undefined): bigint | undefined {
  if (call?.status !== "success" || call.returnData.length !== 66) return undefined;
  return BigInt(call.returnData);
}

function topicAddress(topic: string): string {
  return `0x${topic.slice(26)}`;
}

function pairKey(pair: Pair): string {
  return `${pair.token}:${pair.owner}:${pair.spender}`.toLowerCase();
}

function describePair(pair: Pair) {
  const info = tokenInfo(pair.token);
  return {
    token: info?.address ?? pair.token,
    symbol: info?.symbol ?? null,
    owner: pair.owner,
    spender: pair.spender,
  };
}

function amountOf(value: bigint, token: Address): SimulatedAmount {
  const info = tokenInfo(token);
  return {
    value: value.toString(),
    formatted: value === MAX_UINT256 ? "unlimited" : info ? formatAmount(value, info.decimals) : null,
  };
}

function signedAmount(value: bigint, decimals: number): string {
  return value < 0n ? `-${formatAmount(-value, decimals)}` : formatAmount(value, decimals);
}

const BY_ADDRESS = new Map(Object.values(TOKENS).map((info) => [info.address.toLowerCase(), info]));
function tokenInfo(address: string) {
  return BY_ADDRESS.get(address.toLowerCase());
}
