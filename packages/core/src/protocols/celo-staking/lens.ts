// The one read of every staking and governance operation: the lens's creation code (CeloStakingLens.sol) in one
// `eth_call` without `to`, through `readBatch` (so the client's one-time chain check is folded into the same
// HTTP request), decoded strictly with the lens's own output types. A read of another contract that an operation
// needs besides (the delegatee's Celo account) rides in the same batch as a Multicall3 read.
import {
  type Address,
  type ContractFunctionReturnType,
  concat,
  encodeAbiParameters,
  encodeFunctionData,
  zeroAddress,
} from "viem";
import type { SdkBaseClient } from "../../clients/types.js";
import type { RpcCall } from "../../rpc/createRpc.js";
import { decodeOutputs, wrongReadError } from "../../rpc/decodeFunctionResultStrict.js";
import { type ReadCall, type ReadResult, readBatch } from "../../rpc/readBatch.js";
import { CELO_STAKING_ADDRESSES } from "./addresses.js";
import { celoStakingLensAbi, celoStakingLensBytecode } from "./lens.generated.js";

type Outputs<name extends "accountState" | "groups" | "governanceState"> = ContractFunctionReturnType<
  typeof celoStakingLensAbi,
  "view",
  name
>;

/** An account's staking and governance state as the lens reads it (one block). @internal */
export type CeloAccountState = Outputs<"accountState">;
/** The registered validator groups as the lens reads them. @internal */
export type CeloGroupsState = Outputs<"groups">;
/** Governance's queue, referendums and an account's part in them, as the lens reads them. @internal */
export type CeloGovernanceState = Outputs<"governanceState">;

/**
 * Reads and calls that ride in the lens's request (a prepare's fee plan), and where their answers go. @internal
 */
export interface LensRider {
  reads: readonly ReadCall[];
  calls: readonly RpcCall[];
  answer(reads: ReadResult[], calls: unknown[]): void;
}

const MODES = { accountState: 0n, groups: 1n, governanceState: 2n } as const;
/** Gas for the lens's `eth_call` (its constructor loops over groups, votes and proposals). */
const LENS_GAS = "0x2faf080"; // 50,000,000

async function readLens<name extends keyof typeof MODES>(
  client: SdkBaseClient,
  name: name,
  account: Address,
  proposalId: bigint,
  signal: AbortSignal | undefined,
  rider?: LensRider,
): Promise<Outputs<name>> {
  return (await readLensWith(client, name, account, proposalId, [], signal, rider)).state;
}

async function readLensWith<name extends keyof typeof MODES>(
  client: SdkBaseClient,
  name: name,
  account: Address,
  proposalId: bigint,
  reads: readonly ReadCall[],
  signal: AbortSignal | undefined,
  rider?: LensRider,
): Promise<{ state: Outputs<name>; reads: ReadResult[] }> {
  const data = concat([
    celoStakingLensBytecode,
    encodeAbiParameters(
      [{ type: "uint256" }, { type: "address" }, { type: "uint256" }],
      [MODES[name], account, proposalId],
    ),
  ]);
  const all = [...reads, ...(rider?.reads ?? [])];
  const batch = await readBatch(client, {
    ...(all.length > 0 ? { reads: all } : {}),
    calls: [{ method: "eth_call", params: [{ data, gas: LENS_GAS }, "latest"] }, ...(rider?.calls ?? [])],
    signal,
  });
  const { calls } = batch;
  rider?.answer(batch.reads.slice(reads.length), calls.slice(1));
  const item = celoStakingLensAbi.find((entry) => entry.name === name);
  const decoded = decodeOutputs(item?.outputs ?? [], calls[0]);
  if (!decoded.ok) {
    throw wrongReadError({
      rpcUrl: client.rpc.rpcUrl,
      target: "Celo core contracts (staking lens)",
      functionName: name,
      reason: `the lens returned ${decoded.reason} (are Celo's core contracts at their mainnet addresses?)`,
    });
  }
  return { state: decoded.values[0] as Outputs<name>, reads: batch.reads.slice(0, reads.length) };
}

/** `account`'s locked CELO, votes, pending withdrawals and governance part, and the eligible groups. @internal */
export function readCeloAccountState(
  client: SdkBaseClient,
  account: Address,
  signal: AbortSignal | undefined,
  rider?: LensRider,
): Promise<CeloAccountState> {
  return readLens(client, "accountState", account, 0n, signal, rider);
}

/** Every registered validator group with name, members, votes, capacity and eligibility. @internal */
export function readCeloGroups(
  client: SdkBaseClient,
  signal: AbortSignal | undefined,
): Promise<CeloGroupsState> {
  return readLens(client, "groups", zeroAddress, 0n, signal);
}

/** Governance's queue and referendums (and `proposalId` when neither has it), and `account`'s part. @internal */
export function readCeloGovernance(
  client: SdkBaseClient,
  account: Address | undefined,
  proposalId: bigint,
  signal: AbortSignal | undefined,
  rider?: LensRider,
): Promise<CeloGovernanceState> {
  return readLens(client, "governanceState", account ?? zeroAddress, proposalId, signal, rider);
}

const voteSignerToAccountAbi = [
  {
    type: "function",
    name: "voteSignerToAccount",
    stateMutability: "view",
    inputs: [{ name: "signer", type: "address" }],
    outputs: [{ name: "", type: "address" }],
  },
] as const;

/**
 * `account`'s state as {@link readCeloAccountState} reads it, and the Celo account `delegatee` votes for
 * (`Accounts.voteSignerToAccount`, what `LockedGold.delegateGovernanceVotes` resolves it to): `null` when it is
 * neither an account nor an account's vote signer (the call reverts). One HTTP request. @internal
 */
export async function readCeloDelegationState(
  client: SdkBaseClient,
  account: Address,
  delegatee: Address,
  signal: AbortSignal | undefined,
  rider?: LensRider,
): Promise<CeloAccountState & { delegateeAccount: Address | null }> {
  const read: ReadCall = {
    target: CELO_STAKING_ADDRESSES.accounts,
    callData: encodeFunctionData({
      abi: voteSignerToAccountAbi,
      functionName: "voteSignerToAccount",
      args: [delegatee],
    }),
    abi: voteSignerToAccountAbi,
  };
  const { state, reads } = await readLensWith(client, "accountState", account, 0n, [read], signal, rider);
  const result = reads[0];
  const delegateeAccount = result?.success === true ? ((result.value as Address | undefined) ?? null) : null;
  return { ...state, delegateeAccount };
}
