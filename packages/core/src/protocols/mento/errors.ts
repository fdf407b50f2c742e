import { abiError } from "../abiError.js";
import type { ProtocolRevertErrors } from "../definition.js";

/** Mento v3 reverts: the Router's (IRouter) and the FPMM pools' custom errors (no arguments). @internal */
export const mentoErrors: ProtocolRevertErrors = {
  errors: /* @__PURE__ */ [
    "Expired",
    "InsufficientAmount",
    "InsufficientLiquidity",
    "InsufficientOutputAmount",
    "InsufficientInputAmount",
    "InvalidPath",
    "InvalidRouteA",
    "InvalidRouteB",
    "InvalidToken",
    "InvalidToAddress",
    "PoolDoesNotExist",
    "PoolFactoryDoesNotExist",
    "ReserveValueDecreased",
    "SameAddresses",
    "ZeroAddress",
    "ReferenceRateNotSet",
  ].map((name) => abiError(name)),
};
