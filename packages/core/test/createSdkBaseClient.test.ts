import { describe, expect, it } from "vitest";
import { createSdkBaseClient } from "../src/clients/createSdkBaseClient.js";
import { createSdkClient } from "../src/clients/createSdkClient.js";
import type { SdkBaseClient } from "../src/clients/types.js";
import { InvalidAddressError } from "../src/errors/address.js";

const KEY = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
const options = { rpcUrl: "http://127.0.0.1:9", analyticsEnabled: false } as const;

describe("createSdkBaseClient and extend", () => {
  it("adds a group with extend, returning a new frozen client and leaving the old one as it was", () => {
    const base = createSdkBaseClient({ ...options, attributionTags: ["my_app"] });
    const seen: SdkBaseClient[] = [];
    const greeting = (client: SdkBaseClient) => {
      seen.push(client);
      return { greeting: { tags: () => client.attributionTags } };
    };
    const extended = base.extend(greeting);
    expect(extended.greeting.tags()).toEqual(["MY_APP"]);
    expect(seen[0]).toBe(base);
    expect("greeting" in base).toBe(false);
    expect(Object.isFrozen(extended)).toBe(true);
    // Extending again keeps what was there and passes the extended client on.
    const twice = extended.extend((client) => ({ count: () => Object.keys(client).length }));
    expect(twice.greeting.tags()).toEqual(["MY_APP"]);
    expect(twice.count()).toBe(Object.keys(extended).length);
    expect(twice.publicClient).toBe(base.publicClient);
    expect(twice.rpc).toBe(base.rpc);
  });

  it("an extension cannot replace a member of the base client (viem's rule), at run time or in types", () => {
    const base = createSdkBaseClient(options);
    const hostile = () =>
      ({
        rpc: "replaced",
        tag: () => "0x",
        config: {},
        publicClient: null,
        chainId: 1,
        attributionTags: ["X"],
        track: null,
        extend: null,
        extra: 1,
      }) as never as { extra: number };
    const extended = base.extend(hostile);
    for (const key of [
      "rpc",
      "tag",
      "config",
      "publicClient",
      "chainId",
      "attributionTags",
      "track",
    ] as const)
      expect(extended[key]).toBe(base[key]);
    expect(typeof extended.extend).toBe("function");
    expect(extended.extra).toBe(1);
    // The types say so too: a decorator returning a base member does not compile.
    // @ts-expect-error `rpc` is a member of the base client
    base.extend(() => ({ rpc: "replaced" }));
    // A member an earlier extension added (not a base member) may be replaced by a later one.
    expect(extended.extend(() => ({ extra: 2 })).extra).toBe(2);
  });

  it("groups of the same name merge into one frozen group, newer methods winning on a clash", () => {
    const base = createSdkBaseClient(options);
    const one = base.extend(() => ({ swap: { a: () => "a1", b: () => "b1" } }));
    const two = one.extend(() => ({ swap: { b: () => "b2", c: () => "c2" } }));
    expect(Object.keys(two.swap).sort()).toEqual(["a", "b", "c"]);
    expect([two.swap.a(), two.swap.b(), two.swap.c()]).toEqual(["a1", "b2", "c2"]);
    expect(Object.isFrozen(two.swap)).toBe(true);
    expect(Object.keys(one.swap).sort()).toEqual(["a", "b"]); // the earlier client is unchanged
    // Not groups (functions, arrays, class instances) are replaced, not merged.
    const list = base.extend(() => ({ list: [1] })).extend(() => ({ list: [2] }));
    expect(list.list).toEqual([2]);
    // The standard groups merge with an extension of the same name.
    const client = createSdkClient(options).extend(() => ({ token: { myRead: () => 1 } }));
    expect(client.token.myRead()).toBe(1);
    expect(typeof client.token.getBalance).toBe("function");
  });

  it("createSdkClient is the base client with the standard groups", () => {
    const client = createSdkClient(options);
    for (const group of ["transaction", "token", "network", "blockchain", "ens"] as const) {
      expect(Object.isFrozen(client[group])).toBe(true);
    }
    expect(Object.keys(client.transaction).sort()).toEqual([
      "prepareApprove",
      "prepareContractCall",
      "prepareSend",
      "simulatePreparedFlow",
    ]);
    expect(client.chainId).toBe(42220);
    expect(typeof client.extend).toBe("function");
  });

  it("validates input before any I/O through the client and the action forms alike", async () => {
    const client = createSdkClient(options); // port 9: any request would fail with an RpcError
    await expect(client.transaction.prepareSend("0x12", "0x12", "USDm", "1")).rejects.toThrow(
      InvalidAddressError,
    );
    await expect(client.token.getBalance("nope", "USDm")).rejects.toThrow(InvalidAddressError);
  });

  it("never prints the agent key held in its config", () => {
    const client = createSdkClient({ ...options, agentIdPrivateKey: KEY });
    expect(client.config.agentId.privateKey?.reveal()).toBe(KEY);
    expect(JSON.stringify(client.config)).not.toContain(KEY.slice(2));
    expect(String(client.config.agentId.privateKey)).toBe("[redacted]");
  });
});
