// Bad input to client.aave fails before any network I/O: every row is checked at a counting proxy (0 requests),
// for the exported actions and the client methods alike.
import { type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  aaveActions,
  createSdkBaseClient,
  getAavePositions,
  InvalidAddressError,
  InvalidAmountError,
  InvalidArgumentError,
  NotAnAaveReserveError,
  prepareAaveBorrow,
  prepareAaveRepay,
  prepareAaveSupply,
  prepareAaveWithdraw,
  SdkError,
  UnknownTokenError,
} from "../src/index.js";
import { expectInErrorType, operationOf } from "./support/errorTypes.js";

const devnet = useDevnet();
let proxy: FaultProxy;
let client: ReturnType<typeof makeClient>;
const from = "0x1111111111111111111111111111111111111111";
const secret = `0x${"ab".repeat(32)}`;

function makeClient() {
  return createSdkBaseClient({ rpcUrl: proxy.url, analyticsEnabled: false }).extend(aaveActions);
}

beforeAll(async () => {
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
  client = makeClient();
});
afterAll(async () => {
  await proxy.close();
});

type Row = [
  name: string,
  run: () => Promise<unknown>,
  error: abstract new (...args: never[]) => SdkError,
  field?: string,
];

const rows: Row[] = [
  [
    "supply: from is not an address",
    () => prepareAaveSupply(client, { from: "0x123", token: "USDC", amount: "1" }),
    InvalidAddressError,
    "from",
  ],
  [
    "supply: from has a wrong checksum",
    () =>
      prepareAaveSupply(client, {
        from: "0x1111111111111111111111111111111111111Aa1",
        token: "USDC",
        amount: "1",
      }),
    InvalidAddressError,
    "from",
  ],
  [
    "supply: unknown token",
    () => prepareAaveSupply(client, { from, token: "USDN", amount: "1" }),
    UnknownTokenError,
  ],
  [
    "supply: BRLm is not a reserve",
    () => prepareAaveSupply(client, { from, token: "BRLm", amount: "1" }),
    NotAnAaveReserveError,
    "token",
  ],
  [
    "supply: zero",
    () => prepareAaveSupply(client, { from, token: "USDC", amount: "0" }),
    InvalidAmountError,
    "amount",
  ],
  [
    "supply: negative",
    () => prepareAaveSupply(client, { from, token: "USDC", amount: "-1" }),
    InvalidAmountError,
    "amount",
  ],
  [
    "supply: exponent",
    () => prepareAaveSupply(client, { from, token: "USDC", amount: "1e6" }),
    InvalidAmountError,
    "amount",
  ],
  [
    "supply: 7 decimals of USDC",
    () => prepareAaveSupply(client, { from, token: "USDC", amount: "1.0000001" }),
    InvalidAmountError,
    "amount",
  ],
  [
    "supply: a number",
    () => prepareAaveSupply(client, { from, token: "USDC", amount: 5 as never }),
    InvalidAmountError,
    "amount",
  ],
  [
    "supply: max is not a supply amount",
    () => prepareAaveSupply(client, { from, token: "USDC", amount: "max" }),
    InvalidAmountError,
    "amount",
  ],
  [
    "supply: unknown key (value never shown)",
    () => prepareAaveSupply(client, { from, token: "USDC", amount: "1", privateKey: secret } as never),
    InvalidArgumentError,
    "parameters",
  ],
  [
    "supply: parameters null",
    () => prepareAaveSupply(client, null as never),
    InvalidArgumentError,
    "parameters",
  ],
  [
    "supply: parameters an array",
    () => prepareAaveSupply(client, [] as never),
    InvalidArgumentError,
    "parameters",
  ],
  [
    "supply: signal not an AbortSignal",
    () => prepareAaveSupply(client, { from, token: "USDC", amount: "1", signal: "stop" as never }),
    InvalidArgumentError,
    "signal",
  ],
  [
    "withdraw: MAX is not max",
    () => prepareAaveWithdraw(client, { from, token: "USDC", amount: "MAX" }),
    InvalidAmountError,
    "amount",
  ],
  [
    "withdraw: floor below 1",
    () => prepareAaveWithdraw(client, { from, token: "USDC", amount: "1", healthFactorFloor: "0.5" }),
    InvalidArgumentError,
    "healthFactorFloor",
  ],
  [
    "withdraw: floor not a number",
    () => prepareAaveWithdraw(client, { from, token: "USDC", amount: "1", healthFactorFloor: "safe" }),
    InvalidArgumentError,
    "healthFactorFloor",
  ],
  [
    "borrow: max is not a borrow amount",
    () => prepareAaveBorrow(client, { from, token: "USDm", amount: "max" }),
    InvalidAmountError,
    "amount",
  ],
  [
    "borrow: floor above 100",
    () => prepareAaveBorrow(client, { from, token: "USDm", amount: "1", healthFactorFloor: 1000 }),
    InvalidArgumentError,
    "healthFactorFloor",
  ],
  [
    "borrow: KESm is not a reserve",
    () => prepareAaveBorrow(client, { from, token: "KESm", amount: "1" }),
    NotAnAaveReserveError,
    "token",
  ],
  [
    "repay: has no floor",
    () => prepareAaveRepay(client, { from, token: "USDm", amount: "max", healthFactorFloor: "1.2" } as never),
    InvalidArgumentError,
    "parameters",
  ],
  [
    "repay: address of a non-reserve",
    () =>
      prepareAaveRepay(client, { from, token: "0xe8537a3d056DA446677B9E9d6c5dB704EaAb4787", amount: "1" }),
    NotAnAaveReserveError,
    "token",
  ],
  [
    "getAavePositions: owner",
    () => getAavePositions(client, { owner: "alice.celo.eth" }),
    InvalidAddressError,
    "owner",
  ],
  [
    "getAavePositions: unknown key",
    () => getAavePositions(client, { owner: from, reserves: ["USDC"] } as never),
    InvalidArgumentError,
    "parameters",
  ],
  [
    "client.aave.getPositions: unknown option",
    () => client.aave.getPositions(from, { block: 1 } as never),
    InvalidArgumentError,
    "options",
  ],
  [
    "client.aave.prepareBorrow: unknown option",
    () => client.aave.prepareBorrow(from, "USDm", "1", { floor: 1.2 } as never),
    InvalidArgumentError,
    "options",
  ],
  [
    "client.aave.prepareSupply: from cannot come in through options",
    () => client.aave.prepareSupply(from, "USDC", "1", { from: secret } as never),
    InvalidArgumentError,
    "options",
  ],
  [
    "client.aave.prepareRepay: options not an object",
    () => client.aave.prepareRepay(from, "USDm", "1", "fast" as never),
    InvalidArgumentError,
    "options",
  ],
  [
    "client.aave.prepareWithdraw: bad floor",
    () => client.aave.prepareWithdraw(from, "USDC", "1", { healthFactorFloor: Number.NaN }),
    InvalidArgumentError,
    "healthFactorFloor",
  ],
];

describe("bad input to client.aave: typed error, no request", () => {
  it.each(rows)("%s", async (_name, run, errorClass, field) => {
    proxy.reset();
    const error = await run().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(errorClass);
    expect(error).toBeInstanceOf(SdkError);
    if (field !== undefined) expect((error as SdkError).details.field).toBe(field);
    expect((error as SdkError).message).not.toContain(secret);
    expect(JSON.stringify(error)).not.toContain(secret);
    expect(proxy.requests).toBe(0);
    // ...and the class belongs to the action's ErrorType (`supply: …` is prepareAaveSupply's row, and so on)
    const row = _name.split(":")[0]!;
    const operation = operationOf(row) ?? `prepareAave${row[0]!.toUpperCase()}${row.slice(1)}`;
    expectInErrorType(operation, error);
  });
});
