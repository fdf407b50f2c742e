import { rejectUnknownKeys } from "@preflow/errors";
import type { Address } from "viem";
import { parseAddress } from "./parseAddress.js";
import { parseSignal } from "./parseSignal.js";

/**
 * Checks the parameters of a read about one account (`{ [field]: address, signal? }`), before any I/O: unknown
 * keys refused, the address checked under its own name, the signal an AbortSignal. @internal
 */
export function parseAccountReadParameters<parameters extends object>(
  parameters: parameters,
  field: keyof parameters & string,
): { address: Address; signal: AbortSignal | undefined } {
  const raw = rejectUnknownKeys(parameters as unknown, "parameters", [field, "signal"]);
  const address = parseAddress(raw[field], field);
  return { address, signal: parseSignal(raw.signal) };
}
