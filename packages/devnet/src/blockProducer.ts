// Celo-like block production for the devnet's chain 42220: a block at least every second (so `latest` keeps up
// with the clock) and at once for every transaction, with a base fee that follows EIP-1559 but never falls below
// a minimum (25 gwei by default: Celo's floor before Jovian; since then mainnet's minimum base fee is configurable).
//
// Why not anvil alone: anvil 1.7.1 has `--block-time 1 --mixed-mining` (interval blocks plus instant mining) but
// no base-fee floor (its options: `--block-base-fee-per-gas` sets only the start value; EIP-1559 then decays it
// by 1/8 on every block below the gas target, to a few wei within minutes). Correcting the fee after each block
// (`anvil_setNextBlockBaseFeePerGas` on `newHeads`) races with anvil's own mining: measured, a burst of 30
// transactions mined 30 blocks in a few milliseconds and the fee fell to 5.8 gwei before the first correction.
// So anvil runs with `--no-mining` and this producer is the only miner of the chain: on every pending
// transaction (a `newPendingTransactions` subscription) and one second after the last block it sets the next
// block's base fee, mines (`evm_mine`, which takes every ready transaction), and sets the fee for the block
// after. The subscription runs over anvil's IPC socket: over its WebSocket, notifications that follow each
// other within 40 ms wait for the previous one's delayed ACK (Nagle; anvil does not set TCP_NODELAY), which
// measured 23-50 ms per transaction against 2-25 ms over IPC. What differs from Celo: a transaction's block comes a few milliseconds after its submission (not on
// the next 1 s slot), several blocks may share a second under load (anvil then gives each the next timestamp),
// and a block mined by a caller's own `evm_mine` directly after another caller's `evm_mine` may carry one
// EIP-1559 step below the floor (the producer checks the fee before each block it mines).
import net from "node:net";
import type { Hex } from "viem";
import { rpcCall } from "./rpc.js";

/**
 * The devnet's default minimum base fee (25 gwei of CELO per gas; Celo's fixed floor before the Jovian upgrade,
 * a configurable minimum since): its base fee never goes below it unless `startDevnet({ minBaseFeePerGas })` says so.
 */
export const CELO_BASE_FEE_FLOOR = 25_000_000_000n;
/** The devnet's block time: an empty block is mined when no block came for this long (Celo: 1 s). */
export const DEVNET_BLOCK_TIME_MS = 1000;

/** Options of {@link startBlockProducer}. */
export interface BlockProducerOptions {
  /** anvil's HTTP JSON-RPC URL (anvil started with `--no-mining`). */
  rpcUrl: string;
  /** anvil's IPC socket (`--ipc <path>`), for the `newPendingTransactions` subscription. */
  ipcPath: string;
  /** The base-fee floor in wei; default {@link CELO_BASE_FEE_FLOOR}. */
  baseFeeFloor?: bigint;
  /** Milliseconds without a block after which an empty block is mined; default {@link DEVNET_BLOCK_TIME_MS}. */
  blockTimeMs?: number;
}

/** The devnet's miner (see {@link startBlockProducer}). */
export interface BlockProducer {
  /** Blocks this producer has mined. */
  readonly blocksMined: number;
  /** Stops mining (the chain then mines nothing); idempotent. */
  stop(): Promise<void>;
}

/** The fields of a block (JSON-RPC form) its successor's base fee follows from. @internal */
export interface Head {
  number: Hex;
  gasUsed: Hex;
  gasLimit: Hex;
  baseFeePerGas: Hex;
}

/**
 * The base fee EIP-1559 gives the block after `head` (elasticity 2, change denominator 8, as anvil and Celo
 * compute it), raised to `floor`.
 *
 * @example
 * nextBaseFee({ gasUsed: 0n, gasLimit: 30_000_000n, baseFeePerGas: 25_000_000_000n }, CELO_BASE_FEE_FLOOR); // 25 gwei, not 21.875
 */
export function nextBaseFee(
  head: { gasUsed: bigint; gasLimit: bigint; baseFeePerGas: bigint },
  floor: bigint,
): bigint {
  const { gasUsed, gasLimit, baseFeePerGas: fee } = head;
  const target = gasLimit / 2n;
  let next = fee;
  if (target > 0n && gasUsed > target) {
    const delta = (fee * (gasUsed - target)) / target / 8n;
    next = fee + (delta > 0n ? delta : 1n);
  } else if (target > 0n && gasUsed < target) {
    next = fee - (fee * (target - gasUsed)) / target / 8n;
  }
  return next < floor ? floor : next;
}

