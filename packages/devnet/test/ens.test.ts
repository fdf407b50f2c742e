// ENS on the devnet: the L2Registry stand-in on chain 42220 and, on request, an Ethereum chain (id 1) whose ENS
// viem's own getEnsAddress resolves through the UniversalResolver stand-in.
import { createPublicClient, getAddress, http, namehash, toCoinType, zeroAddress } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { mainnet } from "viem/chains";
import { getEnsAddress } from "viem/ens";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  CELO_COIN_TYPE,
  CELO_L2_REGISTRY_ADDRESS,
  connectDevnet,
  type Devnet,
  devnetChain,
  l2RegistryStandInAbi,
  startDevnet,
} from "../src/index.js";

const fresh = () => privateKeyToAccount(generatePrivateKey()).address;
const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;

describe("celo.eth names (L2Registry stand-in, chain 42220)", () => {
  const devnet = connectDevnet(inject("devnet"));
  const client = createPublicClient({ chain: devnetChain(devnet.rpcUrl), transport: http(devnet.rpcUrl) });
  const read = <const F extends "addr" | "expiries" | "ownerOf">(functionName: F, args: readonly unknown[]) =>
    client.readContract({
      address: CELO_L2_REGISTRY_ADDRESS,
      abi: l2RegistryStandInAbi,
      functionName,
      args,
    } as never) as Promise<unknown>;

  it("is the chain's coin type", () => {
    expect(CELO_COIN_TYPE).toBe(toCoinType(42220));
  });

  it("registers a name with the chain's coin-type record, owned and unexpired", async () => {
    const owner = fresh();
    const { name, node, expiresAt } = await devnet.registerCeloName(unique("alice"), owner);
    expect(node).toBe(namehash(name));
    expect(await read("addr", [node, CELO_COIN_TYPE])).toBe(owner.toLowerCase());
    expect(await read("addr", [node])).toBe(zeroAddress);
    expect(await read("expiries", [node])).toBe(expiresAt);
    expect(await read("ownerOf", [BigInt(node)])).toBe(owner);
  });

  it("writes only addr(node) with coinType60Only, and both records with coinType60Address", async () => {
    const owner = fresh();
    const legacy = await devnet.registerCeloName(unique("legacy"), owner, { coinType60Only: true });
    expect(await read("addr", [legacy.node])).toBe(owner);
    expect(await read("addr", [legacy.node, CELO_COIN_TYPE])).toBe("0x");
    const other = fresh();
    const both = await devnet.registerCeloName(unique("both"), owner, { coinType60Address: other });
    expect(await read("addr", [both.node])).toBe(other);
    expect(await read("addr", [both.node, CELO_COIN_TYPE])).toBe(owner.toLowerCase());
  });

  it("keeps an expired name's records (as the chain's registry does) but not its owner", async () => {
    const owner = fresh();
    const { node } = await devnet.registerCeloName(unique("old"), owner, { expiresAt: 1n });
    expect(await read("expiries", [node])).toBe(1n);
    expect(await read("ownerOf", [BigInt(node)])).toBe(zeroAddress);
    expect(await read("addr", [node, CELO_COIN_TYPE])).toBe(owner.toLowerCase());
  });

  it("refuses a second registration of a live name, and lets an expired one be registered anew", async () => {
    const label = unique("taken");
    await devnet.registerCeloName(label, fresh());
    await expect(devnet.registerCeloName(label, fresh())).rejects.toThrow(/reverted/);
    const expired = unique("renew");
    await devnet.registerCeloName(expired, fresh(), { expiresAt: 1n });
    const next = fresh();
    const { node } = await devnet.registerCeloName(expired, next, { coinType60Only: true });
    expect(await read("addr", [node])).toBe(next);
    expect(await read("addr", [node, CELO_COIN_TYPE])).toBe("0x"); // the old record went with the old name
  });

  it("has no Ethereum chain unless asked", async () => {
    expect(devnet.ethereum).toBeUndefined();
    await expect(devnet.registerEthereumName("a.eth", { address: fresh() })).rejects.toThrow(
      /ethereum: true/,
    );
  });
});

describe("Ethereum ENS (startDevnet({ ethereum: true }))", () => {
  let devnet: Devnet;
  beforeAll(async () => {
    devnet = await startDevnet({ ethereum: true });
  }, 120_000);
  afterAll(async () => {
    await devnet?.stop();
  });
  const client = () =>
    createPublicClient({ chain: mainnet, transport: http(devnet.ethereum!.rpcUrl) }) as ReturnType<
      typeof createPublicClient
    >;

  it("serves chain id 1 beside chain 42220", async () => {
    expect(devnet.ethereum?.chainId).toBe(1);
    expect(await client().getChainId()).toBe(1);
    expect(devnet.pids.ethereumAnvil).toBeGreaterThan(0);
  });

  it("resolves registered names with viem's getEnsAddress (UniversalResolver resolveWithGateways)", async () => {
    const celoOwner = fresh();
    const ethOwner = fresh();
    const name = `${unique("alice")}.eth`;
    await devnet.registerEthereumName(name, { address: ethOwner, celoAddress: celoOwner });
    expect(await getEnsAddress(client(), { name })).toBe(ethOwner);
    expect(await getEnsAddress(client(), { name, coinType: toCoinType(42220) })).toBe(
      celoOwner.toLowerCase(),
    );
    const deep = `pay.${unique("shop")}.eth`;
    await devnet.registerEthereumName(deep, { address: ethOwner });
    expect(getAddress((await getEnsAddress(client(), { name: deep }))!)).toBe(ethOwner);
    expect(await getEnsAddress(client(), { name: deep, coinType: toCoinType(42220) })).toBeNull();
  });

  it("gives null for unregistered names, and for a subname whose parent's resolver is not a wildcard one", async () => {
    expect(await getEnsAddress(client(), { name: `${unique("nobody")}.eth` })).toBeNull();
    const parent = `${unique("parent")}.eth`;
    await devnet.registerEthereumName(parent, { address: fresh() });
    expect(await getEnsAddress(client(), { name: `child.${parent}` })).toBeNull();
  });
});
