// Celo's core contracts on the devnet: the real v11 bytecode of Registry, Freezer, Accounts, LockedGold, Election,
// Validators and Governance (from @celo/celo-devchain 7.0.0) behind Celo's own Proxy at their mainnet proxy
// addresses, seeded in the prebuilt state (celoCoreDeployment.ts), and the helpers tests use: registering a name
// in the Registry, ending an epoch, warping the clock.
import {
  type Address,
  decodeFunctionResult,
  encodeAbiParameters,
  encodeFunctionData,
  type Hex,
  keccak256,
  parseAbi,
  stringToBytes,
  toHex,
  zeroAddress,
} from "viem";
import { celoEpochStandInAbi } from "../contracts.generated.js";
import { rpcCall } from "../rpc.js";
import { sendImpersonated } from "../sendImpersonated.js";

/** Celo core contracts' mainnet proxy addresses (docs.celo.org, core contracts), where the devnet places them. */
export const CELO_CORE_ADDRESSES = {
  Registry: "0x000000000000000000000000000000000000ce10",
  Freezer: "0x47a472F45057A9d79d62C6427367016409f4fF5A",
  Accounts: "0x7d21685C17607338b313a7174bAb6620baD0aaB7",
  LockedGold: "0x6cC083Aed9e3ebe302A6336dBC7c921C9f03349E",
  Election: "0x8D6677192144292870907E3Fa8A5527fE55A7ff6",
  Validators: "0xaEb865bCa93DdC8F47b8e29F40C5399cE34d0C58",
  Governance: "0xD533Ca259b330c7A88f74E000a3FaEa2d63B7972",
} as const satisfies Record<string, Address>;

/** A core contract the devnet places (a key of {@link CELO_CORE_ADDRESSES}). */
export type CeloCoreContractName = keyof typeof CELO_CORE_ADDRESSES;

/**
 * Where `CeloEpochStandIn` (contracts/CeloEpochStandIn.sol) sits: the L1 epoch-size precompile's address
 * (0xff - 7), which the v11 contracts call to compute the epoch number.
 */
export const CELO_EPOCH_STAND_IN_ADDRESS: Address = "0x00000000000000000000000000000000000000f8";

/** An account the prebuilt state's seed acts from: its key is `celoSeedPrivateKey(seed)` (devnet only). */
export interface CeloDevnetSeedAccount {
  readonly seed: string;
  readonly address: Address;
}

/** The private key of a seed account: keccak256 of `preflow devnet celo <seed>` (public; never use on a real chain). */
export function celoSeedPrivateKey(seed: string): Hex {
  return keccak256(stringToBytes(`preflow devnet celo ${seed}`));
}

/** A validator group of the prebuilt state: a registered account with a name, its members and its commission. */
export interface CeloDevnetValidatorGroup extends CeloDevnetSeedAccount {
  readonly name: string;
  /** Fixidity (1e24 = 100 %). */
  readonly commission: bigint;
  readonly validators: readonly CeloDevnetSeedAccount[];
}

/**
 * The validator groups of the prebuilt state (community RPC providers since Celo became an L2), each eligible,
 * its validators affiliated and members. Votes in the state: group 1 has 40,000 CELO active; group 2 20,000
 * active and 5,000 pending; group 3 2,000 pending.
 */
export const CELO_DEVNET_VALIDATOR_GROUPS = [
  {
    seed: "group 1",
    address: "0x16dB91F12CB0009D5AfeeB62665c5fC869c83f0F",
    name: "Devnet RPC Group One",
    commission: 10n ** 23n,
    validators: [
      { seed: "group 1 validator 1", address: "0xC32D7E2A01160bEd7B6D6Ac567Fb1C4D350B138b" },
      { seed: "group 1 validator 2", address: "0x9366EC318773a683d93AED5114e2cc1D171B1989" },
    ],
  },
  {
    seed: "group 2",
    address: "0x76e067a300814FEf1E547C6A5E3eBeC16C6effEA",
    name: "Devnet RPC Group Two",
    commission: 5n * 10n ** 22n,
    validators: [
      { seed: "group 2 validator 1", address: "0x58c61B72F4e67B1e7E505352711C24007a32C1D9" },
      { seed: "group 2 validator 2", address: "0x31d90bd0faC6Ede21f5bdbc81e7d1CD3681452fD" },
    ],
  },
  {
    seed: "group 3",
    address: "0xe0EB0ff080EF48eF0eE6E10eE9C7cc5C52e157e1",
    name: "Devnet RPC Group Three",
    commission: 2n * 10n ** 23n,
    validators: [{ seed: "group 3 validator 1", address: "0x302D162d1CC0424dBAc3e00B2e5223c0cdd61337" }],
  },
] as const satisfies readonly CeloDevnetValidatorGroup[];

