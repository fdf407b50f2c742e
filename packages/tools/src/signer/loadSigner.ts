// Where a signer's key comes from, for apps and scripts: the same three sources as the tool server (a keystore file
// with its password, a signer module, a raw key). Node-only (it reads files and imports modules), so it lives in
// @preflow/tools, not in @preflow/core, which stays free of node:fs for browsers.
import type { LocalAccount } from "viem";
import { parsePrivateKey } from "../config/parsePrivateKey.js";
import { InvalidToolServerConfigError } from "../errors/config.js";
import { decryptKeystore } from "./decryptKeystore.js";
import { importSignerModule } from "./importSignerModule.js";
import { readKeystoreFile } from "./parseKeystore.js";
import { readPasswordFile } from "./readPasswordFile.js";

/**
 * Parameters of {@link loadSigner}: exactly one source.
 *
 * - `keystore`: a Web3 Secret Storage v3 file (Foundry's `~/.foundry/keystores/<name>`, geth's keystore), with
 *   `passwordFile` (owner-only file) or `password`.
 * - `module`: a file whose default export is an async function returning a viem `LocalAccount` (KMS, HSM).
 * - `privateKey`: `0x` + 64 hex digits (the least safe: prefer the other two).
 *
 * @example
 * ```ts
 * import type { LoadSignerParameters } from "@preflow/tools";
 * const source: LoadSignerParameters = { keystore: "/home/me/.foundry/keystores/agent", passwordFile: "/home/me/.agent-password" };
 * ```
 */
export type LoadSignerParameters =
  | {
      keystore: string;
      passwordFile: string;
      password?: undefined;
      module?: undefined;
      privateKey?: undefined;
    }
  | {
      keystore: string;
      password: string;
      passwordFile?: undefined;
      module?: undefined;
      privateKey?: undefined;
    }
  | {
      module: string;
      keystore?: undefined;
      password?: undefined;
      passwordFile?: undefined;
      privateKey?: undefined;
    }
  | {
      privateKey: string;
      keystore?: undefined;
      password?: undefined;
      passwordFile?: undefined;
      module?: undefined;
    };

/**
 * What {@link loadSigner} returns: a viem account for `createSdkClient`, `executePreparedFlow` or a wallet client.
 *
 * @example
 * ```ts
 * import { loadSigner, type LoadSignerReturnType } from "@preflow/tools";
 * const account: LoadSignerReturnType = await loadSigner({ module: "./kms-signer.mjs" });
 * ```
 */
export type LoadSignerReturnType = LocalAccount;

/**
 * The errors {@link loadSigner} throws: `InvalidKeystoreError`, `KeystorePasswordInvalidError`,
 * `InvalidPrivateKeyError`, `InvalidToolServerConfigError` (a password file others can read, a signer module that
 * does not give an account, several sources or none).
 *
 * @example
 * ```ts
 * import { loadSigner, type LoadSignerErrorType } from "@preflow/tools";
 * try {
 *   await loadSigner({ keystore: "./agent.json", passwordFile: "./agent-password" });
 * } catch (error) {
 *   if ((error as LoadSignerErrorType).code === "KEYSTORE_PASSWORD_INVALID") console.error("wrong password");
 * }
 * ```
 */
export type LoadSignerErrorType =
  | import("../errors/signer.js").InvalidKeystoreError
  | import("../errors/signer.js").KeystorePasswordInvalidError
  | import("../errors/signer.js").InvalidPrivateKeyError
  | InvalidToolServerConfigError;

const KEYS = new Set(["keystore", "password", "passwordFile", "module", "privateKey"]);

/**
 * Loads a signer from a keystore, a signer module or a raw key: the way the tool server loads its own
 * (`CHAIN_KEYSTORE`, `CHAIN_SIGNER_MODULE`, `CHAIN_PRIVATE_KEY`), for apps and scripts. A keystore is decrypted
 * without blocking the event loop (scrypt or pbkdf2, then aes-128-ctr and its MAC, with ox's Keystore); a wrong
 * password throws `KeystorePasswordInvalidError`. No error message holds a key or a password. No network I/O (a
 * signer module may do its own, e.g. fetch its KMS public key).
 *
 * @example
 * ```ts
 * import { createSdkClient, executePreparedFlow } from "@preflow/core";
 * import { loadSigner } from "@preflow/tools";
 *
 * const account = await loadSigner({
 *   keystore: `${process.env.HOME}/.foundry/keystores/agent`, // cast wallet import agent --interactive
 *   passwordFile: `${process.env.HOME}/.config/agent-password`, // chmod 600
 * });
 * const sdk = createSdkClient();
 * const flow = await sdk.prepareSend({ from: account.address, to: "0x…", token: "USDC", amount: "1" });
 * await executePreparedFlow(sdk, { flow, account });
 * ```
 */
export async function loadSigner(parameters: LoadSignerParameters): Promise<LoadSignerReturnType> {
  for (const key of Object.keys(parameters)) {
    if (!KEYS.has(key)) {
      throw new InvalidToolServerConfigError({
        variable: key,
        rule: `is not an option of loadSigner (${[...KEYS].join(", ")})`,
      });
    }
  }
  const given = (["keystore", "module", "privateKey"] as const).filter(
    (key) => parameters[key] !== undefined,
  );
  if (given.length !== 1) {
    throw new InvalidToolServerConfigError({
      variable: given.length === 0 ? "keystore" : given.join(", "),
      rule: "give exactly one source: keystore (with passwordFile or password), module or privateKey",
    });
  }
  if (parameters.module !== undefined) return importSignerModule(parameters.module, "module");
  const { privateKeyToAccount } = await import("viem/accounts");
  if (parameters.privateKey !== undefined) {
    return privateKeyToAccount(parsePrivateKey(parameters.privateKey, "privateKey"));
  }
  const file = parameters.keystore as string;
  if ((parameters.password === undefined) === (parameters.passwordFile === undefined)) {
    throw new InvalidToolServerConfigError({
      variable: "passwordFile",
      rule: "a keystore needs exactly one of passwordFile or password",
    });
  }
  const password =
    parameters.passwordFile === undefined
      ? (parameters.password as string)
      : readPasswordFile(parameters.passwordFile, "passwordFile");
  return unlockKeystoreFile({
    file,
    password,
    source: parameters.passwordFile === undefined ? "password" : "passwordFile",
  });
}

/** Reads, decrypts and checks a keystore file (its declared address, when it has one). @internal */
export async function unlockKeystoreFile(parameters: {
  file: string;
  password: string;
  source: string;
  variable?: string;
}): Promise<LocalAccount> {
  const { file, password, source } = parameters;
  const parsed = readKeystoreFile(file, parameters.variable ?? "keystore");
  const { privateKeyToAccount } = await import("viem/accounts");
  const account = privateKeyToAccount(await decryptKeystore({ parsed, password, file, source }));
  if (parsed.address !== undefined && parsed.address !== account.address.toLowerCase()) {
    const { InvalidKeystoreError } = await import("../errors/signer.js");
    throw new InvalidKeystoreError({
      file,
      field: "address",
      rule: `is not the address of the key it holds (${account.address})`,
    });
  }
  return account;
}
