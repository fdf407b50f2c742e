// ERC-8004: the exported actions of this folder, each a function that loads its module on the first call, so
// that a page importing the package (or a client holding the group) fetches an action's code only when it runs.
// Generated once from the actions' own TSDoc; the implementation lives in the module each one loads.
import { lazyAction } from "../../clients/runLazyAction.js";

/**
 * Reads an ERC-8004 agent from the Identity registry on Celo: owner, URI, agent wallet, the metadata keys asked
 * for, and its registration file when the URI holds it (`data:application/json`), parsed and validated. `null`
 * when no agent has the id. A tracked read (`erc8004.getAgent`, by owner).
 *
 * HTTP requests: 1 (`ownerOf`, `tokenURI`, `getAgentWallet`, each `getMetadata` and the block number in one
 * Multicall3 call).
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link GetAgentErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getAgent } from "@preflow/core";
 *
 * const agent = await getAgent(createSdkBaseClient(), { agentId: 7n });
 * agent?.registrationFile?.services.find((s) => s.name === "MCP")?.endpoint;
 * ```
 *
 * @function
 */
export const getAgent = /* @__PURE__ */ lazyAction(
  async () => (await import("./actions/getAgent.js")).getAgent,
);

/**
 * Reads an ERC-8004 agent's reputation among reviewers the reader trusts: the Reputation registry's
 * `getSummary(agentId, reviewers, tag1, tag2)` (count of their feedback, its average at the most common
 * decimals). A tracked read (`erc8004.getAgentReputation`).
 *
 * HTTP requests: 1 (`getSummary` and the block number in one Multicall3 call).
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link GetAgentReputationErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getAgentReputation } from "@preflow/core";
 *
 * const reputation = await getAgentReputation(createSdkBaseClient(), { agentId: 7n, reviewers: trusted, tag1: "starred" });
 * console.log(`${reputation.average} over ${reputation.count} reviews`);
 * ```
 *
 * @function
 */
export const getAgentReputation = /* @__PURE__ */ lazyAction(
  async () => (await import("./actions/getAgentReputation.js")).getAgentReputation,
);

/**
 * Reads an ERC-8004 agent's feedback entries (the Reputation registry's `readAllFeedback`), optionally only from
 * `reviewers`, with tags, revoked ones included on request. A tracked read (`erc8004.readAgentFeedback`).
 *
 * HTTP requests: 1 (`readAllFeedback` and the block number in one Multicall3 call).
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link ReadAgentFeedbackErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, readAgentFeedback } from "@preflow/core";
 *
 * const { feedback } = await readAgentFeedback(createSdkBaseClient(), { agentId: 7n, reviewers: trusted });
 * for (const entry of feedback) console.log(entry.reviewer, entry.amount, entry.tag1);
 * ```
 *
 * @function
 */
export const readAgentFeedback = /* @__PURE__ */ lazyAction(
  async () => (await import("./actions/readAgentFeedback.js")).readAgentFeedback,
);

/**
 * Prepares the registration of a new ERC-8004 agent on Celo: the Identity registry's `register(agentURI)`, which
 * mints the agent (an ERC-721) to the signer, sets its agent wallet to the signer and emits
 * `Registered(agentId, agentURI, owner)`. Given a `registration` file, it is validated and kept on chain as a
 * `data:application/json;base64` URI; given a `uri`, the file is wherever it points. Not tracked by telemetry.
 *
 * HTTP requests: 1 (the block number, and the fee plan's reads when gas is paid in a fee currency, in one batch).
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link PrepareRegisterAgentErrorType}
 *
 * @example
 * ```ts
 * import { buildRegistrationFile, createSdkBaseClient, prepareRegisterAgent } from "@preflow/core";
 *
 * const registration = buildRegistrationFile({ name: "Quoter", description: "Quotes Celo swaps", agentWallet: from });
 * const flow = await prepareRegisterAgent(createSdkBaseClient(), { from, registration });
 * ```
 *
 * @function
 */
