import { rejectUnknownKeys } from "@preflow/attribution";
import { type AbiParameter, decodeErrorResult, encodeErrorResult, type Hex } from "viem";
import { toJsonValue } from "../../flow/toJsonValue.js";
import type { JsonValue } from "../../flow/types.js";

/**
 * Where a decoded revert's definition comes from: Solidity's own `Error(string)` / `Panic(uint256)`, or the
 * custom errors preflow knows of ERC-20 tokens, Uniswap, Mento and Aave v3; `null` when not decoded.
 *
 * @example
 * ```ts
 * import type { RevertSource } from "@preflow/core";
 * const source: RevertSource = "erc20";
 * ```
 */
export type RevertSource = "solidity" | "erc20" | "uniswap" | "mento" | "aave-v3" | null;

/**
 * Why a call reverted, decoded from its revert data. JSON-safe (integers as decimal strings).
 *
 * @example
 * ```ts
 * import type { RevertReason } from "@preflow/core";
 * const reason: RevertReason = {
 *   name: "ERC20InsufficientBalance",
 *   source: "erc20",
 *   selector: "0xe450d38c",
 *   args: ["0x1111111111111111111111111111111111111111", "5000000", "7000000"],
 *   message: "ERC20InsufficientBalance(sender: 0x1111111111111111111111111111111111111111, balance: 5000000, needed: 7000000) [ERC-20]",
 *   data: "0xe450d38c…",
 * };
 * ```
 */
export interface RevertReason {
  /** `"Error"`, `"Panic"`, a known custom error's name, or `null` when the data matches nothing preflow knows. */
  name: string | null;
  source: RevertSource;
  /** The first 4 bytes of the data, or `null` when the revert carries no (or less than 4 bytes of) data. */
  selector: Hex | null;
  /** The decoded arguments (empty when not decoded). */
  args: JsonValue[];
  /** One readable line: `Error("…")`, `Panic(0x11): arithmetic overflow or underflow`, the custom error, or the raw selector. */
  message: string;
  /** The raw revert data (`"0x"` when none or not hex), cut to 2 KiB. */
  data: Hex;
}

/**
 * Options of {@link decodeRevertReason}.
 *
 * @example
 * ```ts
 * import type { DecodeRevertReasonOptions } from "@preflow/core";
 * const options: DecodeRevertReasonOptions = { aaveErrorCodes: true };
 * ```
 */
export interface DecodeRevertReasonOptions {
  /**
   * Read `Error("26")`-style reverts as Aave v3.0–v3.3 error codes (`INVALID_AMOUNT`...). Set it when the call
   * went to Aave (a bare number is ambiguous otherwise). Default `false`.
   */
  aaveErrorCodes?: boolean | undefined;
}

type Input = readonly [name: string, type: string];
const entry = (name: string, inputs: readonly Input[] = []) =>
  ({
    type: "error",
    name,
    inputs: inputs.map(([n, t]) => ({ name: n, type: t })) as AbiParameter[],
  }) as const;

const SOLIDITY = [entry("Error", [["message", "string"]]), entry("Panic", [["code", "uint256"]])];

// ERC-20: OpenZeppelin v5's IERC20Errors, and the common `InsufficientBalance`/`InsufficientAllowance` shapes
// (devnet tokens, Solady-style tokens). OpenZeppelin v4 and most Celo tokens revert with `Error(string)`.
const ERC20 = [
  entry("ERC20InsufficientBalance", [
    ["sender", "address"],
    ["balance", "uint256"],
    ["needed", "uint256"],
  ]),
  entry("ERC20InvalidSender", [["sender", "address"]]),
  entry("ERC20InvalidReceiver", [["receiver", "address"]]),
  entry("ERC20InsufficientAllowance", [
    ["spender", "address"],
    ["allowance", "uint256"],
    ["needed", "uint256"],
  ]),
  entry("ERC20InvalidApprover", [["approver", "address"]]),
  entry("ERC20InvalidSpender", [["spender", "address"]]),
  entry("InsufficientBalance", [
    ["account", "address"],
    ["balance", "uint256"],
    ["needed", "uint256"],
  ]),
  entry("InsufficientAllowance", [
    ["spender", "address"],
    ["allowance", "uint256"],
    ["needed", "uint256"],
  ]),
  entry("InvalidReceiver", [["receiver", "address"]]),
];

