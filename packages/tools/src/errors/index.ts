// The "flow is not from this account" error is core's: executePreparedFlow (in @preflow/core) throws it.
export { FlowAccountMismatchError } from "@preflow/core";
export { InvalidPrivateKeyError, SignerNotConfiguredError } from "./signer.js";
