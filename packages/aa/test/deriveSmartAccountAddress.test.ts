import { useDevnet } from "@preflow/devnet/vitest";
import fc from "fast-check";
import { toSimpleSmartAccount } from "permissionless/accounts";
import { getSenderAddress } from "permissionless/actions";
import { getAddress, type Hex, parseAbi } from "viem";
import { entryPoint07Address } from "viem/account-abstraction";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { simpleAccountFactoryData } from "../src/deriveSmartAccountAddress.js";
import {
  deriveSmartAccountAddress,
  SIMPLE_ACCOUNT_07_IMPLEMENTATION_ADDRESS,
  SIMPLE_ACCOUNT_FACTORY_07_ADDRESS,
} from "../src/index.js";
import { ERC1967_PROXY_CREATION_CODE } from "../src/internal/proxyCreationCode.js";
import { publicClientOf } from "./helpers/fixtures.js";

const factoryAbi = parseAbi([
  "function getAddress(address owner, uint256 salt) view returns (address)",
  "function accountImplementation() view returns (address)",
]);
const hexAddress = fc
  .uint8Array({ minLength: 20, maxLength: 20 })
  .map((bytes) => getAddress(`0x${Buffer.from(bytes).toString("hex")}`) as Hex);

describe("deriveSmartAccountAddress (offline)", () => {
  it("accepts an account or an address, any letter case, and returns checksummed addresses", () => {
    fc.assert(
      fc.property(hexAddress, (owner) => {
        const fromAddress = deriveSmartAccountAddress(owner as `0x${string}`);
        expect(deriveSmartAccountAddress({ address: owner as `0x${string}` })).toEqual(fromAddress);
        expect(deriveSmartAccountAddress(owner.toLowerCase() as `0x${string}`)).toEqual(fromAddress);
        expect(fromAddress.eoaAddress).toBe(owner);
        expect(fromAddress.smartAccountAddress).toBe(getAddress(fromAddress.smartAccountAddress));
        expect(fromAddress.smartAccountAddress).not.toBe(owner);
      }),
      { numRuns: 200 },
    );
  });

  it("gives distinct owners distinct accounts", () => {
    fc.assert(
      fc.property(hexAddress, hexAddress, (a, b) => {
        fc.pre(a !== b);
        const x = deriveSmartAccountAddress(a as `0x${string}`).smartAccountAddress;
        const y = deriveSmartAccountAddress(b as `0x${string}`).smartAccountAddress;
        expect(x).not.toBe(y);
      }),
      { numRuns: 100 },
    );
  });

  it("throws InvalidConfigError for an owner without a valid address", () => {
    for (const owner of [undefined, null, 42, "0x1234", { address: "nope" }, {}]) {
      expect(() => deriveSmartAccountAddress(owner as never)).toThrowError(
        expect.objectContaining({
          code: "INVALID_CONFIG",
          details: expect.objectContaining({ option: "owner" }),
        }),
      );
    }
  });
});

describe("deriveSmartAccountAddress on the devnet", () => {
  const devnet = useDevnet();
  const client = publicClientOf(devnet);

  it("equals the factory's getAddress, EntryPoint.getSenderAddress and permissionless's address", async () => {
    for (let i = 0; i < 3; i++) {
      const owner = privateKeyToAccount(generatePrivateKey());
      const { eoaAddress, smartAccountAddress } = deriveSmartAccountAddress(owner);
      expect(eoaAddress).toBe(owner.address);
      const fromFactory = await client.readContract({
        address: SIMPLE_ACCOUNT_FACTORY_07_ADDRESS,
        abi: factoryAbi,
        functionName: "getAddress",
        args: [owner.address, 0n],
      });
      const fromEntryPoint = await getSenderAddress(client, {
        factory: SIMPLE_ACCOUNT_FACTORY_07_ADDRESS,
        factoryData: simpleAccountFactoryData(owner.address),
        entryPointAddress: entryPoint07Address,
      });
      const fromPermissionless = await toSimpleSmartAccount({
        client,
        owner,
        entryPoint: { address: entryPoint07Address, version: "0.7" },
      });
      expect(fromFactory).toBe(smartAccountAddress);
      expect(fromEntryPoint).toBe(smartAccountAddress);
      expect(fromPermissionless.address).toBe(smartAccountAddress);
    }
  });

  it("uses the proxy creation code and implementation of the deployed factory", async () => {
    const implementation = await client.readContract({
      address: SIMPLE_ACCOUNT_FACTORY_07_ADDRESS,
      abi: factoryAbi,
      functionName: "accountImplementation",
    });
    expect(implementation).toBe(SIMPLE_ACCOUNT_07_IMPLEMENTATION_ADDRESS);
    const code = await client.getCode({ address: SIMPLE_ACCOUNT_FACTORY_07_ADDRESS });
    expect(code?.includes(ERC1967_PROXY_CREATION_CODE.slice(2))).toBe(true);
  });
});
