// Build-time seed of Celo's core contracts in the prebuilt state (after celoCoreDeployment.ts): validator groups
// with members and votes, and governance proposals in the referendum and queue stages, every step a real
// transaction from its own account; then the contracts and proxies are handed to Governance as on mainnet.
// Not used when a devnet starts.
import {
  type Abi,
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  type Hex,
  parseAbi,
  parseEther,
  toHex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { DEVNET_ROLES } from "../accounts.js";
import { rpcCall, waitFor } from "../rpc.js";
import {
  CELO_CORE_ADDRESSES,
  CELO_DEVNET_GOVERNANCE_SEED,
  CELO_DEVNET_VALIDATOR_GROUPS,
  type CeloDevnetSeedAccount,
  celoSeedPrivateKey,
  nextCeloEpoch,
  sortedGroupNeighbours,
} from "./celoCore.js";

const accountsAbi = parseAbi(["function createAccount() returns (bool)", "function setName(string name)"]);
const lockedGoldAbi = parseAbi(["function lock() payable"]);
const validatorsAbi = parseAbi([
  "function registerValidatorGroup(uint256 commission) returns (bool)",
  "function registerValidator(bytes ecdsaPublicKey, bytes blsPublicKey, bytes blsPop) returns (bool)",
  "function affiliate(address group) returns (bool)",
  "function addFirstMember(address validator, address lesser, address greater) returns (bool)",
  "function addMember(address validator) returns (bool)",
]);
const electionAbi = parseAbi([
  "function vote(address group, uint256 value, address lesser, address greater) returns (bool)",
  "function activate(address group) returns (bool)",
  "function getTotalVotesForEligibleValidatorGroups() view returns (address[] groups, uint256[] values)",
  "function setElectableValidators(uint256 min, uint256 max) returns (bool)",
]);
const governanceAbi = parseAbi([
  "function propose(uint256[] values, address[] destinations, bytes data, uint256[] dataLengths, string descriptionUrl) payable returns (uint256)",
  "function upvote(uint256 proposalId, uint256 lesser, uint256 greater) returns (bool)",
  "function dequeueProposalsIfReady()",
  "function approve(uint256 proposalId, uint256 index) returns (bool)",
  "function vote(uint256 proposalId, uint256 index, uint8 value) returns (bool)",
  "function setDequeueFrequency(uint256 dequeueFrequency)",
  "function getDequeue() view returns (uint256[])",
]);
const lockedGoldAdminAbi = parseAbi(["function setUnlockingPeriod(uint256 value)"]);
const ownableAbi = parseAbi(["function transferOwnership(address newOwner)"]);
const proxyAbi = parseAbi(["function _transferOwnership(address newOwner)"]);

/** Voters of the prebuilt state: CELO locked, votes activated after an epoch, votes left pending. */
const CELO_DEVNET_VOTERS = [
  {
    seed: "voter 1",
    address: "0x606005208760F269d1685a1A1ce294ee578970A7",
    locked: parseEther("60000"),
    active: [
      [0, parseEther("30000")],
      [1, parseEther("20000")],
    ],
    pending: [[1, parseEther("5000")]],
  },
  {
    seed: "voter 2",
    address: "0xe000e839b9B8f915A2018FCC2fe0340344907959",
    locked: parseEther("20000"),
    active: [[0, parseEther("10000")]],
    pending: [[2, parseEther("2000")]],
  },
] as const satisfies readonly (CeloDevnetSeedAccount & {
  locked: bigint;
  active: readonly (readonly [number, bigint])[];
  pending: readonly (readonly [number, bigint])[];
})[];

/** Sends a call as `from` (impersonated) and throws when it reverts. */
async function send(
  rpcUrl: string,
  from: Address,
  to: Address,
  call: { abi: Abi; functionName: string; args?: readonly unknown[] },
  value = 0n,
): Promise<void> {
  const data = encodeFunctionData(call as never);
  await rpcCall(rpcUrl, "anvil_impersonateAccount", [from]);
  const hash = await rpcCall<Hex>(rpcUrl, "eth_sendTransaction", [
    { from, to, data, value: toHex(value), gas: toHex(5_000_000n) },
  ]);
  let status: Hex | undefined;
  await waitFor(
    `the receipt of ${call.functionName} from ${from}`,
    async () => {
      status = (await rpcCall<{ status: Hex } | null>(rpcUrl, "eth_getTransactionReceipt", [hash]))?.status;
      return status !== undefined;
    },
    { timeoutMs: 10_000, intervalMs: 10 },
  );
  if (status !== "0x1") throw new Error(`devnet: ${call.functionName} from ${from} reverted (${hash})`);
}

async function registerAccount(rpcUrl: string, from: Address, name: string, lock: bigint): Promise<void> {
  await rpcCall(rpcUrl, "anvil_setBalance", [from, toHex(lock + parseEther("300"))]);
  await send(rpcUrl, from, CELO_CORE_ADDRESSES.Accounts, { abi: accountsAbi, functionName: "createAccount" });
  if (name) {
    await send(rpcUrl, from, CELO_CORE_ADDRESSES.Accounts, {
      abi: accountsAbi,
      functionName: "setName",
      args: [name],
    });
  }
  await send(
    rpcUrl,
    from,
    CELO_CORE_ADDRESSES.LockedGold,
    { abi: lockedGoldAbi, functionName: "lock" },
    lock,
  );
}

async function eligibleGroups(rpcUrl: string): Promise<{ group: Address; votes: bigint }[]> {
  const functionName = "getTotalVotesForEligibleValidatorGroups";
  const data = encodeFunctionData({ abi: electionAbi, functionName });
  const result = await rpcCall<Hex>(rpcUrl, "eth_call", [
    { to: CELO_CORE_ADDRESSES.Election, data },
    "latest",
  ]);
  const [groups, values] = decodeFunctionResult({ abi: electionAbi, functionName, data: result });
  return groups.map((group, i) => ({ group, votes: values[i] ?? 0n }));
}

async function voteFor(rpcUrl: string, from: Address, groupIndex: number, value: bigint): Promise<void> {
  const group = CELO_DEVNET_VALIDATOR_GROUPS[groupIndex]?.address;
  if (!group) throw new Error(`devnet: no validator group ${groupIndex}`);
  const groups = await eligibleGroups(rpcUrl);
  const current = groups.find((g) => g.group === group)?.votes ?? 0n;
  const { lesser, greater } = sortedGroupNeighbours(groups, group, current + value);
  await send(rpcUrl, from, CELO_CORE_ADDRESSES.Election, {
    abi: electionAbi,
    functionName: "vote",
    args: [group, value, lesser, greater],
  });
}

/**
 * Registers the validator groups (10,000 CELO locked per member, named, eligible) with their validators, and
 * the voters' votes: activated after one epoch, then more votes left pending.
 */
export async function seedCeloStaking(rpcUrl: string): Promise<void> {
  const validators = CELO_CORE_ADDRESSES.Validators;
  for (const group of CELO_DEVNET_VALIDATOR_GROUPS) {
    const members = BigInt(group.validators.length);
    await registerAccount(rpcUrl, group.address, group.name, members * parseEther("10000"));
    await send(rpcUrl, group.address, validators, {
      abi: validatorsAbi,
      functionName: "registerValidatorGroup",
      args: [group.commission],
    });
    for (const [i, validator] of group.validators.entries()) {
      await registerAccount(
        rpcUrl,
        validator.address,
        `${group.name} validator ${i + 1}`,
        parseEther("10000"),
      );
      // the uncompressed public key without its 0x04 prefix; BLS key and proof of possession are never
      // verified on the devnet (no proof-of-possession precompile)
      const ecdsa = `0x${privateKeyToAccount(celoSeedPrivateKey(validator.seed)).publicKey.slice(4)}`;
      const bls = `0x${"11".repeat(96)}`;
      const pop = `0x${"22".repeat(48)}`;
      await send(rpcUrl, validator.address, validators, {
        abi: validatorsAbi,
        functionName: "registerValidator",
        args: [ecdsa, bls, pop],
      });
      await send(rpcUrl, validator.address, validators, {
        abi: validatorsAbi,
        functionName: "affiliate",
        args: [group.address],
      });
      if (i === 0) {
        const { lesser, greater } = sortedGroupNeighbours(await eligibleGroups(rpcUrl), group.address, 0n);
        await send(rpcUrl, group.address, validators, {
          abi: validatorsAbi,
          functionName: "addFirstMember",
          args: [validator.address, lesser, greater],
        });
      } else {
        await send(rpcUrl, group.address, validators, {
          abi: validatorsAbi,
          functionName: "addMember",
          args: [validator.address],
        });
      }
    }
  }
  for (const voter of CELO_DEVNET_VOTERS) {
    await registerAccount(rpcUrl, voter.address, "", voter.locked);
    for (const [group, amount] of voter.active) await voteFor(rpcUrl, voter.address, group, amount);
  }
  await nextCeloEpoch(rpcUrl);
  for (const voter of CELO_DEVNET_VOTERS) {
    for (const [group] of voter.active) {
      await send(rpcUrl, voter.address, CELO_CORE_ADDRESSES.Election, {
        abi: electionAbi,
        functionName: "activate",
        args: [CELO_DEVNET_VALIDATOR_GROUPS[group].address],
      });
    }
    for (const [group, amount] of voter.pending) await voteFor(rpcUrl, voter.address, group, amount);
  }
}

/** A governance proposal of one transaction (Governance's packed `propose` arguments). */
function proposalArgs(destination: Address, data: Hex, descriptionUrl: string): readonly unknown[] {
  return [[0n], [destination], data, [BigInt((data.length - 2) / 2)], descriptionUrl];
}

/**
 * Proposal 1 (raise Election's maximum of electable validators to 120) is proposed, upvoted, dequeued, approved
 * and has one yes vote: it is in the referendum stage. Proposal 2 (LockedGold's unlocking period to 2 days) is
 * proposed and upvoted: it is queued. Dequeuing needs a day since the last dequeue; instead of moving the clock,
 * the frequency is set to 1 s for that one dequeue and set back (the owner's setter).
 */
export async function seedCeloGovernance(rpcUrl: string): Promise<void> {
  const governance = CELO_CORE_ADDRESSES.Governance;
  const { proposer } = CELO_DEVNET_GOVERNANCE_SEED;
  const [voter1, voter2] = CELO_DEVNET_VOTERS;
  const deployer = DEVNET_ROLES.deployer.address;
  await rpcCall(rpcUrl, "anvil_setBalance", [proposer.address, toHex(parseEther("1000"))]);
  const propose = async (destination: Address, data: Hex, url: string) =>
    await send(
      rpcUrl,
      proposer.address,
      governance,
      { abi: governanceAbi, functionName: "propose", args: proposalArgs(destination, data, url) },
      parseEther("100"),
    );
  await propose(
    CELO_CORE_ADDRESSES.Election,
    encodeFunctionData({ abi: electionAbi, functionName: "setElectableValidators", args: [1n, 120n] }),
    "https://devnet.invalid/cgp/1-electable-validators",
  );
  await send(rpcUrl, voter1.address, governance, {
    abi: governanceAbi,
    functionName: "upvote",
    args: [CELO_DEVNET_GOVERNANCE_SEED.referendumProposalId, 0n, 0n],
  });
  const setFrequency = async (seconds: bigint) =>
    await send(rpcUrl, deployer, governance, {
      abi: governanceAbi,
      functionName: "setDequeueFrequency",
      args: [seconds],
    });
  await setFrequency(1n);
  // the dequeue's block must be at least 1 s after the last dequeue (blocks mined within one second of wall time
  // can share a timestamp)
  const latest = await rpcCall<{ timestamp: Hex }>(rpcUrl, "eth_getBlockByNumber", ["latest", false]);
  await rpcCall(rpcUrl, "evm_setNextBlockTimestamp", [toHex(BigInt(latest.timestamp) + 1n)]);
  await send(rpcUrl, deployer, governance, { abi: governanceAbi, functionName: "dequeueProposalsIfReady" });
  await setFrequency(86_400n);
  const dequeue = decodeFunctionResult({
    abi: governanceAbi,
    functionName: "getDequeue",
    data: await rpcCall<Hex>(rpcUrl, "eth_call", [
      { to: governance, data: encodeFunctionData({ abi: governanceAbi, functionName: "getDequeue" }) },
      "latest",
    ]),
  });
  const index = BigInt(dequeue.indexOf(CELO_DEVNET_GOVERNANCE_SEED.referendumProposalId));
  if (index < 0n) throw new Error("devnet: the referendum proposal was not dequeued");
  await send(rpcUrl, deployer, governance, {
    abi: governanceAbi,
    functionName: "approve",
    args: [CELO_DEVNET_GOVERNANCE_SEED.referendumProposalId, index],
  });
  await send(rpcUrl, voter1.address, governance, {
    abi: governanceAbi,
    functionName: "vote",
    args: [CELO_DEVNET_GOVERNANCE_SEED.referendumProposalId, index, 3], // VoteValue.Yes
  });
  await propose(
    CELO_CORE_ADDRESSES.LockedGold,
    encodeFunctionData({ abi: lockedGoldAdminAbi, functionName: "setUnlockingPeriod", args: [2n * 86_400n] }),
    "https://devnet.invalid/cgp/2-unlocking-period",
  );
  await send(rpcUrl, voter2.address, governance, {
    abi: governanceAbi,
    functionName: "upvote",
    args: [CELO_DEVNET_GOVERNANCE_SEED.queuedProposalId, 0n, 0n],
  });
}

/** Hands every core contract and its proxy to Governance, as on mainnet (the Registry helper acts as owner). */
export async function transferCeloCoreToGovernance(rpcUrl: string): Promise<void> {
  const deployer = DEVNET_ROLES.deployer.address;
  for (const address of Object.values(CELO_CORE_ADDRESSES)) {
    const to = CELO_CORE_ADDRESSES.Governance;
    await send(rpcUrl, deployer, address, { abi: ownableAbi, functionName: "transferOwnership", args: [to] });
    await send(rpcUrl, deployer, address, { abi: proxyAbi, functionName: "_transferOwnership", args: [to] });
  }
}