/**
 * The governance proposals of the prebuilt state: proposal 1 is in the referendum stage (approved, one yes
 * vote), proposal 2 in the queue (one upvote). Their timestamps and the last dequeue are moved to the devnet's
 * start time when it starts (`retimeCeloGovernance`), so the stages hold for a day of devnet time.
 */
export const CELO_DEVNET_GOVERNANCE_SEED = {
  proposer: { seed: "proposer", address: "0x26995329bE987CB13Fd0d89ee0369933B2AD7979" },
  referendumProposalId: 1n,
  queuedProposalId: 2n,
} as const;

/**
 * The neighbours Election's sorted list of eligible groups needs when `group`'s total votes become `votes`
 * (`lesser` just below, `greater` just above; the zero address at either end). `groups` is
 * `getTotalVotesForEligibleValidatorGroups()` (sorted by votes, descending).
 */
export function sortedGroupNeighbours(
  groups: readonly { readonly group: Address; readonly votes: bigint }[],
  group: Address,
  votes: bigint,
): { lesser: Address; greater: Address } {
  const others = groups.filter((g) => g.group.toLowerCase() !== group.toLowerCase());
  let index = others.findIndex((g) => g.votes <= votes);
  if (index === -1) index = others.length;
  return { greater: others[index - 1]?.group ?? zeroAddress, lesser: others[index]?.group ?? zeroAddress };
}

/** The Registry's functions the devnet uses (the Registry's own ABI; the full one is in the artifact). */
export const celoRegistryAbi = parseAbi([
  "function owner() view returns (address)",
  "function setAddressFor(string identifier, address addr)",
  "function getAddressForString(string identifier) view returns (address)",
  "function getAddressForStringOrDie(string identifier) view returns (address)",
]);

/** The epoch stand-in's ABI (`getCurrentEpochNumber`, `epochSize`, `setCurrentEpochNumber`). */
export const celoEpochAbi = celoEpochStandInAbi;

/**
 * Registers `address` under `name` in the devnet's Celo Registry (`Registry.setAddressFor`, sent as the
 * Registry's owner, impersonated), as a governance proposal does on mainnet. Contracts that look their
 * dependencies up in the Registry (StableToken reads `SortedOracles`, `Reserve`, `Freezer`...) find them there.
 * Used when the prebuilt state is built, and by tests that place a contract of their own.
 *
 * @example
 * await registerCeloCoreContract(devnet.rpcUrl, "SortedOracles", "0xefB84935239dAcdecF7c5bA76d8dE40b077B7b33");
 */
export async function registerCeloCoreContract(
  rpcUrl: string,
  name: string,
  address: Address,
): Promise<void> {
  if (name.length === 0) throw new Error("registerCeloCoreContract: name is empty");
  const owner = await readCall<Address>(rpcUrl, CELO_CORE_ADDRESSES.Registry, "owner", []);
  await sendImpersonated(
    rpcUrl,
    {
      to: CELO_CORE_ADDRESSES.Registry,
      data: encodeFunctionData({
        abi: celoRegistryAbi,
        functionName: "setAddressFor",
        args: [name, address],
      }),
    },
    `registering ${name} in the Celo Registry`,
    owner,
  );
}

/**
 * The address registered under `name` in the devnet's Celo Registry (the zero address when none is).
 *
 * @example
 * await celoRegistryAddressFor(devnet.rpcUrl, "LockedGold"); // 0x6cC083Aed9e3ebe302A6336dBC7c921C9f03349E
 */
export async function celoRegistryAddressFor(rpcUrl: string, name: string): Promise<Address> {
  return await readCall<Address>(rpcUrl, CELO_CORE_ADDRESSES.Registry, "getAddressForString", [name]);
}

/** The epoch the core contracts are in (the stand-in's counter). */
export async function currentCeloEpoch(rpcUrl: string): Promise<bigint> {
  const word = await rpcCall<Hex>(rpcUrl, "eth_call", [
    {
      to: CELO_EPOCH_STAND_IN_ADDRESS,
      data: encodeFunctionData({ abi: celoEpochStandInAbi, functionName: "getCurrentEpochNumber" }),
    },
    "latest",
  ]);
  return BigInt(word);
}

