import type { IntentKinds } from "../definition.js";
import { intentFields } from "../intentFields.js";
import { ERC8004_ADDRESSES } from "./addresses.js";

/**
 * A registration of a new agent in ERC-8004's Identity registry with `uri` (its registration file: a
 * `data:application/json;base64` URI or an address of the file).
 *
 * @example
 * ```ts
 * import type { AgentRegisterIntent } from "@preflow/core";
 * const intent: AgentRegisterIntent = { kind: "agentRegister", uri: "ipfs://bafy…" };
 * ```
 */
export interface AgentRegisterIntent {
  kind: "agentRegister";
  uri: string;
}

/**
 * A change of agent `agentId`'s URI (its registration file) to `uri`.
 *
 * @example
 * ```ts
 * import type { AgentSetUriIntent } from "@preflow/core";
 * const intent: AgentSetUriIntent = { kind: "agentSetUri", agentId: "7", uri: "ipfs://bafy…" };
 * ```
 */
export interface AgentSetUriIntent {
  kind: "agentSetUri";
  agentId: string;
  uri: string;
}

/**
 * A change of agent `agentId`'s wallet to `wallet`, with the wallet's signature valid until `deadline` (unix s).
 *
 * @example
 * ```ts
 * import type { AgentSetWalletIntent } from "@preflow/core";
 * const intent: AgentSetWalletIntent = { kind: "agentSetWallet", agentId: "7", wallet: "0x…", deadline: "1795665410" };
 * ```
 */
export interface AgentSetWalletIntent {
  kind: "agentSetWallet";
  agentId: string;
  wallet: `0x${string}`;
  deadline: string;
}

/**
 * Feedback on agent `agentId`: `value` with `decimals` (a signed decimal integer string, `"9050"` with 2 decimals
 * is 90.50), its tags, endpoint, feedback file URI and hash.
 *
 * @example
 * ```ts
 * import type { AgentFeedbackIntent } from "@preflow/core";
 * const intent: AgentFeedbackIntent = { kind: "agentFeedback", agentId: "7", value: "90", decimals: "0", tag1: "starred", tag2: "", endpoint: "", feedbackUri: "", feedbackHash: "0x00…" };
 * ```
 */
export interface AgentFeedbackIntent {
  kind: "agentFeedback";
  agentId: string;
  value: string;
  decimals: string;
  tag1: string;
  tag2: string;
  endpoint: string;
  feedbackUri: string;
  feedbackHash: string;
}

/** Every ERC-8004 intent. */
export type Erc8004Intent =
  | AgentRegisterIntent
  | AgentSetUriIntent
  | AgentSetWalletIntent
  | AgentFeedbackIntent;

const IDENTITY = ERC8004_ADDRESSES.identityRegistry.toLowerCase();
const REPUTATION = ERC8004_ADDRESSES.reputationRegistry.toLowerCase();

/** The ERC-8004 intent kinds: `agentRegister`, `agentSetUri`, `agentSetWallet`, `agentFeedback`. @internal */
export const erc8004Intents: IntentKinds<Erc8004Intent> = {
  agentRegister: {
    ...intentFields("agentRegister", { uri: "text" }),
    describe: (intent) => `Register an ERC-8004 agent with URI ${short(intent.uri)}`,
    check: (intent, c) => {
      const call = c.action.decoded;
      if (call?.functionName !== "register" || c.action.to.toLowerCase() !== IDENTITY)
        return "says an ERC-8004 agent registration, but its last step does not call the Identity registry's register";
      if (call.args.length !== 1 || !c.same(call.args[0], intent.uri))
        return `says register with URI ${short(intent.uri)}, but the calldata is ${c.show(call)}`;
      return undefined;
    },
  },
  agentSetUri: {
    ...intentFields("agentSetUri", { agentId: "uint", uri: "text" }),
    describe: (intent) => `Set ERC-8004 agent ${intent.agentId}'s URI to ${short(intent.uri)}`,
    check: (intent, c) => {
      const call = c.action.decoded;
      if (call?.functionName !== "setAgentURI" || c.action.to.toLowerCase() !== IDENTITY)
        return "says an ERC-8004 agent URI change, but its last step does not call the Identity registry's setAgentURI";
      if (!c.same(call.args[0], intent.agentId) || !c.same(call.args[1], intent.uri))
        return `says set agent ${intent.agentId}'s URI, but the calldata is ${c.show(call)}`;
      return undefined;
    },
  },
  agentSetWallet: {
    ...intentFields("agentSetWallet", { agentId: "uint", wallet: "address", deadline: "uint" }),
    describe: (intent, c) =>
      `Set ERC-8004 agent ${intent.agentId}'s wallet to ${c.name(intent.wallet)} (its signature valid until ${c.time(intent.deadline)})`,
    check: (intent, c) => {
      const call = c.action.decoded;
      if (call?.functionName !== "setAgentWallet" || c.action.to.toLowerCase() !== IDENTITY)
        return "says an ERC-8004 agent wallet change, but its last step does not call the Identity registry's setAgentWallet";
      if (
        !c.same(call.args[0], intent.agentId) ||
        !c.same(call.args[1], intent.wallet) ||
        !c.same(call.args[2], intent.deadline)
      )
        return `says set agent ${intent.agentId}'s wallet to ${intent.wallet}, but the calldata is ${c.show(call)}`;
      return undefined;
    },
  },
  agentFeedback: {
    ...intentFields("agentFeedback", {
      agentId: "uint",
      value: "text",
      decimals: "uint",
      tag1: "text",
      tag2: "text",
      endpoint: "text",
      feedbackUri: "text",
      feedbackHash: "text",
    }),
    describe: (intent) =>
      `Give ERC-8004 agent ${intent.agentId} feedback ${intent.value}${intent.decimals === "0" ? "" : ` (${intent.decimals} decimals)`}${intent.tag1 ? ` tagged ${intent.tag1}` : ""}`,
    check: (intent, c) => {
      const call = c.action.decoded;
      if (call?.functionName !== "giveFeedback" || c.action.to.toLowerCase() !== REPUTATION)
        return "says ERC-8004 feedback, but its last step does not call the Reputation registry's giveFeedback";
      const expected = [
        intent.agentId,
        intent.value,
        intent.decimals,
        intent.tag1,
        intent.tag2,
        intent.endpoint,
        intent.feedbackUri,
        intent.feedbackHash,
      ];
      if (expected.some((value, index) => !c.same(call.args[index], value)))
        return `says feedback ${intent.value} on agent ${intent.agentId}, but the calldata is ${c.show(call)}`;
      return undefined;
    },
  },
};

function short(uri: string): string {
  return uri.length > 80 ? `${uri.slice(0, 77)}…` : uri;
}
