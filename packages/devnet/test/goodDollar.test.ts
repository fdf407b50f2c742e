// GoodDollar on the devnet: the proxies at the Celo mainnet addresses run goodprotocol 2.2.1's own compiled
// contracts (code compared with the npm artifacts), the NameService resolves what UBIScheme reads, a whitelisted
// account is what Identity says, and the reserve stand-ins quote what they swap and revert with the Broker's
// strings.
import { createRequire } from "node:module";
import {
  createPublicClient,
  createWalletClient,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  maxUint256,
  parseAbi,
  parseUnits,
  sliceHex,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import {
  devnetChain,
  GOODDOLLAR_ADDRESSES,
  GOODDOLLAR_CUSD_EXCHANGE_ID,
  GOODDOLLAR_UBI_POOL,
  goodDollarBrokerAbi,
  goodDollarIdentityAbi,
  whitelistGoodDollar,
} from "../src/index.js";
import { GOODDOLLAR_ARTIFACTS } from "../src/protocols/goodDollar.js";
import { useDevnet } from "../src/vitest.js";

const require = createRequire(import.meta.url);
/** EIP-1967's implementation slot. */
const IMPLEMENTATION_SLOT = "0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc";

describe("GoodDollar on the devnet", () => {
  const devnet = useDevnet();
  const chain = devnetChain(devnet.rpcUrl);
  const client = createPublicClient({ chain, transport: http(devnet.rpcUrl) });

  it("runs goodprotocol's compiled G$, Identity, UBIScheme and NameService behind its ERC1967Proxy", async () => {
    const proxy = require(GOODDOLLAR_ARTIFACTS.proxy) as { deployedBytecode: Hex };
    for (const [at, artifact] of [
      [GOODDOLLAR_ADDRESSES.goodDollar, GOODDOLLAR_ARTIFACTS.goodDollar],
      [GOODDOLLAR_ADDRESSES.identity, GOODDOLLAR_ARTIFACTS.identity],
      [GOODDOLLAR_ADDRESSES.ubiScheme, GOODDOLLAR_ARTIFACTS.ubiScheme],
      [GOODDOLLAR_ADDRESSES.nameService, GOODDOLLAR_ARTIFACTS.nameService],
    ] as const) {
      expect(await client.getCode({ address: at })).toBe(proxy.deployedBytecode);
      const slot = await client.getStorageAt({ address: at, slot: IMPLEMENTATION_SLOT });
      const implementation = getAddress(sliceHex(slot!, 12));
      const code = (await client.getCode({ address: implementation }))!;
      const expected = (require(artifact) as { deployedBytecode: Hex }).deployedBytecode;
      // the same code but for UUPSUpgradeable's `__self` immutable (the implementation's own address)
      const self = implementation.slice(2).toLowerCase();
      expect(code.length).toBe(expected.length);
      expect(code.toLowerCase().replaceAll(self, "0".repeat(40))).toBe(expected.toLowerCase());
    }
    const token = { address: GOODDOLLAR_ADDRESSES.goodDollar, abi: erc20Abi } as const;
    expect(await client.readContract({ ...token, functionName: "symbol" })).toBe("G$");
    expect(await client.readContract({ ...token, functionName: "decimals" })).toBe(18);
    expect(
      await client.readContract({
        ...token,
        functionName: "balanceOf",
        args: [GOODDOLLAR_ADDRESSES.ubiScheme],
      }),
    ).toBeGreaterThan(0n);
    expect(GOODDOLLAR_UBI_POOL).toBe("3000000");
    const names = parseAbi(["function getAddress(string name) view returns (address)"]);
    for (const [name, address] of [
      ["GOODDOLLAR", GOODDOLLAR_ADDRESSES.goodDollar],
      ["IDENTITY", GOODDOLLAR_ADDRESSES.identity],
      ["AVATAR", GOODDOLLAR_ADDRESSES.avatar],
      ["CONTROLLER", GOODDOLLAR_ADDRESSES.controller],
    ] as const) {
      expect(
        await client.readContract({
          address: GOODDOLLAR_ADDRESSES.nameService,
          abi: names,
          functionName: "getAddress",
          args: [name],
        }),
      ).toBe(address);
    }
  });

  it("whitelistGoodDollar makes an address its own whitelisted root", async () => {
    const account = privateKeyToAccount(generatePrivateKey()).address;
    const identity = { address: GOODDOLLAR_ADDRESSES.identity, abi: goodDollarIdentityAbi } as const;
    expect(await client.readContract({ ...identity, functionName: "isWhitelisted", args: [account] })).toBe(
      false,
    );
    await whitelistGoodDollar(devnet, account);
    expect(
      await client.readContract({ ...identity, functionName: "getWhitelistedRoot", args: [account] }),
    ).toBe(account);
    await expect(whitelistGoodDollar(devnet, account)).rejects.toThrow(); // "already has status"
  });

  it("the Broker quotes what it swaps, enforces amountOutMin and refuses an unknown exchange provider", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    await devnet.fund(account.address, "CELO", "1");
    await devnet.fund(account.address, "USDm", "10");
    const wallet = createWalletClient({ account, chain, transport: http(devnet.rpcUrl) });
    const USDm = devnet.tokens.USDm.address;
    const send = async (hash: Promise<Hex>) => client.waitForTransactionReceipt({ hash: await hash });
    await send(
      wallet.writeContract({
        address: USDm,
        abi: erc20Abi,
        functionName: "approve",
        args: [GOODDOLLAR_ADDRESSES.broker, maxUint256],
      }),
    );
    const broker = { address: GOODDOLLAR_ADDRESSES.broker, abi: goodDollarBrokerAbi } as const;
    const trade = [
      GOODDOLLAR_ADDRESSES.exchangeProvider,
      GOODDOLLAR_CUSD_EXCHANGE_ID,
      USDm,
      GOODDOLLAR_ADDRESSES.goodDollar,
      parseUnits("1", 18),
    ] as const;
    const quoted = await client.readContract({ ...broker, functionName: "getAmountOut", args: trade });
    // Bancor at a 20 % reserve ratio from 0.0001 USDm per G$: 1 USDm buys just under 10,000 G$
    expect(quoted).toBeGreaterThan(parseUnits("9990", 18));
    expect(quoted).toBeLessThan(parseUnits("10000", 18));
    await expect(
      client.simulateContract({ ...broker, account, functionName: "swapIn", args: [...trade, quoted + 1n] }),
    ).rejects.toThrow(/amountOutMin not met/);
    await expect(
      client.simulateContract({
        ...broker,
        account,
        functionName: "swapIn",
        args: [USDm, GOODDOLLAR_CUSD_EXCHANGE_ID, USDm, GOODDOLLAR_ADDRESSES.goodDollar, 1n, 0n],
      }),
    ).rejects.toThrow(/ExchangeProvider does not exist/);
    await send(wallet.writeContract({ ...broker, functionName: "swapIn", args: [...trade, quoted] }));
    expect(
      await client.readContract({
        address: GOODDOLLAR_ADDRESSES.goodDollar,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [account.address],
      }),
    ).toBe(quoted);
  });
});
