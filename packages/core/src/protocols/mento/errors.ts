import { abiErrors } from "../abiError.js";
import type { ProtocolRevertErrors } from "../definition.js";

/** Mento v3 reverts: the Router's (IRouter) and the FPMM pools' custom errors (no arguments). @internal */
export const mentoErrors: ProtocolRevertErrors = {
  errors: /* @__PURE__ */ abiErrors([
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
  ]),
};