/**
 * Ends the current epoch: the epoch stand-in moves to the next epoch (a real transaction) and, when the chain is
 * shorter than the stand-in needs (`(E - 1)^2` blocks for epoch `E`), blocks are mined. Pending Election votes
 * cast before become activatable; nothing else of an epoch's end runs (no rewards, no elections).
 * Returns the new epoch number.
 *
 * @example
 * const epoch = await nextCeloEpoch(devnet.rpcUrl); // then Election.activate(group) succeeds
 */
export async function nextCeloEpoch(rpcUrl: string): Promise<bigint> {
  const next = (await currentCeloEpoch(rpcUrl)) + 1n;
  await sendImpersonated(
    rpcUrl,
    {
      to: CELO_EPOCH_STAND_IN_ADDRESS,
      data: encodeFunctionData({
        abi: celoEpochStandInAbi,
        functionName: "setCurrentEpochNumber",
        args: [next],
      }),
      gas: 100_000n,
    },
    `starting Celo epoch ${next}`,
  );
  const latest = BigInt(await rpcCall<Hex>(rpcUrl, "eth_blockNumber"));
  const needed = (next - 1n) ** 2n + 1n; // the smallest block number at which the contracts see epoch `next`
  if (latest < needed) await rpcCall(rpcUrl, "anvil_mine", [toHex(needed - latest)]);
  return next;
}

/**
 * Moves the chain's clock forward by `seconds` and mines a block at the new time (`evm_increaseTime` +
 * `evm_mine`), e.g. past LockedGold's unlocking period (3 days) or a governance stage. The clock never goes
 * back: on a devnet shared by several test files, later sponsored UserOperations (valid for the sponsor's
 * wall-clock window) and wall-clock deadlines can then be in the past, so warp on a devnet of your own.
 *
 * @example
 * await increaseDevnetTime(devnet.rpcUrl, 3 * 86_400 + 1);
 */
export async function increaseDevnetTime(rpcUrl: string, seconds: number): Promise<void> {
  if (!Number.isSafeInteger(seconds) || seconds <= 0) {
    throw new Error(`increaseTime: seconds must be a positive integer, got ${String(seconds)}`);
  }
  await rpcCall(rpcUrl, "evm_increaseTime", [toHex(seconds)]);
  await rpcCall(rpcUrl, "evm_mine");
}

async function readCall<T>(
  rpcUrl: string,
  to: Address,
  functionName: "owner" | "getAddressForString",
  args: readonly unknown[],
): Promise<T> {
  const data = encodeFunctionData({ abi: celoRegistryAbi, functionName, args } as never);
  const result = await rpcCall<Hex>(rpcUrl, "eth_call", [{ to, data }, "latest"]);
  return decodeFunctionResult({ abi: celoRegistryAbi, functionName, data: result } as never) as T;
}

/** Governance's storage (core contracts v11; a test checks these against its getters). */
const GOVERNANCE_LAST_DEQUEUE_SLOT = 9n;
const GOVERNANCE_PROPOSALS_SLOT = 15n;
/** `Proposals.Proposal.timestamp` is the struct's third word (proposer, deposit, timestamp, ...). */
const PROPOSAL_TIMESTAMP_OFFSET = 2n;

/** The storage slot of `proposals[proposalId].timestamp` in Governance. */
export function celoProposalTimestampSlot(proposalId: bigint): Hex {
  const base = keccak256(
    encodeAbiParameters([{ type: "uint256" }, { type: "uint256" }], [proposalId, GOVERNANCE_PROPOSALS_SLOT]),
  );
  return toHex(BigInt(base) + PROPOSAL_TIMESTAMP_OFFSET, { size: 32 });
}

/** The storage slot of Governance's `lastDequeue`. */
export const CELO_GOVERNANCE_LAST_DEQUEUE_SLOT: Hex = toHex(GOVERNANCE_LAST_DEQUEUE_SLOT, { size: 32 });

/**
 * Moves the seeded governance timeline to the devnet's start: the prebuilt state was built days or weeks before
 * the devnet starts and anvil's clock jumps to the wall clock, which would dequeue the queued proposal on the
 * first interaction and end the referendum. Adding the jump (`now - builtAt`, where `builtAt` is the timestamp of
 * the state's last block, which `loadPrebuiltState` returns before anything else mines) to Governance's
 * `lastDequeue` and to the seeded proposals' timestamps keeps their stages as built (queued for a day,
 * referendum for 5 days of devnet time), then checks them ({@link verifyCeloGovernanceTimeline}). Storage reads
 * and writes and one block, run once by `startDevnet` right after loading the state (13 requests); what differs
 * from mainnet is only that its history starts when the devnet does.
 *
 * The jump is measured from the state's own build time, never from the chain's latest block: by the time this runs
 * the block producer and the Simple7702Account deployment may already have mined blocks at the wall clock.
 */
