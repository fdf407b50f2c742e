import { InvalidArgumentError } from "@preflow/errors";

/** Validates an agent id argument (the registry's ERC-721 token id): a non-negative integer. @internal */
export function parseAgentIdArgument(value: unknown): bigint {
  if (typeof value === "bigint" && value >= 0n && value < 2n ** 256n) return value;
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === "string" && /^(0|[1-9][0-9]{0,77})$/.test(value) && BigInt(value) < 2n ** 256n) {
    return BigInt(value);
  }
  throw new InvalidArgumentError({
    field: "agentId",
    value: value,
    rule: "must be a non-negative integer (bigint, number or decimal string)",
  });
}
