export { FromMismatchError, InvalidPrivateKeyError, SignerNotConfiguredError } from "./signer.js";
