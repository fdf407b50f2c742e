import { InvalidEnsNameError } from "../../errors/ens.js";

/**
 * Normalizes an ENS name with ENSIP-15 (viem's `normalize`: lowercase, Unicode-normalized, emoji and confusables
 * checked) and checks its shape. Asynchronous because the normalization tables (about 25 KB gzipped) are loaded on
 * first use, which keeps them out of a browser bundle's start. No network I/O besides that module load.
 *
 * @param name - Anything.
 * @returns The normalized name.
 * @throws {InvalidEnsNameError} `name` is not a string, is empty, has an empty label, or normalization refuses it.
 *
 * @example
 * ```ts
 * import { parseEnsName } from "@preflow/core";
 * await parseEnsName("Alice.Celo.ETH"); // "alice.celo.eth"
 * ```
 */
export async function parseEnsName(name: unknown): Promise<string> {
  if (typeof name !== "string") throw new InvalidEnsNameError({ name, rule: "must be a string" });
  if (name.length === 0) throw new InvalidEnsNameError({ name, rule: "must not be empty" });
  const { normalizeEnsName } = await import("./normalizeEnsName.js");
  return normalizeEnsName(name);
}
