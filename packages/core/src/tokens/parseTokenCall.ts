import { rejectUnknownKeys } from "@preflow/errors";
import type { Address } from "viem";
import { type ParseAddressOptions, parseAddress } from "../validation/parseAddress.js";
import type { TokenInfo } from "./registry.js";
import { resolveToken, type TokenInput } from "./resolveToken.js";

/**
 * Checks what every action about an account, another party and a token starts with, before any I/O and in this
 * order: no key outside `keys`, the account (`from`, `owner`) an address, the other party (`to`, `spender`) an
 * address (`counterpartyOptions.allowZero: false` refuses the zero address), the token in the registry. Its
 * errors are the input part of {@link TokenCallErrorType}. @internal
 */
export function parseTokenCall<parameters extends { token: TokenInput }>(
  parameters: parameters,
  keys: readonly string[],
  accountField: keyof parameters & string,
  counterpartyField: keyof parameters & string,
  counterpartyOptions?: ParseAddressOptions,
): { account: Address; counterparty: Address; token: TokenInfo } {
  rejectUnknownKeys(parameters as unknown, "parameters", keys);
  return {
    account: parseAddress(parameters[accountField], accountField),
    counterparty: parseAddress(parameters[counterpartyField], counterpartyField, counterpartyOptions),
    token: resolveToken(parameters.token),
  };
}