export const prepareRegisterAgent = /* @__PURE__ */ lazyAction(
  async () => (await import("./actions/prepareRegisterAgent.js")).prepareRegisterAgent,
);

/**
 * Prepares a change of an ERC-8004 agent's URI (its registration file): the Identity registry's
 * `setAgentURI(agentId, newURI)`. Refused with {@link Erc8004RefusedError} before anything is built when no
 * agent has the id or the signer is neither its owner nor an operator. Not tracked by telemetry.
 *
 * HTTP requests: 1 (`isAuthorizedOrOwner`, the block number and the fee plan's reads in one batch).
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link PrepareSetAgentUriErrorType}
 *
 * @example
 * ```ts
 * import { buildRegistrationFile, createSdkBaseClient, prepareSetAgentUri } from "@preflow/core";
 *
 * const registration = buildRegistrationFile({ name: "Quoter", description: "Quotes Celo swaps", agentId: 7n });
 * const flow = await prepareSetAgentUri(createSdkBaseClient(), { from, agentId: 7n, registration });
 * ```
 *
 * @function
 */
export const prepareSetAgentUri = /* @__PURE__ */ lazyAction(
  async () => (await import("./actions/prepareSetAgentUri.js")).prepareSetAgentUri,
);

/**
 * Prepares a change of an ERC-8004 agent's wallet (where it is paid): the Identity registry's
 * `setAgentWallet(agentId, newWallet, deadline, signature)`, where the new wallet proves control by signing
 * {@link agentWalletTypedData} (EIP-712, deadline at most 5 minutes ahead). The signature is checked as the
 * registry does before anything is returned: ECDSA by the wallet first (EOAs, EIP-7702-delegated EOAs), else the
 * wallet's ERC-1271 `isValidSignature`. Refused with {@link Erc8004RefusedError} when no agent has the id, the
 * signer is neither its owner nor an operator, the deadline is outside the window, or the signature is not the
 * wallet's. The flow `expiresAt` the deadline. Not tracked by telemetry.
 *
 * HTTP requests: 1 (owner, authorisation, the block's number and time and the fee plan's reads in one batch);
 * 2 when the wallet's signature is checked by ERC-1271 (its `isValidSignature`, once ECDSA did not recover it).
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link PrepareSetAgentWalletErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareSetAgentWallet } from "@preflow/core";
 *
 * const flow = await prepareSetAgentWallet(createSdkBaseClient(), {
 *   from: owner,
 *   agentId: 7n,
 *   wallet: hot.address,
 *   signTypedData: (typedData) => hot.signTypedData(typedData),
 * });
 * ```
 *
 * @function
 */
export const prepareSetAgentWallet = /* @__PURE__ */ lazyAction(
  async () => (await import("./actions/prepareSetAgentWallet.js")).prepareSetAgentWallet,
);

/**
 * Prepares feedback on an ERC-8004 agent: the Reputation registry's `giveFeedback(agentId, value, valueDecimals,
 * tag1, tag2, endpoint, feedbackURI, feedbackHash)`, which emits `NewFeedback`. Refused with
 * {@link Erc8004RefusedError} before anything is built when no agent has the id or the signer owns or operates
 * it (the registry refuses self-feedback). Not tracked by telemetry.
 *
 * HTTP requests: 1 (`isAuthorizedOrOwner`, the block's number and time and the fee plan's reads in one batch).
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link PrepareGiveFeedbackErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareGiveFeedback } from "@preflow/core";
 *
 * const flow = await prepareGiveFeedback(createSdkBaseClient(), {
 *   from,
 *   agentId: 7n,
 *   value: 95n,
 *   tag1: "starred",
 *   proofOfPayment: { fromAddress: from, toAddress: payTo, chainId: "42220", txHash: settlement.transaction },
 * });
 * ```
 *
 * @function
 */
export const prepareGiveFeedback = /* @__PURE__ */ lazyAction(
  async () => (await import("./actions/prepareGiveFeedback.js")).prepareGiveFeedback,
);