// Uniswap: Universal Router and Permit2 custom errors (SwapRouter02 and the v3 pools revert with short strings,
// read below).
const UNISWAP = [
  entry("V3TooLittleReceived"),
  entry("V3TooMuchRequested"),
  entry("V3InvalidSwap"),
  entry("V3InvalidAmountOut"),
  entry("V3InvalidCaller"),
  entry("V2TooLittleReceived"),
  entry("V2TooMuchRequested"),
  entry("TransactionDeadlinePassed"),
  entry("InsufficientToken"),
  entry("InsufficientETH"),
  entry("AllowanceExpired", [["deadline", "uint256"]]),
  entry("InsufficientAllowance", [["amount", "uint256"]]),
];

// Mento v3: the Router (IRouter) and FPMM pool errors.
const MENTO = [
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
].map((name) => entry(name));

// Aave v3.4+: argument-less custom errors named after the v3.0–v3.3 string codes (the user-facing ones).
const AAVE = [
  "InvalidAmount",
  "ReserveInactive",
  "ReserveFrozen",
  "ReservePaused",
  "BorrowingNotEnabled",
  "NotEnoughAvailableUserBalance",
  "CollateralBalanceIsZero",
  "HealthFactorLowerThanLiquidationThreshold",
  "CollateralCannotCoverNewBorrow",
  "NoDebtOfSelectedType",
  "NoExplicitAmountToRepayOnBehalf",
  "NoOutstandingVariableDebt",
  "UnderlyingBalanceZero",
  "BorrowCapExceeded",
  "SupplyCapExceeded",
  "DebtCeilingExceeded",
  "LtvValidationFailed",
  "AssetNotBorrowableInIsolation",
  "UserInIsolationModeOrLtvZero",
  "SiloedBorrowingViolation",
  "NotBorrowableInEMode",
  "WithdrawToAToken",
  "SupplyToAToken",
  "ZeroAddressNotValid",
].map((name) => entry(name));

const KNOWN = [...SOLIDITY, ...ERC20, ...UNISWAP, ...MENTO, ...AAVE];
const SOURCE = new Map<string, Exclude<RevertSource, null>>();
for (const [list, source] of [
  [SOLIDITY, "solidity"],
  [ERC20, "erc20"],
  [UNISWAP, "uniswap"],
  [MENTO, "mento"],
  [AAVE, "aave-v3"],
] as const) {
  for (const item of list) {
    const key = `${item.name}(${item.inputs.map((input) => input.type).join(",")})`;
    if (!SOURCE.has(key)) SOURCE.set(key, source);
  }
}
const SOURCE_LABEL: Record<Exclude<RevertSource, null>, string> = {
  solidity: "Solidity",
  erc20: "ERC-20",
  uniswap: "Uniswap",
  mento: "Mento",
  "aave-v3": "Aave v3",
};

/** Solidity's panic codes. */
const PANIC: Record<number, string> = {
  0: "generic compiler panic",
  1: "assertion failed",
  17: "arithmetic overflow or underflow",
  18: "division or modulo by zero",
  33: "invalid enum value",
  34: "corrupt storage byte array",
  49: "pop on an empty array",
  50: "array index out of bounds",
  65: "out of memory (too large an allocation)",
  81: "call to an uninitialized function pointer",
};

