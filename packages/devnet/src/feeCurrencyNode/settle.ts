// Settles one signed CIP-64 transaction on anvil as Celo's node executes it: validate, debit the maximum fee in
// the fee currency, run the call as the sender, credit the refund, the tip and the base fee. The differences from
// op-geth are listed at the top of ./index.ts.
import { type Address, encodeFunctionData, type Hex, hexToBytes, toHex, zeroAddress } from "viem";
import { type Cip64Transaction, decodeCip64 } from "./decodeCip64.js";
import { adaptedUnit, celoToCurrency, type FeeCurrencyInfo, readFeeCurrency } from "./directory.js";
import type { Cip64Ledger, RpcLog, SettledCip64 } from "./ledger.js";
import { RpcError, refuse, type Upstream } from "./upstream.js";

/** What the settlement needs to know of the node. */
export interface SettlementContext {
  readonly upstream: Upstream;
  readonly chainId: number;
  readonly directory: Address;
  /** Receives the tip (the block's coinbase on Celo: the sequencer fee vault). */
  readonly tipRecipient: Address;
  /** Receives the base fee (Celo's FeeHandler). */
  readonly baseFeeRecipient: Address;
  readonly ledger: Cip64Ledger;
  /** Bound on each wait for a receipt. */
  readonly receiptTimeoutMs: number;
}

const feeCurrencyAbi = [
  {
    type: "function",
    name: "debitGasFees",
    stateMutability: "nonpayable",
    inputs: [
      { name: "from", type: "address" },
      { name: "value", type: "uint256" },
    ],
    outputs: [],
  },
  {
    type: "function",
    name: "creditGasFees",
    stateMutability: "nonpayable",
    inputs: [
      { name: "refundRecipient", type: "address" },
      { name: "tipRecipient", type: "address" },
      { name: "gatewayFeeRecipient", type: "address" },
      { name: "baseFeeRecipient", type: "address" },
      { name: "refund", type: "uint256" },
      { name: "tip", type: "uint256" },
      { name: "gatewayFee", type: "uint256" },
      { name: "baseFee", type: "uint256" },
    ],
    outputs: [],
  },
  {
    type: "function",
    name: "balanceOf",
    stateMutability: "view",
    inputs: [{ name: "account", type: "address" }],
    outputs: [{ type: "uint256" }],
  },
] as const;

/** Gas given to each `debitGasFees` / `creditGasFees` call from address(0). */
const SYSTEM_CALL_GAS = 1_000_000n;

interface Receipt {
  status: Hex;
  gasUsed: Hex;
  effectiveGasPrice: Hex;
  blockNumber: Hex;
  logs: RpcLog[];
}

/** Ethereum's intrinsic gas of the call (EIP-2028 calldata, EIP-2930 access list, EIP-3860 initcode). */
export function ethereumIntrinsicGas(tx: Pick<Cip64Transaction, "to" | "data" | "accessList">): bigint {
  const data = hexToBytes(tx.data);
  let gas = tx.to === null ? 53_000n : 21_000n;
  for (const byte of data) gas += byte === 0 ? 4n : 16n;
  if (tx.to === null) gas += 2n * BigInt(Math.ceil(data.length / 32));
  for (const entry of tx.accessList) gas += 2_400n + 1_900n * BigInt(entry.storageKeys.length);
  return gas;
}

