import { parsePrivateKey } from "../config/parsePrivateKey.js";
import type { ToolServerConfig } from "../config/types.js";
import { InvalidToolServerConfigError } from "../errors/config.js";
import { readKeystoreFile } from "./parseKeystore.js";
import { readPasswordFile } from "./readPasswordFile.js";
import { keystoreAddress, type SignerSource } from "./serverSigner.js";

/** What the server says at start when it runs on a raw key. @internal */
export const RAW_KEY_WARNING =
  "warning: the signer is CHAIN_PRIVATE_KEY, a plain-text key in this process's environment and in the MCP client's config file, which any agent that can run a shell command can read and sign with outside the policy. Safer: CHAIN_KEYSTORE (an encrypted keystore, e.g. `cast wallet import`) with CHAIN_KEYSTORE_PASSWORD_FILE (chmod 600) or a password typed on a local page, or CHAIN_SIGNER_MODULE (a KMS or HSM signer). PREFLOW_REFUSE_RAW_KEY=1 refuses raw keys.";

/**
 * The signer's source from the configuration, checked at start without decrypting anything: one source at most,
 * a raw key's form (refused under `refuseRawKey`), a keystore's fields and its password file's permissions (the
 * password is read then, and kept only in memory), a keystore's address when a person will unlock it. Throws
 * InvalidPrivateKeyError, InvalidKeystoreError or InvalidToolServerConfigError. @internal
 */
export function resolveSignerSource(
  config: ToolServerConfig,
  warn: (line: string) => void,
): SignerSource | undefined {
  const given = (
    [
      ["CHAIN_PRIVATE_KEY", config.privateKey],
      ["CHAIN_KEYSTORE", config.keystore],
      ["CHAIN_SIGNER_MODULE", config.signerModule],
    ] as const
  ).filter(([, value]) => value !== undefined);
  if (given.length > 1) {
    throw new InvalidToolServerConfigError({
      variable: given.map(([name]) => name).join(", "),
      rule: "name one signer only: CHAIN_KEYSTORE, CHAIN_SIGNER_MODULE or CHAIN_PRIVATE_KEY",
    });
  }
  if (config.keystore === undefined) {
    for (const [name, value] of [
      ["CHAIN_KEYSTORE_PASSWORD_FILE", config.keystorePasswordFile],
      ["CHAIN_KEYSTORE_ADDRESS", config.keystoreAddress],
    ] as const) {
      if (value !== undefined)
        throw new InvalidToolServerConfigError({ variable: name, rule: "is used only with CHAIN_KEYSTORE" });
    }
  }
  if (config.privateKey !== undefined) {
    if (config.refuseRawKey === true) {
      throw new InvalidToolServerConfigError({
        variable: "CHAIN_PRIVATE_KEY",
        rule: "is refused (PREFLOW_REFUSE_RAW_KEY=1): give the signer as CHAIN_KEYSTORE (with CHAIN_KEYSTORE_PASSWORD_FILE) or CHAIN_SIGNER_MODULE",
      });
    }
    const privateKey = parsePrivateKey(config.privateKey);
    warn(RAW_KEY_WARNING);
    return { kind: "private-key", privateKey };
  }
  if (config.signerModule !== undefined) return { kind: "module", file: config.signerModule };
  if (config.keystore !== undefined) {
    const file = config.keystore;
    const parsed = readKeystoreFile(file, "CHAIN_KEYSTORE");
    const password =
      config.keystorePasswordFile === undefined ? undefined : readPasswordFile(config.keystorePasswordFile);
    const address = keystoreAddress(parsed, config.keystoreAddress, file, password !== undefined);
    return { kind: "keystore", file, parsed, password, address };
  }
  return undefined;
}
