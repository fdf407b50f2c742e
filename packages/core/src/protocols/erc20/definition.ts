import { erc20Abi } from "viem";
import { defineProtocol } from "../definition.js";
import { decodeErc20Approve, decodeErc20Transfer } from "./decoder.js";
import { erc20Errors } from "./errors.js";
import { type Erc20Intent, erc20Intents } from "./intents.js";

/**
 * ERC-20 tokens (any address): `transfer`, `approve`, `transferFrom` read back from calldata; the `send` and
 * `approve` intents; OpenZeppelin v5 and common custom errors; the policy's transfer and approval decoders
 * (`transferFrom` is read back and checked, but the policy treats it as an unknown call: it moves someone
 * else's tokens).
 *
 * @example
 * ```ts
 * import { erc20Protocol } from "@preflow/core";
 * erc20Protocol.intents?.send.describe; // "You send 1.5 USDm to 0x…"
 * ```
 */
export const erc20Protocol = /* @__PURE__ */ defineProtocol<Erc20Intent>({
  id: "erc20",
  label: "ERC-20",
  abi: erc20Abi,
  intents: erc20Intents,
  errors: erc20Errors,
  decoders: [decodeErc20Transfer, decodeErc20Approve],
});
