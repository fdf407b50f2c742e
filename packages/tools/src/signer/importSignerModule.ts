import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { LocalAccount } from "viem";
import { InvalidToolServerConfigError } from "../errors/config.js";
import { completeAccount } from "./completeAccount.js";

const SIGNING = ["signMessage", "signTransaction", "signTypedData"] as const;

/**
 * Imports a signer module (an ES module or CommonJS file whose default export is an async function returning a viem
 * `LocalAccount`: a KMS, HSM or remote signer) and checks what it returns: an address and the three signing
 * functions. Errors name the variable and the rule; the module's own error is summarised by its class and message
 * (a module is trusted code; it must not put secrets in its errors). @internal
 */
export async function importSignerModule(
  file: string,
  variable = "CHAIN_SIGNER_MODULE",
): Promise<LocalAccount> {
  const fail = (rule: string): never => {
    throw new InvalidToolServerConfigError({ variable, value: file, rule });
  };
  let loaded: { default?: unknown };
  try {
    loaded = (await import(pathToFileURL(resolve(file)).href)) as { default?: unknown };
  } catch (error) {
    return fail(
      `could not be imported (${(error as Error)?.name ?? "Error"}: ${String((error as Error)?.message ?? error).slice(0, 200)})`,
    );
  }
  // CommonJS `module.exports = fn` arrives as default; `exports.default = fn` arrives one level down.
  let factory = loaded.default;
  if (
    typeof factory === "object" &&
    factory !== null &&
    typeof (factory as { default?: unknown }).default === "function"
  ) {
    factory = (factory as { default: unknown }).default;
  }
  if (typeof factory !== "function")
    return fail("must have a default export: an async function returning a viem LocalAccount");
  let account: unknown;
  try {
    account = await (factory as () => unknown)();
  } catch (error) {
    return fail(
      `its default export threw (${(error as Error)?.name ?? "Error"}: ${String((error as Error)?.message ?? error).slice(0, 200)})`,
    );
  }
  const candidate = account as Partial<LocalAccount> | null;
  if (typeof candidate !== "object" || candidate === null)
    return fail("must resolve to a viem LocalAccount object");
  if (typeof candidate.address !== "string" || !/^0x[0-9a-fA-F]{40}$/.test(candidate.address)) {
    return fail("must resolve to an account with a 0x address");
  }
  for (const name of SIGNING) {
    if (typeof candidate[name] !== "function")
      fail(`must resolve to an account with ${name} (viem's toAccount builds one)`);
  }
  return completeAccount({ ...(candidate as LocalAccount), type: "local" });
}
