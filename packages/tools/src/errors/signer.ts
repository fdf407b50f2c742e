import { ToolsError } from "./base.js";

/**
 * `CHAIN_PRIVATE_KEY` (or `privateKey` of {@link createToolServer}) is not a usable secp256k1 private key.
 * The message gives the rule and the length of what was given, never the value.
 *
 * @example
 * ```ts
 * import { createToolServer, InvalidPrivateKeyError } from "@preflow/tools";
 *
 * try {
 *   createToolServer({ privateKey: process.env.CHAIN_PRIVATE_KEY });
 * } catch (error) {
 *   if (error instanceof InvalidPrivateKeyError) console.error(error.message); // never contains the key
 * }
 * ```
 */
export class InvalidPrivateKeyError extends ToolsError<"INVALID_PRIVATE_KEY"> {
  override readonly name: string = "InvalidPrivateKeyError";

  constructor(parameters: { variable: string; length: number; rule: string }) {
    const { variable, length, rule } = parameters;
    super({
      code: "INVALID_PRIVATE_KEY",
      message: `${variable} is malformed: ${rule} (got ${length} characters; value not shown). Set it to 0x followed by the 64 hex digits of the signer's private key, or unset it to run without a signer.`,
      details: { variable, length, rule },
    });
  }
}

/**
 * An executing tool (`execute_prepared_flow`, `send_token`) was called on a server that has no signer.
 *
 * @example
 * ```ts
 * import { SignerNotConfiguredError } from "@preflow/tools";
 *
 * const error = new SignerNotConfiguredError({ operation: "send_token" });
 * error.code; // "SIGNER_NOT_CONFIGURED"
 * ```
 */
export class SignerNotConfiguredError extends ToolsError<"SIGNER_NOT_CONFIGURED"> {
  override readonly name: string = "SignerNotConfiguredError";

  constructor(parameters: { operation: string }) {
    const { operation } = parameters;
    super({
      code: "SIGNER_NOT_CONFIGURED",
      message: `${operation} needs a signer, but this tool server has none: give it a signer (CHAIN_KEYSTORE with CHAIN_KEYSTORE_PASSWORD_FILE, CHAIN_SIGNER_MODULE, or CHAIN_PRIVATE_KEY in the server's environment) and restart it. Read, prepare, inspect tools and dry runs of flows that name their \`from\` work without it.`,
      details: { operation },
    });
  }
}

/**
 * `CHAIN_KEYSTORE` (or `keystore` of {@link loadSigner}) is not a Web3 Secret Storage v3 keystore preflow can
 * decrypt: the message names the field and the rule (scrypt or pbkdf2 with hmac-sha256, aes-128-ctr, a 32-byte
 * derived key, hex fields). Never shows the file's secrets (ciphertext, mac).
 *
 * @example
 * ```ts
 * import { InvalidKeystoreError, loadSigner } from "@preflow/tools";
 *
 * try {
 *   await loadSigner({ keystore: "./key.json", passwordFile: "./password" });
 * } catch (error) {
 *   if (error instanceof InvalidKeystoreError) console.error(error.details.field);
 * }
 * ```
 */
export class InvalidKeystoreError extends ToolsError<
  "INVALID_KEYSTORE",
  { file: string; field: string; rule: string }
> {
  override readonly name: string = "InvalidKeystoreError";

  constructor(parameters: { file: string; field: string; rule: string }) {
    const { file, field, rule } = parameters;
    super({
      code: "INVALID_KEYSTORE",
      message: `The keystore ${file} cannot be used: \`${field}\` ${rule}. preflow reads Web3 Secret Storage v3 files (as Foundry's \`cast wallet new\` and geth write them).`,
      details: { file, field, rule },
    });
  }
}

/**
 * The keystore's password is wrong (its MAC does not match the key derived from the password). The executing
 * tools answer with it; reads keep working. The message never holds the password.
 *
 * @example
 * ```ts
 * import { KeystorePasswordInvalidError } from "@preflow/tools";
 *
 * const error = new KeystorePasswordInvalidError({ file: "key.json", source: "CHAIN_KEYSTORE_PASSWORD_FILE" });
 * error.code; // "KEYSTORE_PASSWORD_INVALID"
 * ```
 */
export class KeystorePasswordInvalidError extends ToolsError<
  "KEYSTORE_PASSWORD_INVALID",
  { file: string; source: string }
> {
  override readonly name: string = "KeystorePasswordInvalidError";

  constructor(parameters: { file: string; source: string }) {
    const { file, source } = parameters;
    super({
      code: "KEYSTORE_PASSWORD_INVALID",
      message: `The password from ${source} does not unlock the keystore ${file} (its MAC does not match; password not shown). Nothing was signed. Fix the password${source === "the approval page" ? " and call the tool again to be asked once more" : " file and restart the server"}; read, prepare and inspect tools keep working.`,
      details: { file, source },
    });
  }
}

/**
 * The keystore needs a person to type its password (no `CHAIN_KEYSTORE_PASSWORD_FILE`), and nobody did: the client
 * cannot open a URL for them (no MCP URL-mode elicitation), they closed the page, or it expired.
 *
 * @example
 * ```ts
 * import { KeystoreLockedError } from "@preflow/tools";
 *
 * const error = new KeystoreLockedError({ file: "key.json", reason: "the page expired after 120 s" });
 * error.code; // "KEYSTORE_LOCKED"
 * ```
 */
export class KeystoreLockedError extends ToolsError<"KEYSTORE_LOCKED", { file: string; reason: string }> {
  override readonly name: string = "KeystoreLockedError";

  constructor(parameters: { file: string; reason: string }) {
    const { file, reason } = parameters;
    super({
      code: "KEYSTORE_LOCKED",
      message: `The keystore ${file} is locked: ${reason}. Nothing was signed. Its password is asked of a person on a one-time page on 127.0.0.1 (never through the model); set CHAIN_KEYSTORE_PASSWORD_FILE to a file only the server's user can read to unlock it at start instead.`,
      details: { file, reason },
    });
  }
}
