import type { SdkBaseClient } from "@preflow/core";
import type { LocalAccount } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { MissingAgentIdKeyError } from "../errors/AgentIdError.js";
import { assertNode } from "./runtime.js";

/** The agent account of each client configuration, made on first use (the key never leaves the closure). */
const accounts = new WeakMap<object, LocalAccount>();

/**
 * The agent's signing account, from the client's `agentIdPrivateKey` / `AGENT_ID_PRIVATE_KEY`. Throws
 * `AgentIdUnavailableInBrowserError` outside Node and `MissingAgentIdKeyError` without a key. @internal
 */
export function agentAccountOf(client: Pick<SdkBaseClient, "config">, operation: string): LocalAccount {
  assertNode(operation);
  const key = client.config.agentId.privateKey;
  if (key === undefined) throw new MissingAgentIdKeyError({ operation });
  let account = accounts.get(client.config);
  if (account === undefined) {
    account = privateKeyToAccount(key.reveal());
    accounts.set(client.config, account);
  }
  return account;
}
