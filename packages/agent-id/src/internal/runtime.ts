import { AgentIdUnavailableInBrowserError } from "../errors/AgentIdError.js";

/** True where `process.versions.node` exists (Node, and runtimes that emulate it). @internal */
export function isNode(): boolean {
  try {
    const versions = (globalThis as { process?: { versions?: { node?: unknown } } }).process?.versions;
    return typeof versions?.node === "string";
  } catch {
    return false;
  }
}

/** Throws {@link AgentIdUnavailableInBrowserError} outside Node. @internal */
export function assertNode(operation: string): void {
  if (!isNode()) throw new AgentIdUnavailableInBrowserError({ operation: operation });
}
