// The fee-currency node front: CIP-64 transactions from accounts holding no CELO, paid in USDC (through Circle's
// FiatTokenFeeAdapterV1) and in USDm, sent by an unmodified viem wallet on viem's `celo` chain; refusals as op-geth's.
import {
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  fromRlp,
  type Hex,
  http,
  parseAbi,
  parseEventLogs,
  parseUnits,
  toRlp,
  zeroAddress,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { serializeTransaction } from "viem/celo";
import { celo } from "viem/chains";
import { describe, expect, it } from "vitest";
import {
  DEVNET_FEE_CURRENCIES,
  FEE_CURRENCY_INTRINSIC_GAS,
  FEE_HANDLER_ADDRESS,
  SEQUENCER_FEE_VAULT_ADDRESS,
  setFeeCurrencyRate,
} from "../src/index.js";
import { useDevnet } from "../src/vitest.js";

const devnet = useDevnet();
const chain = { ...celo, rpcUrls: { default: { http: [devnet.rpcUrl] } } };
const client = createPublicClient({ chain, transport: http(devnet.rpcUrl), pollingInterval: 50 });
const { USDC, USDm } = devnet.tokens;
const usdcAdapter = DEVNET_FEE_CURRENCIES.USDC.feeCurrency;
const rpc = async (method: string, params: unknown[]) => {
  const response = await fetch(devnet.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
};
const balance = (token: Address, holder: Address) =>
  client.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [holder] });

async function newAccount(token: "USDC" | "USDm", amount: string) {
  const account = privateKeyToAccount(generatePrivateKey());
  await devnet.fund(account.address, token, amount);
  return { account, wallet: createWalletClient({ account, chain, transport: http(devnet.rpcUrl) }) };
}

/** A signed 0x7b transaction with chosen fields (what a wallet would not let one send). */
async function signCip64(
  account: ReturnType<typeof privateKeyToAccount>,
  fields: { chainId?: number; nonce?: number; feeCurrency: Address; gas?: bigint; maxFeePerGas?: bigint },
): Promise<Hex> {
  return account.signTransaction(
    {
      type: "cip64",
      chainId: fields.chainId ?? 42220,
      nonce: fields.nonce ?? 0,
      to: account.address,
      value: 0n,
      gas: fields.gas ?? 200_000n,
      maxFeePerGas: fields.maxFeePerGas ?? 10n ** 11n,
      maxPriorityFeePerGas: 1n,
      feeCurrency: fields.feeCurrency,
    } as never,
    { serializer: serializeTransaction as never },
  );
}

/** The raw transaction with its feeCurrency field replaced (the signature no longer matches: the node must refuse first). */
function withFeeCurrency(raw: Hex, feeCurrency: Address): Hex {
  const fields = fromRlp(`0x${raw.slice(4)}`, "hex") as Hex[];
  fields[9] = feeCurrency;
  return `0x7b${toRlp(fields).slice(2)}`;
}