/** Uniswap v3 periphery and pool short revert strings. */
const UNISWAP_STRINGS: Record<string, string> = {
  STF: "the token transfer from the sender failed (allowance or balance too low)",
  TF: "a token transfer failed",
  ST: "a token transfer failed",
  SA: "a token approval failed",
  "Too little received": "the output is below the minimum (price moved beyond the slippage limit)",
  "Too much requested": "the input is above the maximum (price moved beyond the slippage limit)",
  "Transaction too old": "the deadline has passed",
  SPL: "the price limit is invalid",
  LOK: "the pool is locked (re-entrancy)",
  AS: "the swap amount is zero",
  IIA: "the pool received too little input",
};

/** Aave v3.0–v3.3 string codes (`Errors.sol`), the user-facing ones. */
const AAVE_CODES: Record<string, string> = {
  "26": "INVALID_AMOUNT: amount must be greater than 0",
  "27": "RESERVE_INACTIVE: the reserve is not active",
  "28": "RESERVE_FROZEN: the reserve is frozen",
  "29": "RESERVE_PAUSED: the reserve is paused",
  "30": "BORROWING_NOT_ENABLED: borrowing is not enabled",
  "32": "NOT_ENOUGH_AVAILABLE_USER_BALANCE: cannot withdraw more than the available balance",
  "33": "INVALID_INTEREST_RATE_MODE_SELECTED: invalid interest rate mode",
  "34": "COLLATERAL_BALANCE_IS_ZERO: the collateral balance is 0",
  "35": "HEALTH_FACTOR_LOWER_THAN_LIQUIDATION_THRESHOLD: the health factor would fall below the liquidation threshold",
  "36": "COLLATERAL_CANNOT_COVER_NEW_BORROW: not enough collateral to cover a new borrow",
  "39": "NO_DEBT_OF_SELECTED_TYPE: no debt of this type to repay",
  "40": "NO_EXPLICIT_AMOUNT_TO_REPAY_ON_BEHALF: repaying on behalf of another needs an explicit amount",
  "42": "NO_OUTSTANDING_VARIABLE_DEBT: no variable-rate debt on this reserve",
  "43": "UNDERLYING_BALANCE_ZERO: the underlying balance is 0",
  "50": "BORROW_CAP_EXCEEDED: the borrow cap is exceeded",
  "51": "SUPPLY_CAP_EXCEEDED: the supply cap is exceeded",
  "53": "DEBT_CEILING_EXCEEDED: the debt ceiling is exceeded",
  "57": "LTV_VALIDATION_FAILED: loan-to-value validation failed",
  "60": "ASSET_NOT_BORROWABLE_IN_ISOLATION: the asset is not borrowable in isolation mode",
  "62": "USER_IN_ISOLATION_MODE_OR_LTV_ZERO: the user is in isolation mode or the LTV is 0",
  "77": "ZERO_ADDRESS_NOT_VALID: the zero address is not valid",
  "82": "ASSET_NOT_LISTED: the asset is not listed",
  "89": "SILOED_BORROWING_VIOLATION: borrowing several assets including a siloed one",
  "91": "FLASHLOAN_DISABLED: flash loans are disabled for this asset",
  "93": "WITHDRAW_TO_ATOKEN: withdrawing to the aToken is not allowed",
  "94": "SUPPLY_TO_ATOKEN: supplying to the aToken is not allowed",
  "100": "NOT_BORROWABLE_IN_EMODE: the asset is not borrowable in this eMode",
};

const MAX_DATA_CHARS = 2 + 4096;

/**
 * Decodes revert data: `Error(string)`, `Panic(uint256)` with its meaning, the custom errors of ERC-20 tokens
 * (OpenZeppelin v5's `ERC20InsufficientBalance`... and the common `InsufficientBalance` shapes), Uniswap (Universal
 * Router, Permit2; SwapRouter02's short strings such as `"STF"` are explained), Mento v3 (Router, FPMM) and Aave v3
 * (v3.4+ custom errors; v3.0–v3.3 string codes with `aaveErrorCodes`); anything else is reported with its raw
 * selector. The data must be the canonical ABI encoding of the error (a wrong length is not decoded). Never throws,
 * whatever the input. Pure; no I/O.
 *
 * @param data - Revert data (any value: non-hex or odd-length input gives a "not decodable" reason).
 * @param options - {@link DecodeRevertReasonOptions}.
 * @returns The {@link RevertReason}.
 *
 * @example
 * ```ts
 * import { decodeRevertReason } from "@preflow/core";
 *
 * decodeRevertReason("0x4e487b710000000000000000000000000000000000000000000000000000000000000011").message;
 * // "Panic(0x11): arithmetic overflow or underflow"
 * decodeRevertReason("0xdeadbeef").message; // "unknown error 0xdeadbeef (4 bytes of data)"
 * ```
 */
