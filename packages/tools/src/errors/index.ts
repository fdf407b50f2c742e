// The "flow is not from this account" error is core's: executePreparedFlow (in @preflow/core) throws it.
export { FromMismatchError } from "@preflow/core";
export { InvalidPrivateKeyError, SignerNotConfiguredError } from "./signer.js";
