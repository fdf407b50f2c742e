import { type Address, zeroAddress } from "viem";

/**
 * The neighbours Election's sorted list of eligible groups needs when `group`'s total votes become `votes`:
 * `lesser` just below, `greater` just above (the zero address at either end). `groups` is the list as
 * `getTotalVotesForEligibleValidatorGroups` returns it (descending). Pure. @internal
 */
export function groupNeighbours(
  groups: readonly { readonly group: Address; readonly votes: bigint }[],
  group: Address,
  votes: bigint,
): { lesser: Address; greater: Address } {
  const others = groups.filter((g) => g.group.toLowerCase() !== group.toLowerCase());
  let index = others.findIndex((g) => g.votes <= votes);
  if (index === -1) index = others.length;
  return { greater: others[index - 1]?.group ?? zeroAddress, lesser: others[index]?.group ?? zeroAddress };
}

/**
 * The neighbours Governance's queue (sorted by upvotes, descending) needs when `proposalId`'s upvotes become
 * `upvotes` (0 at either end). `ids` and `upvotes` are `getQueue()`'s answer (ascending, as Governance returns
 * it). Pure. @internal
 */
export function queueNeighbours(
  ids: readonly bigint[],
  upvotes: readonly bigint[],
  proposalId: bigint,
  newUpvotes: bigint,
): { lesser: bigint; greater: bigint } {
  const others = ids
    .map((id, i) => ({ id, upvotes: upvotes[i] ?? 0n }))
    .filter((entry) => entry.id !== proposalId)
    .sort((a, b) => (a.upvotes === b.upvotes ? 0 : a.upvotes > b.upvotes ? -1 : 1));
  let index = others.findIndex((entry) => entry.upvotes <= newUpvotes);
  if (index === -1) index = others.length;
  return { greater: others[index - 1]?.id ?? 0n, lesser: others[index]?.id ?? 0n };
}