export async function retimeCeloGovernance(
  rpcUrl: string,
  { builtAt, now = BigInt(Math.floor(Date.now() / 1000)) }: { builtAt: bigint; now?: bigint },
): Promise<void> {
  const shift = now - builtAt;
  if (shift > 0n) {
    const governance = CELO_CORE_ADDRESSES.Governance;
    const slots = [
      CELO_GOVERNANCE_LAST_DEQUEUE_SLOT,
      celoProposalTimestampSlot(CELO_DEVNET_GOVERNANCE_SEED.referendumProposalId),
      celoProposalTimestampSlot(CELO_DEVNET_GOVERNANCE_SEED.queuedProposalId),
    ];
    await Promise.all(
      slots.map(async (slot) => {
        const value = BigInt(await rpcCall<Hex>(rpcUrl, "eth_getStorageAt", [governance, slot, "latest"]));
        if (value === 0n) return;
        await rpcCall(rpcUrl, "anvil_setStorageAt", [governance, slot, toHex(value + shift, { size: 32 })]);
      }),
    );
  }
  // a block at the wall clock, so that reads at "latest" see the retimed stages
  await rpcCall(rpcUrl, "evm_mine");
  await verifyCeloGovernanceTimeline(rpcUrl);
}

/** `Proposals.Stage` values the seeded proposals must be in when a devnet starts. */
const PROPOSAL_STAGES = ["None", "Queued", "Approval", "Referendum", "Execution", "Expiration"] as const;

/**
 * Throws unless the seeded governance timeline is as the devnet promises at start: proposal 1 in its referendum,
 * proposal 2 still queued, and its dequeue still ahead (`lastDequeue + dequeueFrequency` after the latest block,
 * else the first interaction would dequeue it and end the referendum); 4 reads at the latest block. `startDevnet`
 * runs it after {@link retimeCeloGovernance}, so a state whose timeline no longer fits the clock fails the start
 * with what it found instead of failing a governance test later.
 */
export async function verifyCeloGovernanceTimeline(rpcUrl: string): Promise<void> {
  const read = async (
    functionName: "getProposalStage" | "lastDequeue" | "dequeueFrequency",
    args: bigint[] = [],
  ) => {
    const data = encodeFunctionData({ abi: governanceTimelineAbi, functionName, args } as never);
    return BigInt(
      await rpcCall<Hex>(rpcUrl, "eth_call", [{ to: CELO_CORE_ADDRESSES.Governance, data }, "latest"]),
    );
  };
  const [referendum, queued, lastDequeue, dequeueFrequency, block] = await Promise.all([
    read("getProposalStage", [CELO_DEVNET_GOVERNANCE_SEED.referendumProposalId]),
    read("getProposalStage", [CELO_DEVNET_GOVERNANCE_SEED.queuedProposalId]),
    read("lastDequeue"),
    read("dequeueFrequency"),
    rpcCall<{ timestamp: Hex }>(rpcUrl, "eth_getBlockByNumber", ["latest", false]),
  ]);
  const problems: string[] = [];
  for (const [id, stage, expected] of [
    [CELO_DEVNET_GOVERNANCE_SEED.referendumProposalId, referendum, "Referendum"],
    [CELO_DEVNET_GOVERNANCE_SEED.queuedProposalId, queued, "Queued"],
  ] as const) {
    const found = PROPOSAL_STAGES[Number(stage)] ?? `stage ${stage}`;
    if (found !== expected)
      problems.push(`the seeded governance proposal ${id} is in stage ${found}, not ${expected}`);
  }
  const now = BigInt(block.timestamp);
  if (lastDequeue + dequeueFrequency <= now)
    problems.push(
      `the last dequeue is ${now - lastDequeue} s behind the chain's clock (dequeue frequency ${dequeueFrequency} s): ` +
        "the first interaction would dequeue the queued proposal",
    );
  if (problems.length > 0)
    throw new Error(
      `devnet: ${problems.join("; ")}, after retiming the prebuilt state to the start time (retimeCeloGovernance)`,
    );
}

const governanceTimelineAbi = [
  {
    type: "function",
    name: "getProposalStage",
    stateMutability: "view",
    inputs: [{ name: "proposalId", type: "uint256" }],
    outputs: [{ name: "", type: "uint8" }],
  },
  {
    type: "function",
    name: "lastDequeue",
    stateMutability: "view",
    inputs: [],
    outputs: [{ type: "uint256" }],
  },
  {
    type: "function",
    name: "dequeueFrequency",
    stateMutability: "view",
    inputs: [],
    outputs: [{ type: "uint256" }],
  },
] as const;
