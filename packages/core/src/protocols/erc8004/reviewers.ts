// The reviewer list a reputation read takes: the addresses whose feedback the reader trusts.
import { InvalidArgumentError } from "@preflow/errors";
import type { Address } from "viem";
import { parseAddress } from "../../validation/parseAddress.js";

const MAX_REVIEWERS = 100;

/**
 * A list of 1 to 100 reviewer addresses, checked and checksummed, duplicates refused (a duplicate would count its
 * feedback twice in the registry's summary). `optional` allows an empty list. @internal
 */
export function parseReviewers(
  value: unknown,
  field: string,
  options: { optional?: boolean } = {},
): Address[] {
  if (!Array.isArray(value) || value.length > MAX_REVIEWERS || (!options.optional && value.length === 0))
    throw new InvalidArgumentError({
      field,
      value,
      rule: `must be an array of ${options.optional ? 0 : 1} to ${MAX_REVIEWERS} addresses (the reviewers whose feedback is trusted)`,
    });
  const reviewers = value.map((entry, index) => parseAddress(entry, `${field}[${index}]`));
  const seen = new Set<string>();
  for (const [index, reviewer] of reviewers.entries()) {
    if (seen.has(reviewer))
      throw new InvalidArgumentError({
        field: `${field}[${index}]`,
        value: reviewer,
        rule: "must not repeat a reviewer",
      });
    seen.add(reviewer);
  }
  return reviewers;
}