async function waitForReceipt(ctx: SettlementContext, hash: Hex, what: string): Promise<Receipt> {
  const deadline = Date.now() + ctx.receiptTimeoutMs;
  while (Date.now() < deadline) {
    const receipt = await ctx.upstream<Receipt | null>("eth_getTransactionReceipt", [hash]);
    if (receipt) return receipt;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new RpcError({ code: -32000, message: `devnet fee-currency node: ${what} ${hash} was not mined` });
}

/** Runs a call from address(0) (the VM), as Celo's node calls a fee currency; its CELO gas is lent and taken back. */
async function systemCall(ctx: SettlementContext, to: Address, data: Hex, what: string) {
  const { upstream } = ctx;
  const block = await upstream<{ baseFeePerGas: Hex }>("eth_getBlockByNumber", ["pending", false]);
  const maxFeePerGas = BigInt(block.baseFeePerGas) * 2n + 1n;
  const before = BigInt(await upstream<Hex>("eth_getBalance", [zeroAddress, "latest"]));
  await upstream("anvil_setBalance", [zeroAddress, toHex(before + SYSTEM_CALL_GAS * maxFeePerGas)]);
  await upstream("anvil_impersonateAccount", [zeroAddress]);
  let hash: Hex;
  try {
    hash = await upstream<Hex>("eth_sendTransaction", [
      {
        from: zeroAddress,
        to,
        data,
        gas: toHex(SYSTEM_CALL_GAS),
        maxFeePerGas: toHex(maxFeePerGas),
        maxPriorityFeePerGas: "0x0",
      },
    ]);
  } finally {
    await upstream("anvil_stopImpersonatingAccount", [zeroAddress]);
  }
  try {
    const receipt = await waitForReceipt(ctx, hash, what);
    return { hash, receipt };
  } finally {
    await upstream("anvil_setBalance", [zeroAddress, toHex(before)]);
  }
}

async function checkTransaction(ctx: SettlementContext, tx: Cip64Transaction) {
  const { upstream } = ctx;
  if (tx.chainId !== ctx.chainId)
    refuse(`invalid chain id for signer: have ${tx.chainId} want ${ctx.chainId}`);
  const currency = await readFeeCurrency(upstream, ctx.directory, tx.feeCurrency, "latest");
  const next = Number(await upstream<Hex>("eth_getTransactionCount", [tx.from, "pending"]));
  if (tx.nonce < next) refuse(`nonce too low: address ${tx.from}, tx: ${tx.nonce} state: ${next}`);
  if (tx.nonce > next) refuse(`nonce too high: address ${tx.from}, tx: ${tx.nonce} state: ${next}`);
  if (tx.maxPriorityFeePerGas > tx.maxFeePerGas)
    refuse(
      `max priority fee per gas higher than max fee per gas: address ${tx.from}, maxPriorityFeePerGas: ${tx.maxPriorityFeePerGas}, maxFeePerGas: ${tx.maxFeePerGas}`,
    );
  const pending = await upstream<{ baseFeePerGas: Hex; gasLimit: Hex }>("eth_getBlockByNumber", [
    "pending",
    false,
  ]);
  const baseFee = celoToCurrency(BigInt(pending.baseFeePerGas), currency);
  if (tx.maxFeePerGas < baseFee)
    refuse(
      `max fee per gas less than block base fee: address ${tx.from}, maxFeePerGas: ${tx.maxFeePerGas}, baseFee: ${baseFee}`,
    );
  const intrinsic = ethereumIntrinsicGas(tx) + currency.intrinsicGas;
  if (tx.gas < intrinsic) refuse(`intrinsic gas too low: have ${tx.gas}, want ${intrinsic}`);
  if (tx.gas > BigInt(pending.gasLimit)) refuse("exceeds block gas limit");
  const maxFee = tx.gas * tx.maxFeePerGas;
  const [balanceData, celo] = await Promise.all([
    upstream<Hex>("eth_call", [
      {
        to: tx.feeCurrency,
        data: encodeFunctionData({ abi: feeCurrencyAbi, functionName: "balanceOf", args: [tx.from] }),
      },
      "latest",
    ]),
    upstream<Hex>("eth_getBalance", [tx.from, "latest"]),
  ]);
  const balance = BigInt(balanceData);
  if (balance < maxFee)
    refuse(
      `insufficient funds for gas * price + value: address ${tx.from} have ${balance} want ${maxFee} (in fee currency ${tx.feeCurrency})`,
    );
  if (BigInt(celo) < tx.value)
    refuse(
      `insufficient funds for gas * price + value: address ${tx.from} have ${BigInt(celo)} want ${tx.value}`,
    );
  return { currency, maxFee };
}

/** Sends the call as the sender on anvil (impersonated, its CELO gas lent and given back); returns its hash. */
async function runCall(ctx: SettlementContext, tx: Cip64Transaction, currency: FeeCurrencyInfo) {
  const { upstream } = ctx;
  const block = await upstream<{ baseFeePerGas: Hex }>("eth_getBlockByNumber", ["pending", false]);
  const nativeMaxFee = BigInt(block.baseFeePerGas) * 2n + 1n;
  const gas = tx.gas - currency.intrinsicGas;
  const loan = gas * nativeMaxFee;
  const before = BigInt(await upstream<Hex>("eth_getBalance", [tx.from, "latest"]));
  await upstream("anvil_setBalance", [tx.from, toHex(before + loan)]);
  await upstream("anvil_impersonateAccount", [tx.from]);
  let hash: Hex;
  try {
    hash = await upstream<Hex>("eth_sendTransaction", [
      {
        from: tx.from,
        ...(tx.to ? { to: tx.to } : {}),
        value: toHex(tx.value),
        data: tx.data,
        gas: toHex(gas),
        nonce: toHex(tx.nonce),
        maxFeePerGas: toHex(nativeMaxFee),
        maxPriorityFeePerGas: "0x0",
        accessList: tx.accessList,
      },
    ]);
  } catch (error) {
    await upstream("anvil_setBalance", [tx.from, toHex(before)]);
    throw error;
  } finally {
    await upstream("anvil_stopImpersonatingAccount", [tx.from]);
  }
  const receipt = await waitForReceipt(ctx, hash, "the call of a CIP-64 transaction");
  const nativeFee = BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice);
  const after = BigInt(await upstream<Hex>("eth_getBalance", [tx.from, "latest"]));
  await upstream("anvil_setBalance", [tx.from, toHex(after + nativeFee - loan)]);
  return { hash, receipt };
}