describe("fee-currency node front", () => {
  it("settles a USDC transfer paid in USDC through the adapter from an account with 0 CELO", async () => {
    const { account, wallet } = await newAccount("USDC", "50");
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    expect(await client.getBalance({ address: account.address })).toBe(0n);
    const vaultBefore = await balance(USDC.address, SEQUENCER_FEE_VAULT_ADDRESS);
    const handlerBefore = await balance(USDC.address, FEE_HANDLER_ADDRESS);

    const hash = await wallet.writeContract({
      address: USDC.address,
      abi: erc20Abi,
      functionName: "transfer",
      args: [recipient, parseUnits("10", 6)],
      feeCurrency: usdcAdapter,
    });
    const receipt = await client.waitForTransactionReceipt({ hash });
    const tx = await client.getTransaction({ hash });

    expect(receipt.status).toBe("success");
    expect(receipt.type).toBe("0x7b"); // viem formats 0x7b only in transactions
    expect(tx.type).toBe("cip64");
    expect((tx as { feeCurrency?: Address }).feeCurrency?.toLowerCase()).toBe(usdcAdapter.toLowerCase());
    expect((receipt as { feeCurrency?: Address }).feeCurrency?.toLowerCase()).toBe(usdcAdapter.toLowerCase());
    expect(tx.from.toLowerCase()).toBe(account.address.toLowerCase());
    expect(await balance(USDC.address, recipient)).toBe(parseUnits("10", 6));
    expect(await client.getBalance({ address: account.address })).toBe(0n);

    // the fee: the token's own Transfer events (debit to 0x0, credit back, tip and base fee paid)
    const transfers = parseEventLogs({ abi: erc20Abi, logs: receipt.logs, eventName: "Transfer" });
    expect(transfers.every((log) => log.transactionHash === hash)).toBe(true);
    const [debit, transfer, back, tip, base] = transfers;
    expect(transfers).toHaveLength(5);
    expect(debit!.args).toMatchObject({ from: account.address, to: zeroAddress });
    expect(back!.args).toMatchObject({ from: zeroAddress, to: account.address, value: debit!.args.value });
    expect(transfer!.args).toMatchObject({ to: recipient, value: parseUnits("10", 6) });
    expect(tip!.args.to).toBe(SEQUENCER_FEE_VAULT_ADDRESS);
    expect(base!.args.to).toBe(FEE_HANDLER_ADDRESS);
    const feePaid = tip!.args.value + base!.args.value;
    expect(feePaid).toBeGreaterThan(0n);
    expect(await balance(USDC.address, account.address)).toBe(parseUnits("40", 6) - feePaid);
    expect((await balance(USDC.address, SEQUENCER_FEE_VAULT_ADDRESS)) - vaultBefore).toBe(tip!.args.value);
    expect((await balance(USDC.address, FEE_HANDLER_ADDRESS)) - handlerBefore).toBe(base!.args.value);
    // gasUsed x effectiveGasPrice is the fee in the adapter's 18 decimals; the token pays it rounded up to 6
    const fee18 = receipt.gasUsed * receipt.effectiveGasPrice;
    expect(feePaid).toBeGreaterThanOrEqual(fee18 / 10n ** 12n);
    expect(feePaid).toBeLessThanOrEqual(fee18 / 10n ** 12n + 3n);
    expect(receipt.gasUsed).toBeGreaterThan(FEE_CURRENCY_INTRINSIC_GAS + 21_000n);
    expect(feePaid).toBeLessThanOrEqual((tx.gas * tx.maxFeePerGas!) / 10n ** 12n + 1n);

    // the block and eth_getLogs show the CIP-64 hash, not anvil's
    const block = await client.getBlock({ blockHash: receipt.blockHash });
    expect(block.transactions).toContain(hash);
    const logs = await client.getLogs({
      address: USDC.address,
      fromBlock: receipt.blockNumber,
      toBlock: receipt.blockNumber,
    });
    expect(logs.some((log) => log.transactionHash === hash)).toBe(true);
  });

  it("settles a USDm transfer paid in USDm: Celo's StableToken credits the fee with its own events", async () => {
    // the devnet's USDm runs Celo's StableToken (v11): version 1.2.0.1, debitGasFees only for the VM
    const version = await client.readContract({
      address: USDm.address,
      abi: parseAbi(["function getVersionNumber() pure returns (uint256, uint256, uint256, uint256)"]),
      functionName: "getVersionNumber",
    });
    expect(version).toEqual([1n, 2n, 0n, 1n]);
    const { account, wallet } = await newAccount("USDm", "20");
    await expect(
      client.simulateContract({
        account: account.address,
        address: USDm.address,
        abi: parseAbi(["function debitGasFees(address from, uint256 value)"]),
        functionName: "debitGasFees",
        args: [account.address, 1n],
      }),
    ).rejects.toThrow(/Only VM can call/);

    const hash = await wallet.writeContract({
      address: USDm.address,
      abi: erc20Abi,
      functionName: "transfer",
      args: [SEQUENCER_FEE_VAULT_ADDRESS, parseUnits("5", 18)],
      feeCurrency: USDm.address,
    });
    const receipt = await client.waitForTransactionReceipt({ hash });
    expect(receipt.type).toBe("0x7b");
    const fee = receipt.gasUsed * receipt.effectiveGasPrice;
    expect(await balance(USDm.address, account.address)).toBe(parseUnits("15", 18) - fee);
    expect(await client.getBalance({ address: account.address })).toBe(0n);
    // StableToken's debit emits nothing; its credit emits the base-fee and tip transfers from the payer
    const transfers = parseEventLogs({ abi: erc20Abi, logs: receipt.logs, eventName: "Transfer" });
    expect(transfers.map((log) => log.args.to)).toEqual([
      SEQUENCER_FEE_VAULT_ADDRESS, // the 5 USDm sent
      FEE_HANDLER_ADDRESS,
      SEQUENCER_FEE_VAULT_ADDRESS,
    ]);
    expect(transfers.every((log) => log.args.from === account.address && log.transactionHash === hash)).toBe(
      true,
    );
    expect(transfers[1]!.args.value + transfers[2]!.args.value).toBe(fee);
  });

  it("serves the fee-currency forms of eth_gasPrice, eth_maxPriorityFeePerGas and eth_estimateGas", async () => {
    const rate = DEVNET_FEE_CURRENCIES.USDm.rateNumerator;
    const celoPrice = BigInt((await rpc("eth_gasPrice", [])).result as Hex);
    expect(BigInt((await rpc("eth_gasPrice", [USDm.address])).result as Hex)).toBe(
      (celoPrice * rate) / 10n ** 24n,
    );
    const celoTip = BigInt((await rpc("eth_maxPriorityFeePerGas", [])).result as Hex);
    expect(BigInt((await rpc("eth_maxPriorityFeePerGas", [usdcAdapter])).result as Hex)).toBe(
      (celoTip * rate) / 10n ** 24n,
    );
    const call = { from: SEQUENCER_FEE_VAULT_ADDRESS, to: zeroAddress, value: "0x0" };
    const plain = BigInt((await rpc("eth_estimateGas", [call])).result as Hex);
    const inUsdc = BigInt(
      (await rpc("eth_estimateGas", [{ ...call, feeCurrency: usdcAdapter }])).result as Hex,
    );
    expect(inUsdc - plain).toBe(FEE_CURRENCY_INTRINSIC_GAS);
    expect((await rpc("eth_fillTransaction", [{ ...call, feeCurrency: usdcAdapter }])).error?.code).toBe(
      -32601,
    );
    expect((await rpc("eth_gasPrice", [USDC.address])).error?.message).toMatch(
      /unregistered fee-currency address/,
    );
  });

  it("refuses what op-geth refuses: chain id, nonce, unregistered or zero currency, invalid rate, low balance", async () => {
    const { account } = await newAccount("USDm", "1");
    const send = async (raw: Hex) =>
      (await rpc("eth_sendRawTransaction", [raw])).error?.message ?? "accepted";
    expect(await send(await signCip64(account, { chainId: 44787, feeCurrency: USDm.address }))).toMatch(
      /invalid chain id for signer: have 44787 want 42220/,
    );
    expect(await send(await signCip64(account, { nonce: 3, feeCurrency: USDm.address }))).toMatch(
      /nonce too high/,
    );
    expect(await send(await signCip64(account, { feeCurrency: USDC.address }))).toMatch(
      /unregistered fee-currency address/,
    );
    expect(
      await send(withFeeCurrency(await signCip64(account, { feeCurrency: USDm.address }), zeroAddress)),
    ).toMatch(/unregistered fee-currency address/);
    expect(
      await send(await signCip64(account, { feeCurrency: USDm.address, maxFeePerGas: 10n ** 19n })),
    ).toMatch(/insufficient funds for gas \* price \+ value/);
    expect(await send(await signCip64(account, { feeCurrency: USDm.address, maxFeePerGas: 1n }))).toMatch(
      /max fee per gas less than block base fee/,
    );
    expect(await send(await signCip64(account, { feeCurrency: USDm.address, gas: 60_000n }))).toMatch(
      /intrinsic gas too low: have 60000, want 71000/,
    );
    expect(await send("0x7bc0")).toMatch(/rlp/);
    // nothing was debited and no nonce used
    expect(await balance(USDm.address, account.address)).toBe(parseUnits("1", 18));
    expect(await client.getTransactionCount({ address: account.address })).toBe(0);

    // a valid one lands, then its nonce is too low and the same bytes are already known
    const raw = await signCip64(account, { feeCurrency: USDm.address });
    expect(await send(raw)).toBe("accepted");
    expect(await send(raw)).toMatch(/already known/);
    expect(
      await send(await signCip64(account, { nonce: 0, feeCurrency: USDm.address, gas: 200_001n })),
    ).toMatch(/nonce too low/);

    // a zero rate makes the currency unregistered for the node
    await setFeeCurrencyRate(devnet, { currency: "EURm", numerator: 0n, denominator: 0n });
    try {
      expect(
        await send(await signCip64(account, { nonce: 1, feeCurrency: devnet.tokens.EURm.address })),
      ).toMatch(/unregistered fee-currency address/);
    } finally {
      await setFeeCurrencyRate(devnet, {
        currency: "EURm",
        numerator: DEVNET_FEE_CURRENCIES.EURm.rateNumerator,
      });
    }
  });
});
