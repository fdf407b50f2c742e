export { InvalidPrivateKeyError, SignerNotConfiguredError } from "./signer.js";
