// Celo's core contracts on the devnet: real v11 bytecode behind Celo's Proxy at the mainnet proxy addresses,
// registered in the Registry, and the Registry helper other devnet modules use.
import { createPublicClient, createWalletClient, http, parseAbi, parseEther, zeroAddress } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import {
  CELO_CORE_ADDRESSES,
  CELO_DEVNET_GOVERNANCE_SEED,
  CELO_DEVNET_VALIDATOR_GROUPS,
  CELO_GOVERNANCE_LAST_DEQUEUE_SLOT,
  CELO_TOKEN_ADDRESS,
  celoEpochAbi,
  celoProposalTimestampSlot,
  celoRegistryAbi,
  celoRegistryAddressFor,
  devnetChain,
  registerCeloCoreContract,
  sortedGroupNeighbours,
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

const stakingAbi = parseAbi([
  "function createAccount() returns (bool)",
  "function getName(address account) view returns (string)",
  "function lock() payable",
  "function getAccountTotalLockedGold(address account) view returns (uint256)",
  "function vote(address group, uint256 value, address lesser, address greater) returns (bool)",
  "function activate(address group) returns (bool)",
  "function getEpochNumber() view returns (uint256)",
  "function getTotalVotesForEligibleValidatorGroups() view returns (address[] groups, uint256[] values)",
  "function getPendingVotesForGroup(address group) view returns (uint256)",
  "function getActiveVotesForGroup(address group) view returns (uint256)",
  "function getActiveVotesForGroupByAccount(address group, address account) view returns (uint256)",
  "function getGroupEligibility(address group) view returns (bool)",
  "function getValidatorGroup(address account) view returns (address[], uint256, uint256, uint256, uint256[], uint256, uint256)",
]);
const governanceAbi = parseAbi([
  "function getProposalStage(uint256 proposalId) view returns (uint8)",
  "function getProposal(uint256 proposalId) view returns (address, uint256, uint256, uint256, string, uint256, bool)",
  "function getVoteTotals(uint256 proposalId) view returns (uint256, uint256, uint256)",
  "function getUpvotes(uint256 proposalId) view returns (uint256)",
  "function lastDequeue() view returns (uint256)",
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

  it("seeds eligible validator groups with names, members and active and pending votes", async () => {
    const expected = [
      { active: parseEther("40000"), pending: 0n },
      { active: parseEther("20000"), pending: parseEther("5000") },
      { active: 0n, pending: parseEther("2000") },
    ];
    for (const [i, group] of CELO_DEVNET_VALIDATOR_GROUPS.entries()) {
      const read = (
        functionName: "getGroupEligibility" | "getActiveVotesForGroup" | "getPendingVotesForGroup",
      ) =>
        client.readContract({
          address: CELO_CORE_ADDRESSES.Election,
          abi: stakingAbi,
          functionName,
          args: [group.address],
        });
      expect(await read("getGroupEligibility")).toBe(true);
      expect(await read("getActiveVotesForGroup")).toBe(expected[i]?.active);
      expect(await read("getPendingVotesForGroup")).toBe(expected[i]?.pending);
      const [members] = await client.readContract({
        address: CELO_CORE_ADDRESSES.Validators,
        abi: stakingAbi,
        functionName: "getValidatorGroup",
        args: [group.address],
      });
      expect(members).toEqual(group.validators.map((v) => v.address));
      expect(
        await client.readContract({
          address: CELO_CORE_ADDRESSES.Accounts,
          abi: stakingAbi,
          functionName: "getName",
          args: [group.address],
        }),
      ).toBe(group.name);
    }
  });

  it("seeds a proposal in the referendum (approved, one yes vote) and one in the queue (one upvote)", async () => {
    const read = <T>(
      functionName: "getProposalStage" | "getVoteTotals" | "getUpvotes" | "getProposal",
      id: bigint,
    ) =>
      client.readContract({
        address: CELO_CORE_ADDRESSES.Governance,
        abi: governanceAbi,
        functionName,
        args: [id],
      }) as Promise<T>;
    const { referendumProposalId: referendum, queuedProposalId: queued } = CELO_DEVNET_GOVERNANCE_SEED;
    expect(await read("getProposalStage", referendum)).toBe(3); // Referendum
    expect(await read("getVoteTotals", referendum)).toEqual([parseEther("60000"), 0n, 0n]);
    expect((await read<readonly unknown[]>("getProposal", referendum))[6]).toBe(true); // approved
    expect(await read("getProposalStage", queued)).toBe(1); // Queued
    expect(await read("getUpvotes", queued)).toBe(parseEther("20000"));
  });

  it("retimes Governance at start through the slots its getters read", async () => {
    const governance = CELO_CORE_ADDRESSES.Governance;
    const lastDequeue = await client.readContract({
      address: governance,
      abi: governanceAbi,
      functionName: "lastDequeue",
    });
    expect(
      BigInt(
        (await client.getStorageAt({ address: governance, slot: CELO_GOVERNANCE_LAST_DEQUEUE_SLOT })) ?? 0,
      ),
    ).toBe(lastDequeue);
    for (const id of [
      CELO_DEVNET_GOVERNANCE_SEED.referendumProposalId,
      CELO_DEVNET_GOVERNANCE_SEED.queuedProposalId,
    ]) {
      const proposal = await client.readContract({
        address: governance,
        abi: governanceAbi,
        functionName: "getProposal",
        args: [id],
      });
      const stored = await client.getStorageAt({ address: governance, slot: celoProposalTimestampSlot(id) });
      expect(BigInt(stored ?? 0)).toBe(proposal[2]);
    }
    // the devnet started after the state was built: the last dequeue is within a day of the chain's clock
    const block = await client.getBlock();
    expect(block.timestamp - lastDequeue).toBeLessThan(86_400n);
  });

  it("hands every core contract and proxy to Governance, as on mainnet", async () => {
    const ownerAbi = parseAbi(["function owner() view returns (address)"]);
    for (const address of Object.values(CELO_CORE_ADDRESSES)) {
      expect(await client.readContract({ address, abi: ownerAbi, functionName: "owner" })).toBe(
        CELO_CORE_ADDRESSES.Governance,
      );
      expect(await client.readContract({ address, abi: proxyAbi, functionName: "_getOwner" })).toBe(
        CELO_CORE_ADDRESSES.Governance,
      );
    }
  });

  it("nextEpoch() makes a pending vote activatable; before it Election refuses", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    await devnet.fund(account.address, "CELO", "20");
    const wallet = createWalletClient({
      account,
      chain: devnetChain(devnet.rpcUrl),
      transport: http(devnet.rpcUrl),
    });
    const send = async (
      address: `0x${string}`,
      functionName: "createAccount" | "lock" | "vote" | "activate",
      args: readonly unknown[] = [],
      value = 0n,
    ) => {
      const { request } = await client.simulateContract({
        account,
        address,
        abi: stakingAbi,
        functionName,
        args,
        value,
      } as never);
      const receipt = await client.waitForTransactionReceipt({
        hash: await wallet.writeContract(request as never),
      });
      expect(receipt.status).toBe("success");
    };
    await send(CELO_CORE_ADDRESSES.Accounts, "createAccount");
    await send(CELO_CORE_ADDRESSES.LockedGold, "lock", [], parseEther("10"));
    const group = CELO_DEVNET_VALIDATOR_GROUPS[2].address;
    const [groups, values] = await client.readContract({
      address: CELO_CORE_ADDRESSES.Election,
      abi: stakingAbi,
      functionName: "getTotalVotesForEligibleValidatorGroups",
    });
    const votes = groups.map((g, i) => ({ group: g, votes: values[i] ?? 0n }));
    const current = votes.find((g) => g.group === group)?.votes ?? 0n;
    const { lesser, greater } = sortedGroupNeighbours(votes, group, current + parseEther("10"));
    await send(CELO_CORE_ADDRESSES.Election, "vote", [group, parseEther("10"), lesser, greater]);
    await expect(
      client.simulateContract({
        account,
        address: CELO_CORE_ADDRESSES.Election,
        abi: stakingAbi,
        functionName: "activate",
        args: [group],
      }),
    ).rejects.toThrow(/Pending vote epoch not passed/);
    const before = await client.readContract({
      address: CELO_CORE_ADDRESSES.Election,
      abi: stakingAbi,
      functionName: "getEpochNumber",
    });
    const epoch = await devnet.nextEpoch();
    expect(epoch).toBe(before + 1n);
    expect(
      await client.readContract({
        address: CELO_CORE_ADDRESSES.Election,
        abi: stakingAbi,
        functionName: "getEpochNumber",
      }),
    ).toBe(epoch);
    await send(CELO_CORE_ADDRESSES.Election, "activate", [group]);
    expect(
      await client.readContract({
        address: CELO_CORE_ADDRESSES.Election,
        abi: stakingAbi,
        functionName: "getActiveVotesForGroupByAccount",
        args: [group, account.address],
      }),
    ).toBe(parseEther("10"));
  });

  it("the epoch stand-in refuses to go back and answers the precompile's empty call", async () => {
    const epoch = await client.readContract({
      address: "0x00000000000000000000000000000000000000f8",
      abi: celoEpochAbi,
      functionName: "getCurrentEpochNumber",
    });
    await expect(
      client.simulateContract({
        address: "0x00000000000000000000000000000000000000f8",
        abi: celoEpochAbi,
        functionName: "setCurrentEpochNumber",
        args: [epoch],
      }),
    ).rejects.toThrow(/EpochNotAfterCurrent/);
    const { data } = await client.call({ to: "0x00000000000000000000000000000000000000f8", data: "0x" });
    const block = await client.getBlockNumber();
    const size = BigInt(data ?? "0x0");
    // ceil(block / size) is the current epoch, as the v11 contracts compute it
    expect((block + size - 1n) / size).toBe(epoch);
  });

  it("increaseTime() moves the chain's clock forward", async () => {
    const before = (await client.getBlock()).timestamp;
    await devnet.increaseTime(5);
    expect((await client.getBlock()).timestamp).toBeGreaterThanOrEqual(before + 5n);
    await expect(devnet.increaseTime(0)).rejects.toThrow(/positive integer/);
  });
});