export function decodeRevertReason(data: unknown, options: DecodeRevertReasonOptions = {}): RevertReason {
  rejectUnknownKeys(options, "options", ["aaveErrorCodes"]);
  if (typeof data !== "string" || !/^0x(?:[0-9a-fA-F]{2})*$/.test(data)) {
    return {
      name: null,
      source: null,
      selector: null,
      args: [],
      message: "reverted with data that is not hex bytes",
      data: "0x",
    };
  }
  const hex = data.toLowerCase() as Hex;
  const kept = (hex.length > MAX_DATA_CHARS ? hex.slice(0, MAX_DATA_CHARS) : hex) as Hex;
  const bytes = (hex.length - 2) / 2;
  if (bytes < 4) {
    return {
      name: null,
      source: null,
      selector: null,
      args: [],
      message: bytes === 0 ? "reverted without a reason" : `reverted with ${bytes} bytes of data`,
      data: kept,
    };
  }
  const selector = hex.slice(0, 10) as Hex;
  const unknown: RevertReason = {
    name: null,
    source: null,
    selector,
    args: [],
    message: `unknown error ${selector} (${bytes} bytes of data)`,
    data: kept,
  };
  let decoded: { errorName: string; args: readonly unknown[] | undefined; abiItem: (typeof KNOWN)[number] };
  try {
    decoded = decodeErrorResult({ abi: KNOWN, data: hex }) as unknown as typeof decoded;
    // Only the canonical encoding: no trailing bytes, no short words.
    const again = encodeErrorResult({
      abi: [decoded.abiItem],
      errorName: decoded.errorName,
      args: decoded.args ?? [],
    } as never) as string;
    if (again.toLowerCase() !== hex) return unknown;
  } catch {
    return unknown;
  }
  const item = decoded.abiItem;
  const args = (decoded.args ?? []).map((arg) => toJsonValue(arg));
  const source = SOURCE.get(`${item.name}(${item.inputs.map((input) => input.type).join(",")})`) ?? null;
  const base = { name: item.name, source, selector, args, data: kept };

  if (item.name === "Error" && source === "solidity") {
    const text = String(args[0] ?? "");
    const quoted = `Error(${JSON.stringify(text.length > 300 ? `${text.slice(0, 297)}...` : text)})`;
    const uniswap = UNISWAP_STRINGS[text];
    if (uniswap !== undefined)
      return { ...base, source: "uniswap", message: `${quoted}: Uniswap: ${uniswap}` };
    const aave = options.aaveErrorCodes ? AAVE_CODES[text] : undefined;
    if (aave !== undefined) return { ...base, source: "aave-v3", message: `${quoted}: Aave v3 ${aave}` };
    return { ...base, message: quoted };
  }
  if (item.name === "Panic" && source === "solidity") {
    const code = BigInt(String(args[0]));
    const meaning = code <= 0xffn ? PANIC[Number(code)] : undefined;
    return { ...base, message: `Panic(0x${code.toString(16)}): ${meaning ?? "unknown panic code"}` };
  }
  const shown = item.inputs.map((input, index) => `${input.name}: ${String(args[index])}`).join(", ");
  const label = source === null ? "" : ` [${SOURCE_LABEL[source]}]`;
  return { ...base, message: `${item.name}(${shown})${label}` };
}
