import { normalize } from "viem/ens";
import { InvalidEnsNameError } from "../../errors/ens.js";

// ENSIP-15 normalization (viem's `normalize`, @adraffy/ens-normalize) is the largest piece of ENS code: this
// module is only ever loaded by dynamic import (`parseEnsName`, `resolveEns`), so browser bundles keep it out of
// their start. @internal
/** Normalizes and checks an ENS name (see `parseEnsName`). @internal */
export function normalizeEnsName(name: unknown): string {
  if (typeof name !== "string") throw new InvalidEnsNameError({ name, rule: "must be a string" });
  if (name.length === 0) throw new InvalidEnsNameError({ name, rule: "must not be empty" });
  let normalized: string;
  try {
    normalized = normalize(name);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0]!.replace(/\.$/, "") : String(error);
    throw new InvalidEnsNameError({ name, rule: `is not a valid ENSIP-15 name (${reason})` });
  }
  if (normalized.length === 0) throw new InvalidEnsNameError({ name, rule: "must not be empty" });
  if (normalized.split(".").some((label) => label.length === 0)) {
    throw new InvalidEnsNameError({
      name,
      rule: "must not have an empty label (a leading, trailing or double dot)",
    });
  }
  return normalized;
}
