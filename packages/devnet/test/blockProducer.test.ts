// The devnet's chain produces blocks as Celo's does: an empty block at least every second (so `latest` keeps up
// with the clock), transactions mined at once (a burst in few blocks), and a base fee that follows EIP-1559 but
// never goes below Celo's 25 gwei floor, also under a burst (which anvil's own mixed mining let fall to 5.8 gwei).
import fc from "fast-check";
import { createPublicClient, createWalletClient, http, parseEther, parseGwei } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { CELO_BASE_FEE_FLOOR, devnetChain, nextBaseFee } from "../src/index.js";
import { useDevnet } from "../src/vitest.js";

describe("nextBaseFee", () => {
  it("is EIP-1559's next base fee (elasticity 2, denominator 8), raised to the floor", () => {
    const floor = CELO_BASE_FEE_FLOOR;
    const gasLimit = 30_000_000n;
    expect(nextBaseFee({ gasUsed: 0n, gasLimit, baseFeePerGas: floor }, floor)).toBe(floor); // not 21.875 gwei
    expect(nextBaseFee({ gasUsed: gasLimit, gasLimit, baseFeePerGas: floor }, floor)).toBe(
      parseGwei("28.125"),
    );
    expect(nextBaseFee({ gasUsed: 0n, gasLimit, baseFeePerGas: parseGwei("40") }, floor)).toBe(
      parseGwei("35"),
    );
    expect(nextBaseFee({ gasUsed: gasLimit / 2n, gasLimit, baseFeePerGas: parseGwei("30") }, floor)).toBe(
      parseGwei("30"),
    );
  });

  it("never goes below the floor and equals EIP-1559 above it (property)", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 100_000_000n }),
        fc.bigInt({ min: 0n, max: 1000n }),
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        (gasLimit, permille, fee) => {
          const gasUsed = (gasLimit * permille) / 1000n;
          const next = nextBaseFee({ gasUsed, gasLimit, baseFeePerGas: fee }, CELO_BASE_FEE_FLOOR);
          const target = gasLimit / 2n;
          let eip1559 = fee;
          if (target > 0n && gasUsed > target)
            eip1559 = fee + ((fee * (gasUsed - target)) / target / 8n || 1n);
          else if (target > 0n && gasUsed < target) eip1559 = fee - (fee * (target - gasUsed)) / target / 8n;
          if (eip1559 < CELO_BASE_FEE_FLOOR) eip1559 = CELO_BASE_FEE_FLOOR;
          expect(next).toBe(eip1559);
        },
      ),
    );
  });
});

describe("block production on the devnet", () => {
  const devnet = useDevnet();
  const chain = devnetChain(devnet.rpcUrl);
  const client = createPublicClient({ chain, transport: http(devnet.rpcUrl) });

  it("mines a block at least every second, each at a base fee of at least 25 gwei; latest keeps up with the clock", async () => {
    const first = await client.getBlockNumber();
    await new Promise((resolve) => setTimeout(resolve, 3200));
    const latest = await client.getBlock();
    // At least 2 blocks in 3.2 s, however busy the machine (other test files add transaction blocks).
    expect(latest.number - first).toBeGreaterThanOrEqual(2n);
    for (let n = first + 1n; n <= latest.number; n++) {
      const block = await client.getBlock({ blockNumber: n });
      expect(block.baseFeePerGas, `block ${n}`).toBeGreaterThanOrEqual(CELO_BASE_FEE_FLOOR);
    }
    expect(Number(latest.timestamp)).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) - 3);
    expect(await client.getGasPrice()).toBeGreaterThanOrEqual(CELO_BASE_FEE_FLOOR);
  });

  it("mines a burst of 20 transactions at once, in few blocks, without the base fee falling below the floor", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    await devnet.fund(account.address, "CELO", "1");
    const wallet = createWalletClient({ account, chain, transport: http(devnet.rpcUrl) });
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const nonce = await client.getTransactionCount({ address: account.address });
    const fees = { maxFeePerGas: parseGwei("60"), maxPriorityFeePerGas: parseGwei("1") };
    const hashes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        wallet.sendTransaction({ to, value: parseEther("0.001"), gas: 21_000n, nonce: nonce + i, ...fees }),
      ),
    );
    const receipts = await Promise.all(
      hashes.map((hash) => client.waitForTransactionReceipt({ hash, pollingInterval: 50, timeout: 20_000 })),
    );
    expect(receipts.every((r) => r.status === "success")).toBe(true);
    const blocks = [...new Set(receipts.map((r) => r.blockNumber))];
    // anvil alone (automine) makes one block per transaction; the producer takes whatever is pending.
    expect(blocks.length).toBeLessThan(20);
    for (const number of blocks) {
      const block = await client.getBlock({ blockNumber: number });
      expect(block.baseFeePerGas, `block ${number}`).toBeGreaterThanOrEqual(CELO_BASE_FEE_FLOOR);
    }
    // What the sender paid per gas is the base fee plus its 1 gwei tip: 26 gwei, not a few wei.
    expect(receipts[0]!.effectiveGasPrice).toBeGreaterThanOrEqual(CELO_BASE_FEE_FLOOR + parseGwei("1"));
  });

  it("after a block mined outside the producer (evm_mine, anvil_mine), fees are priced at the floor at once, and a filled transaction lands", async () => {
    // Before the front re-floored after them, anvil priced the next block at 7/8 of the floor until the
    // producer's next block: eth_fillTransaction gave 22.875 gwei, the producer's floored block dropped the
    // transaction, and its sender saw no receipt (issue 39: the budget test's first send after increaseTime).
    const account = privateKeyToAccount(generatePrivateKey());
    await devnet.fund(account.address, "CELO", "1");
    const rpc = (method: string, params: unknown[]) =>
      client.request({ method, params } as never) as Promise<unknown>;
    for (const mining of [
      ["evm_mine", []],
      ["anvil_mine", ["0x14"]],
    ] as const) {
      for (let round = 0; round < 3; round++) {
        await rpc(mining[0], [...mining[1]]);
        expect(await client.getGasPrice(), mining[0]).toBeGreaterThanOrEqual(CELO_BASE_FEE_FLOOR);
        const { tx, raw } = (await rpc("eth_fillTransaction", [
          { from: account.address, to: account.address, value: "0x1" },
        ])) as { tx: { maxFeePerGas: string; nonce: string; gas: string }; raw: string };
        expect(BigInt(tx.maxFeePerGas), mining[0]).toBeGreaterThanOrEqual(CELO_BASE_FEE_FLOOR);
        expect(raw).toMatch(/^0x/);
        // what the fill priced, signed and sent, is mined
        const wallet = createWalletClient({ account, chain, transport: http(devnet.rpcUrl) });
        const hash = await wallet.sendTransaction({
          to: account.address,
          value: 1n,
          gas: BigInt(tx.gas),
          nonce: Number(BigInt(tx.nonce)),
          maxFeePerGas: BigInt(tx.maxFeePerGas),
          maxPriorityFeePerGas: parseGwei("1"),
        });
        const receipt = await client.waitForTransactionReceipt({
          hash,
          pollingInterval: 50,
          timeout: 10_000,
        });
        expect(receipt.status).toBe("success");
      }
    }
  });
});
