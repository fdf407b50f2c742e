// USDC is Circle's FiatTokenCeloV2_2 behind its proxy (with its FiatTokenFeeAdapterV1 as fee caller) and USD₮'s
// stand-in has EIP-3009: what x402's `exact` scheme signs (TransferWithAuthorization) moves tokens once, a replay
// is refused, and anvil takes contracts up to Celo's 65,536-byte limit.
import { createRequire } from "node:module";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  parseAbi,
  parseUnits,
  toHex,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import {
  CIRCLE_USDC_ARTIFACTS,
  DEVNET_FEE_CURRENCIES,
  DEVNET_USDC_PROXY_ADMIN,
  devnetChain,
} from "../src/index.js";
import { useDevnet } from "../src/vitest.js";

const require = createRequire(import.meta.url);
const devnet = useDevnet();
const chain = devnetChain(devnet.rpcUrl);
const client = createPublicClient({ chain, transport: http(devnet.rpcUrl), pollingInterval: 50 });
const { USDC, USDT } = devnet.tokens;

const eip3009Abi = parseAbi([
  "function name() view returns (string)",
  "function version() view returns (string)",
  "function authorizationState(address authorizer, bytes32 nonce) view returns (bool)",
  "function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, bytes signature)",
  "function feeCaller() view returns (address)",
  "function adaptedToken() view returns (address)",
  "function adapterDecimals() view returns (uint8)",
]);
const ADMIN_SLOT = "0x10d6a54a4754c8869d6886b5f5d7fbfa5b4522237ea5c60d11bc4e7a1ff9390b"; // org.zeppelinos.proxy.admin

async function authorize(token: { address: Address }, name: string, version: string, amount: bigint) {
  const payer = privateKeyToAccount(generatePrivateKey());
  const payee = privateKeyToAccount(generatePrivateKey()).address;
  const now = BigInt(Math.floor(Date.now() / 1000));
  const message = {
    from: payer.address,
    to: payee,
    value: amount,
    validAfter: 0n,
    validBefore: now + 3600n,
    nonce: toHex(crypto.getRandomValues(new Uint8Array(32))),
  };
  const signature = await payer.signTypedData({
    domain: { name, version, chainId: 42220, verifyingContract: token.address },
    types: {
      TransferWithAuthorization: [
        { name: "from", type: "address" },
        { name: "to", type: "address" },
        { name: "value", type: "uint256" },
        { name: "validAfter", type: "uint256" },
        { name: "validBefore", type: "uint256" },
        { name: "nonce", type: "bytes32" },
      ],
    },
    primaryType: "TransferWithAuthorization",
    message,
  });
  return { payer, payee, message, signature };
}

async function redeem(token: Address, auth: Awaited<ReturnType<typeof authorize>>): Promise<Hex> {
  const relayer = privateKeyToAccount(generatePrivateKey());
  await devnet.fund(relayer.address, "CELO", "1");
  const wallet = createWalletClient({ account: relayer, chain, transport: http(devnet.rpcUrl) });
  const { message: m } = auth;
  return wallet.writeContract({
    address: token,
    abi: eip3009Abi,
    functionName: "transferWithAuthorization",
    args: [m.from, m.to, m.value, m.validAfter, m.validBefore, m.nonce, auth.signature],
  });
}

describe("EIP-3009 tokens on the devnet", () => {
  it("USDC is Circle's FiatTokenCeloV2_2 behind its proxy, with its fee adapter as fee caller", async () => {
    const read = (address: Address, functionName: "name" | "version" | "feeCaller" | "adaptedToken") =>
      client.readContract({ address, abi: eip3009Abi, functionName });
    expect(await read(USDC.address, "name")).toBe("USDC");
    expect(await read(USDC.address, "version")).toBe("2");
    expect(
      await client.readContract({ address: USDC.address, abi: erc20Abi, functionName: "decimals" }),
    ).toBe(6);
    const adapter = DEVNET_FEE_CURRENCIES.USDC.feeCurrency;
    expect(await read(USDC.address, "feeCaller")).toBe(adapter);
    expect(await read(adapter, "adaptedToken")).toBe(USDC.address);
    expect(
      await client.readContract({ address: adapter, abi: eip3009Abi, functionName: "adapterDecimals" }),
    ).toBe(18);
    const admin = await client.getStorageAt({ address: USDC.address, slot: ADMIN_SLOT });
    expect(`0x${admin?.slice(26)}`).toBe(DEVNET_USDC_PROXY_ADMIN.toLowerCase());
  });

  for (const [symbol, name, version] of [
    ["USDC", "USDC", "2"],
    ["USDT", "Tether USD", "1"],
  ] as const) {
    it(`${symbol}: transferWithAuthorization moves the amount once; a replay is refused`, async () => {
      const token = symbol === "USDC" ? USDC : USDT;
      const amount = parseUnits("1.25", 6);
      const auth = await authorize(token, name, version, amount);
      await devnet.fund(auth.payer.address, symbol, "2");
      expect(
        await client.readContract({ address: token.address, abi: eip3009Abi, functionName: "name" }),
      ).toBe(name);
      const receipt = await client.waitForTransactionReceipt({ hash: await redeem(token.address, auth) });
      expect(receipt.status).toBe("success");
      const balanceOf = (who: Address) =>
        client.readContract({
          address: token.address,
          abi: erc20Abi,
          functionName: "balanceOf",
          args: [who],
        });
      expect(await balanceOf(auth.payee)).toBe(amount);
      expect(
        await client.readContract({
          address: token.address,
          abi: eip3009Abi,
          functionName: "authorizationState",
          args: [auth.payer.address, auth.message.nonce],
        }),
      ).toBe(true);
      await expect(redeem(token.address, auth)).rejects.toThrow(/authorization is used or canceled/);
      expect(await balanceOf(auth.payee)).toBe(amount);
    });
  }

  it("takes contracts over Ethereum's 24,576 bytes (Celo's limit is 65,536): FiatTokenCeloV2_2 by CREATE", async () => {
    const artifact = require(CIRCLE_USDC_ARTIFACTS.FiatTokenCeloV2_2) as {
      bytecode: string;
      linkReferences: Record<string, Record<string, { start: number; length: number }[]>>;
    };
    let code = artifact.bytecode.slice(2);
    for (const refs of Object.values(artifact.linkReferences))
      for (const list of Object.values(refs))
        for (const { start, length } of list)
          code = code.slice(0, start * 2) + "11".repeat(length) + code.slice((start + length) * 2);
    const runtime = await client.call({ data: `0x${code}`, gas: 29_000_000n });
    expect(((runtime.data?.length ?? 2) - 2) / 2).toBeGreaterThan(24_576);
  });
});
