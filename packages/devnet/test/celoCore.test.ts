// Celo's core contracts on the devnet: real v11 bytecode behind Celo's Proxy at the mainnet proxy addresses,
// registered in the Registry, and the Registry helper other devnet modules use.
import { createPublicClient, http, parseAbi, zeroAddress } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import {
  CELO_CORE_ADDRESSES,
  CELO_TOKEN_ADDRESS,
  celoRegistryAbi,
  celoRegistryAddressFor,
  devnetChain,
  registerCeloCoreContract,
} from "../src/index.js";
import { useDevnet } from "../src/vitest.js";

const proxyAbi = parseAbi([
  "function _getOwner() view returns (address)",
  "function _getImplementation() view returns (address)",
]);
const versionedAbi = parseAbi([
  "function getVersionNumber() pure returns (uint256, uint256, uint256, uint256)",
  "function initialized() view returns (bool)",
  "function registry() view returns (address)",
]);

describe("Celo core contracts on the devnet", () => {
  const devnet = useDevnet();
  const client = createPublicClient({ chain: devnetChain(devnet.rpcUrl), transport: http(devnet.rpcUrl) });

  it("registers every core contract at its mainnet proxy address, and CELO's ERC-20 as GoldToken/CeloToken", async () => {
    for (const [name, address] of Object.entries(CELO_CORE_ADDRESSES)) {
      if (name === "Registry") continue;
      expect(await celoRegistryAddressFor(devnet.rpcUrl, name), name).toBe(address);
    }
    expect(await celoRegistryAddressFor(devnet.rpcUrl, "GoldToken")).toBe(CELO_TOKEN_ADDRESS);
    expect(await celoRegistryAddressFor(devnet.rpcUrl, "CeloToken")).toBe(CELO_TOKEN_ADDRESS);
    expect(await celoRegistryAddressFor(devnet.rpcUrl, "LockedCelo")).toBe(CELO_CORE_ADDRESSES.LockedGold);
    expect(await celoRegistryAddressFor(devnet.rpcUrl, "NoSuchContract")).toBe(zeroAddress);
  });

  it("runs each behind Celo's Proxy, initialised through it, implementation code of its own", async () => {
    const implementations = new Set<string>();
    for (const [name, address] of Object.entries(CELO_CORE_ADDRESSES)) {
      const implementation = await client.readContract({
        address,
        abi: proxyAbi,
        functionName: "_getImplementation",
      });
      expect(await client.getCode({ address: implementation }), name).toMatch(/^0x60/);
      implementations.add(implementation);
      expect(
        await client.readContract({ address, abi: versionedAbi, functionName: "initialized" }),
        name,
      ).toBe(true);
      if (name !== "Registry" && name !== "Freezer") {
        expect(await client.readContract({ address, abi: versionedAbi, functionName: "registry" })).toBe(
          CELO_CORE_ADDRESSES.Registry,
        );
        const [storage] = await client.readContract({
          address,
          abi: versionedAbi,
          functionName: "getVersionNumber",
        });
        expect(storage, name).toBe(1n);
      }
    }
    expect(implementations.size).toBe(Object.keys(CELO_CORE_ADDRESSES).length);
  });

  it("registerCeloCoreContract sets a Registry entry as its owner; a stranger cannot", async () => {
    const name = `DevnetTest${Date.now()}`;
    const address = privateKeyToAccount(generatePrivateKey()).address;
    await registerCeloCoreContract(devnet.rpcUrl, name, address);
    expect(
      await client.readContract({
        address: CELO_CORE_ADDRESSES.Registry,
        abi: celoRegistryAbi,
        functionName: "getAddressForStringOrDie",
        args: [name],
      }),
    ).toBe(address);
    await expect(
      client.simulateContract({
        account: address,
        address: CELO_CORE_ADDRESSES.Registry,
        abi: celoRegistryAbi,
        functionName: "setAddressFor",
        args: [name, zeroAddress],
      }),
    ).rejects.toThrow(/Ownable: caller is not the owner/);
  });
});
