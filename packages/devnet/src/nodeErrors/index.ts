// Node error fixtures: the same refusals in op-geth's and op-reth's words and codes, for the fault proxy to serve
// (`{ kind: "error", ...nodeError("op-reth", "nonceTooLow", values) }`), so a test checks every result stays typed and
// truthful under either node.
import { opGethError } from "./opGethErrors.js";
import {
  type NodeErrorAnswer,
  type NodeErrorKind,
  type NodeErrorValues,
  opRethError,
} from "./opRethErrors.js";

export { opGethError } from "./opGethErrors.js";
export {
  type NodeErrorAnswer,
  type NodeErrorKind,
  type NodeErrorValues,
  opRethError,
} from "./opRethErrors.js";

/** The nodes whose errors the fixtures hold. */
export type NodeImplementation = "op-geth" | "op-reth";

/** Both nodes, for `describe.each`. */
export const NODE_IMPLEMENTATIONS: readonly NodeImplementation[] = ["op-geth", "op-reth"];

/**
 * `node`'s answer for `kind`.
 *
 * @example
 * for (const node of NODE_IMPLEMENTATIONS) nodeError(node, "alreadyKnown"); // { code: -32000, message: "already known" }
 */
export function nodeError(
  node: NodeImplementation,
  kind: NodeErrorKind,
  values: NodeErrorValues = {},
): NodeErrorAnswer {
  return node === "op-reth" ? opRethError(kind, values) : opGethError(kind, values);
}
