// Operation -> the error classes of its `XErrorType`: one table that the bad-input tests check every error they
// provoke against (`expectInErrorType`), at run time with `instanceof`. At compile time each entry is checked
// against its union both ways (`errorTypeOf<XErrorType>()([...])`): a class listed that the union lacks, or a
// member of the union without its class here, does not compile, so the table cannot drift from the types.
//
// Extending it (a protocol's actions): write `const AAVE = { getAavePositions: errorTypeOf<GetAavePositionsErrorType>()([...]), ... }`
// next to the others (or in its own file) and add `...AAVE` to ERROR_TYPES; the operation's name is its exported
// action's name, and a client member maps to it through CLIENT_OPERATIONS (`"aave.getPositions": "getAavePositions"`).
import { expect } from "vitest";
import {
  ChainMismatchError,
  type DecodeFunctionResultStrictErrorType,
  type GetAllowanceErrorType,
  type GetBalanceErrorType,
  type GetBalancesErrorType,
  type GetStatusErrorType,
  type GetTokenInfoErrorType,
  type GetTransactionErrorType,
  InsufficientBalanceError,
  InvalidAddressError,
  InvalidAmountError,
  InvalidArgumentError,
  InvalidContractCallError,
  InvalidEnsNameError,
  InvalidEnsNetworkError,
  MissingEthRpcUrlError,
  type PrepareApproveErrorType,
  type PrepareContractCallErrorType,
  type PrepareSendErrorType,
  type ReadBatchErrorType,
  RequestAbortedError,
  type ResolveEnsErrorType,
  RpcError,
  RpcRateLimitedError,
  TokenReadError,
  TransactionNotFoundError,
  UnknownTokenError,
  UnsupportedEnsNameError,
} from "../../src/index.js";

/** An error class (abstract ones too). */
export type ErrorClass = abstract new (...args: never[]) => Error;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * The classes of one operation's `XErrorType`, checked against it at compile time: the instances of `classes` are
 * exactly the union `E` (nothing more, nothing missing).
 */
export function errorTypeOf<E extends Error>() {
  return <const C extends readonly ErrorClass[]>(
    classes: C &
      (Same<E, InstanceType<C[number]>> extends true
        ? unknown
        : { "these classes are not exactly the ErrorType": [E, InstanceType<C[number]>] }),
  ): readonly ErrorClass[] => classes;
}

const RPC = [ChainMismatchError, RpcError, RpcRateLimitedError, RequestAbortedError] as const;

/** `client.transaction` (the protocol-independent part), the `transaction` actions. */
const TRANSACTION = {
  prepareSend: errorTypeOf<PrepareSendErrorType>()([
    InvalidArgumentError,
    InvalidAddressError,
    UnknownTokenError,
    InvalidAmountError,
    InsufficientBalanceError,
    TokenReadError,
    ...RPC,
  ]),
  prepareApprove: errorTypeOf<PrepareApproveErrorType>()([
    InvalidArgumentError,
    InvalidAddressError,
    UnknownTokenError,
    InvalidAmountError,
    ...RPC,
  ]),
  prepareContractCall: errorTypeOf<PrepareContractCallErrorType>()([
    InvalidArgumentError,
    InvalidAddressError,
    InvalidContractCallError,
    InvalidAmountError,
    UnknownTokenError,
    InsufficientBalanceError,
    TokenReadError,
    ...RPC,
  ]),
};

/** `client.token`, `client.network`, `client.blockchain`, `client.ens` and the rpc helpers. */
const READS = {
  getTokenInfo: errorTypeOf<GetTokenInfoErrorType>()([
    InvalidArgumentError,
    UnknownTokenError,
    TokenReadError,
    ...RPC,
  ]),
  getBalance: errorTypeOf<GetBalanceErrorType>()([
    InvalidArgumentError,
    InvalidAddressError,
    UnknownTokenError,
    TokenReadError,
    ...RPC,
  ]),
  getBalances: errorTypeOf<GetBalancesErrorType>()([
    InvalidArgumentError,
    InvalidAddressError,
    UnknownTokenError,
    ...RPC,
  ]),
  getAllowance: errorTypeOf<GetAllowanceErrorType>()([
    InvalidArgumentError,
    InvalidAddressError,
    UnknownTokenError,
    TokenReadError,
    ...RPC,
  ]),
  getStatus: errorTypeOf<GetStatusErrorType>()([InvalidArgumentError, ...RPC]),
  getTransaction: errorTypeOf<GetTransactionErrorType>()([
    InvalidArgumentError,
    TransactionNotFoundError,
    ...RPC,
  ]),
  resolveEns: errorTypeOf<ResolveEnsErrorType>()([
    InvalidArgumentError,
    InvalidEnsNameError,
    InvalidEnsNetworkError,
    UnsupportedEnsNameError,
    MissingEthRpcUrlError,
    ...RPC,
  ]),
  readBatch: errorTypeOf<ReadBatchErrorType>()([InvalidArgumentError, ...RPC]),
  decodeFunctionResultStrict: errorTypeOf<DecodeFunctionResultStrictErrorType>()([
    InvalidArgumentError,
    RpcError,
  ]),
};

/** Every operation with an `XErrorType` the table knows; a protocol's group is one more spread line. */
export const ERROR_TYPES: Readonly<Record<string, readonly ErrorClass[]>> = { ...TRANSACTION, ...READS };

/** Client members whose operation has another name than the member (`"group.member"` → the action's name). */
export const CLIENT_OPERATIONS: Readonly<Record<string, string>> = {};

/**
 * The operation of a row of a bad-input table: an action's name, or a client member `client.<group>.<member>`
 * (or `<group>.<member>`), through {@link CLIENT_OPERATIONS} when the names differ. `undefined` when the table has
 * no entry for it (yet).
 */
export function operationOf(name: string): string | undefined {
  const member = name.replace(/^client\./, "");
  const mapped = CLIENT_OPERATIONS[member] ?? member.split(".").at(-1) ?? member;
  return mapped in ERROR_TYPES ? mapped : undefined;
}

/** Asserts that `error` is an instance of one of the classes of `operation`'s `XErrorType`. */
export function expectInErrorType(operation: string, error: unknown): void {
  const classes = ERROR_TYPES[operation];
  expect(classes, `no ErrorType entry for ${operation}`).toBeDefined();
  const name = (error as { name?: unknown } | null)?.name;
  expect(
    classes!.some((errorClass) => error instanceof errorClass),
    `${operation} threw ${String(name)}, which is not in its ErrorType`,
  ).toBe(true);
}
