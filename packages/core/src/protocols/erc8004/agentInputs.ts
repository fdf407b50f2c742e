// The rules of ERC-8004 inputs, checked before any I/O: agent ids, feedback values, tags and URIs.
import { InvalidArgumentError } from "@preflow/errors";
import { maxUint256 } from "viem";

/** The Reputation registry's bound on a feedback value (`MAX_ABS_VALUE`, 1e38). @internal */
export const MAX_FEEDBACK_ABS_VALUE = 10n ** 38n;
const MAX_STRING = 10_000;

/** An agent id: a bigint, a safe integer or a decimal string, within uint256. @internal */
export function parseAgentId(value: unknown, field = "agentId"): bigint {
  const id =
    typeof value === "bigint"
      ? value
      : typeof value === "number" && Number.isSafeInteger(value)
        ? BigInt(value)
        : typeof value === "string" && /^(0|[1-9][0-9]{0,77})$/.test(value)
          ? BigInt(value)
          : undefined;
  if (id === undefined || id < 0n || id > maxUint256)
    throw new InvalidArgumentError({
      field,
      value,
      rule: "must be an agent id: a non-negative integer (bigint, safe integer or decimal string) within uint256",
    });
  return id;
}

/** A feedback value: a signed integer (bigint, safe integer or decimal string) of at most 1e38 in absolute value. @internal */
export function parseFeedbackValue(value: unknown, field = "value"): bigint {
  const parsed =
    typeof value === "bigint"
      ? value
      : typeof value === "number" && Number.isSafeInteger(value)
        ? BigInt(value)
        : typeof value === "string" && /^-?(0|[1-9][0-9]{0,38})$/.test(value)
          ? BigInt(value)
          : undefined;
  if (parsed === undefined || parsed > MAX_FEEDBACK_ABS_VALUE || parsed < -MAX_FEEDBACK_ABS_VALUE)
    throw new InvalidArgumentError({
      field,
      value,
      rule: "must be a signed integer (bigint, safe integer or decimal string) of at most 1e38 in absolute value, the value in units of 10^-decimals",
    });
  return parsed;
}

/** A string argument of the registries (tag, endpoint, URI): at most 10 000 characters; `nonEmpty` refuses "". @internal */
export function parseRegistryText(
  value: unknown,
  field: string,
  options: { nonEmpty?: boolean } = {},
): string {
  if (typeof value !== "string" || value.length > MAX_STRING || (options.nonEmpty && value === ""))
    throw new InvalidArgumentError({
      field,
      value,
      rule: `must be a ${options.nonEmpty ? "non-empty " : ""}string of at most ${MAX_STRING} characters`,
    });
  return value;
}