/** {@link nextBaseFee} of a block as JSON-RPC gives it. @internal */
export function nextBaseFeeAfter(head: Head, floor: bigint): bigint {
  return nextBaseFee(
    {
      gasUsed: BigInt(head.gasUsed),
      gasLimit: BigInt(head.gasLimit),
      baseFeePerGas: BigInt(head.baseFeePerGas),
    },
    floor,
  );
}

/**
 * Sets the base fee of the block after `head` on the anvil that `call` reaches (`anvil_setNextBlockBaseFeePerGas`):
 * the block producer before and after its blocks, the fee-currency node front after a block mined through it.
 * @internal
 */
export async function setNextBaseFee(
  call: (method: string, params: unknown[]) => Promise<unknown>,
  head: Head,
  floor: bigint,
): Promise<void> {
  await call("anvil_setNextBlockBaseFeePerGas", [`0x${nextBaseFeeAfter(head, floor).toString(16)}`]);
}

/**
 * Starts mining the anvil at `rpcUrl` the way Celo's chain produces blocks (see the top of this file): sets the
 * next block's base fee at once (a freshly loaded state may carry a few wei), then mines on every pending
 * transaction and one block time after the last block.
 *
 * @example
 * const producer = await startBlockProducer({ rpcUrl: anvil.rpcUrl });
 * // ... transactions mine within milliseconds; an empty block every second; base fee >= 25 gwei ...
 * await producer.stop();
 */
export async function startBlockProducer(options: BlockProducerOptions): Promise<BlockProducer> {
  const { rpcUrl } = options;
  const floor = options.baseFeeFloor ?? CELO_BASE_FEE_FLOOR;
  const blockTimeMs = options.blockTimeMs ?? DEVNET_BLOCK_TIME_MS;
  let stopped = false;
  let wanted = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let blocksMined = 0;
  /** The head whose successor's base fee was last set. */
  let flooredAfter: Hex | undefined;

  const latest = () => rpcCall<Head>(rpcUrl, "eth_getBlockByNumber", ["latest", false]);
  const nextFeeAfter = (head: Head) => nextBaseFeeAfter(head, floor);
  const setNextFee = async (head: Head) => {
    await setNextBaseFee((method, params) => rpcCall(rpcUrl, method, params), head, floor);
    flooredAfter = head.number;
  };

  const scheduleEmptyBlock = () => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(() => mine(), blockTimeMs);
    timer.unref();
  };

  async function mineWhileWanted(): Promise<void> {
    try {
      while (wanted && !stopped) {
        wanted = false;
        // A block someone else mined since (a test's `evm_mine`) left anvil's decayed fee: floor it first.
        const before = await latest();
        if (before.number !== flooredAfter) await setNextFee(before);
        await rpcCall(rpcUrl, "evm_mine");
        blocksMined++;
        // anvil has just stored the decayed fee (7/8 of an empty block's): until it is raised again, a
        // transaction priced from `eth_gasPrice` offers less than the next block asks and anvil drops it. So
        // the floor goes back at once, before the block is even read (one round trip of ~0.3 ms), and the
        // exact EIP-1559 figure after, in the rare case it is above the floor (a block over the gas target).
        await rpcCall(rpcUrl, "anvil_setNextBlockBaseFeePerGas", [`0x${floor.toString(16)}`]);
        const head = await latest();
        flooredAfter = head.number;
        if (nextFeeAfter(head) !== floor) await setNextFee(head);
      }
    } catch {
      // anvil has stopped (or is stopping): nothing to mine.
    } finally {
      running = undefined;
      scheduleEmptyBlock();
    }
  }

  function mine(): void {
    if (stopped) return;
    wanted = true;
    running ??= mineWhileWanted();
  }

  await setNextFee(await latest());
  const socket = net.connect(options.ipcPath);
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  socket.on("error", () => {
    // anvil stopped; the 1 s timer still mines while anvil answers.
  });
  // Newline-delimited JSON: the subscription's confirmation, then one notification per pending transaction.
  let received = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    received += chunk;
    const lines = received.split("\n");
    received = lines.pop() ?? "";
    if (lines.some((line) => line.includes('"eth_subscription"'))) mine();
  });
  socket.write(
    `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_subscribe", params: ["newPendingTransactions"] })}\n`,
  );
  // Whatever is already pending (sent before the subscription) goes into the first block.
  mine();

  return {
    get blocksMined() {
      return blocksMined;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      clearTimeout(timer);
      await running;
      socket.destroy();
    },
  };
}
