// The generic part of an ErrorType table, for the tests of every package (`@preflow/devnet/error-types`): no
// classes of ours here, so that each package's table holds the classes of its own build. `errorTypeOf` checks an
// entry against its union at compile time, `errorTypeChecks` gives the run-time checks over a table. The tables:
// core's test/support/errorTypes.ts, aa's test/helpers/errorTypes.ts.
import { expect } from "vitest";

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

/**
 * The run-time checks over one table: `operationOf(rowName)` (an action's name, or a client member
 * `client.<group>.<member>`, mapped through `clientOperations` when the names differ; `undefined` when the table
 * has no entry) and `expectInErrorType(operation, error)` (`error` is an instance of one of the classes).
 */
export function errorTypeChecks(
  table: Readonly<Record<string, readonly ErrorClass[]>>,
  clientOperations: Readonly<Record<string, string>> = {},
) {
  function operationOf(name: string): string | undefined {
    const member = name.replace(/^client\./, "");
    const mapped = clientOperations[member] ?? member.split(".").at(-1) ?? member;
    return mapped in table ? mapped : undefined;
  }
  function expectInErrorType(operation: string, error: unknown): void {
    const classes = table[operation];
    expect(classes, `no ErrorType entry for ${operation}`).toBeDefined();
    const name = (error as { name?: unknown } | null)?.name;
    expect(
      classes!.some((errorClass) => error instanceof errorClass),
      `${operation} threw ${String(name)}, which is not in its ErrorType`,
    ).toBe(true);
  }
  return { operationOf, expectInErrorType };
}
