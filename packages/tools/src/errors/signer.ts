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
      message: `${operation} needs a signer, but this tool server has none: set CHAIN_PRIVATE_KEY in the server's environment (MCP client config "env") and restart it. Read, prepare, inspect tools and dry runs of flows that name their \`from\` work without it.`,
      details: { operation },
    });
  }
}