function credit(
  ctx: SettlementContext,
  tx: Cip64Transaction,
  amounts: { refund: bigint; tip: bigint; baseFee: bigint },
): Hex {
  return encodeFunctionData({
    abi: feeCurrencyAbi,
    functionName: "creditGasFees",
    args: [
      tx.from,
      ctx.tipRecipient,
      zeroAddress,
      ctx.baseFeeRecipient,
      amounts.refund,
      amounts.tip,
      0n,
      amounts.baseFee,
    ],
  });
}

/**
 * Settles the signed CIP-64 transaction `raw` and returns its CIP-64 hash; refuses (JSON-RPC error -32000, op-geth's
 * messages) what Celo's node refuses. Call one at a time.
 *
 * @example
 * const hash = await settleCip64(context, raw);
 */
export async function settleCip64(ctx: SettlementContext, raw: unknown): Promise<Hex> {
  const decoded = await decodeCip64(raw);
  if ("error" in decoded) refuse(decoded.error);
  const tx = decoded;
  if (ctx.ledger.get(tx.hash)) refuse(`already known`);
  const { currency, maxFee } = await checkTransaction(ctx, tx);

  const debit = await systemCall(
    ctx,
    tx.feeCurrency,
    encodeFunctionData({ abi: feeCurrencyAbi, functionName: "debitGasFees", args: [tx.from, maxFee] }),
    "debitGasFees",
  );
  if (debit.receipt.status !== "0x1")
    refuse(`fee-currency debit failed: debitGasFees(${tx.from}, ${maxFee}) reverted (${tx.feeCurrency})`);

  let call: Awaited<ReturnType<typeof runCall>>;
  try {
    call = await runCall(ctx, tx, currency);
  } catch (error) {
    // anvil refused the call: give the whole debit back, as if the transaction never entered a block
    await systemCall(
      ctx,
      tx.feeCurrency,
      credit(ctx, tx, { refund: maxFee, tip: 0n, baseFee: 0n }),
      "creditGasFees",
    );
    throw error;
  }

  const callGasUsed = BigInt(call.receipt.gasUsed);
  const gasUsed = callGasUsed + currency.intrinsicGas;
  const blockBaseFee = BigInt(call.receipt.effectiveGasPrice); // the call paid no tip: its price is the base fee
  const baseFeePerGas = minBigInt(celoToCurrency(blockBaseFee, currency), tx.maxFeePerGas);
  const tipPerGas = minBigInt(tx.maxPriorityFeePerGas, tx.maxFeePerGas - baseFeePerGas);
  // An adapter rounds each credited amount up to whole units of its token and refuses to credit more than it
  // debited; tip and base fee in whole units keep the three within the debit (the refund absorbs the rest).
  const unit = await adaptedUnit(ctx.upstream, tx.feeCurrency);
  const tip = minBigInt(roundUp(gasUsed * tipPerGas, unit), maxFee);
  const baseFee = minBigInt(roundUp(gasUsed * baseFeePerGas, unit), maxFee - tip);
  const refund = maxFee - tip - baseFee;
  const creditCall = await systemCall(
    ctx,
    tx.feeCurrency,
    credit(ctx, tx, { refund, tip, baseFee }),
    "creditGasFees",
  );

  const settled: SettledCip64 = {
    tx,
    callHash: call.hash,
    debitHash: debit.hash,
    creditHash: creditCall.hash,
    intrinsicGas: currency.intrinsicGas,
    effectiveGasPrice: baseFeePerGas + tipPerGas,
    baseFeePerGas,
    debitLogs: debit.receipt.logs,
    creditLogs: creditCall.receipt.status === "0x1" ? creditCall.receipt.logs : [],
    feeCurrency: tx.feeCurrency,
  };
  ctx.ledger.add(settled);
  return tx.hash;
}

function roundUp(amount: bigint, unit: bigint): bigint {
  return ((amount + unit - 1n) / unit) * unit;
}

function minBigInt(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
