// A landed execution is never forgotten (issue 47, item 1), over stdio with the built binary on the devnet and the
// servers' real SQLite store in one shared state directory: whatever happens to a later attempt of a flow (refused by
// the policy, the approval, the store, silence; a crash), executing the flow again without `force` replays what was
// sent, on the same server, on a second one and after restarts. The property drives random sequences of attempts
// across three servers of one signer and counts, on chain, how often the flow was sent: never more than the `force`
// executions that went through (or crashed, so may have) plus one.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  type ElicitRequest,
  ElicitRequestSchema,
  type ElicitResult,
} from "@modelcontextprotocol/sdk/types.js";
import { useDevnet } from "@preflow/devnet/vitest";
import Database from "better-sqlite3";
import fc from "fast-check";
import { type Address, createPublicClient, erc20Abi, http, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { data, type Execution, type SpawnedServer, spawnServer, toolError } from "./helpers/spawnServer.js";

const devnet = useDevnet();
const USDM = devnet.tokens.USDm.address as Address;
const reader = createPublicClient({ chain: celo, transport: http(devnet.rpcUrl) });
const key = generatePrivateKey();
const signer = privateKeyToAccount(key).address;
const someone = () => privateKeyToAccount(generatePrivateKey()).address;
const nonceOf = () => reader.getTransactionCount({ address: signer, blockTag: "pending" });
const usdm = (owner: Address) =>
  reader.readContract({ address: USDM, abi: erc20Abi, functionName: "balanceOf", args: [owner] });
const TEN = parseUnits("10", 18);

const dir = mkdtempSync(join(tmpdir(), "preflow-landed-"));
const stateDir = join(dir, "state");
/** The three servers' policies: A asks a person above 5 USDm, B does not ask, C refuses 10 USDm. */
const POLICIES = {
  A: {
    caps: { USDm: { perCall: "50" } },
    approval: { above: { USDm: "5" }, timeoutSeconds: 2, mode: "form" },
  },
  B: { caps: { USDm: { perCall: "50" } } },
  C: { caps: { USDm: { perCall: "5" } } },
} as const;
type Name = keyof typeof POLICIES;

type Params = ElicitRequest["params"];
/** What the person does with A's next question. */
type Person = "accept" | "decline" | "silent";
let person: Person = "accept";
const codeOf = (params: Params) => /type the code (\w{4}-\w{4})/.exec(params.message)?.[1] as string;
const answer = (params: Params): Promise<ElicitResult> =>
  person === "accept"
    ? Promise.resolve({ action: "accept", content: { code: codeOf(params) } })
    : person === "decline"
      ? Promise.resolve({ action: "decline" })
      : new Promise(() => undefined);

function spawn(name: Name): Promise<SpawnedServer> {
  const policyFile = join(dir, `policy-${name}.json`);
  writeFileSync(policyFile, JSON.stringify(POLICIES[name]));
  const env = {
    RPC_URL: devnet.rpcUrl,
    DO_NOT_TRACK: "1",
    CHAIN_PRIVATE_KEY: key,
    PREFLOW_POLICY: policyFile,
    PREFLOW_STATE_DIR: stateDir,
  };
  if (name !== "A") return spawnServer(env);
  return spawnServer(env, {
    capabilities: { elicitation: { form: {} } },
    setup: (client: Client) =>
      client.setRequestHandler(ElicitRequestSchema, async (request) => answer(request.params)),
  });
}

const servers = {} as Record<Name, SpawnedServer>;
beforeAll(async () => {
  await devnet.fund(signer, "CELO", "20");
  await devnet.fund(signer, "USDm", "5000");
  for (const name of ["A", "B", "C"] as const) servers[name] = await spawn(name);
}, 60_000);
afterAll(async () => {
  for (const server of Object.values(servers)) await server?.close();
});

const send = (server: Name, to: Address, force: boolean) =>
  servers[server].call("send_token", { to, token: "USDm", amount: "10", ...(force ? { force: true } : {}) });

describe("a landed execution is never forgotten", () => {
  it("F sent → F with force refused → F without force replays F, on the same server and on a second one", async () => {
    const to = someone();
    person = "accept";
    const sent = data<Execution>(await send("A", to, false));
    expect(sent).toMatchObject({ status: "success", replayed: false });
    const nonce = await nonceOf();
    expect(data<Execution>(await send("A", to, false))).toMatchObject({ replayed: true });
    expect(data<Execution>(await send("B", to, false))).toMatchObject({ replayed: true });

    person = "silent";
    expect(toolError(await send("A", to, true)).code).toBe("APPROVAL_EXPIRED");
    expect(await nonceOf()).toBe(nonce);
    person = "accept";
    const again = data<Execution>(await send("A", to, false));
    expect(again).toMatchObject({ status: "success", replayed: true, flow_id: sent.flow_id });
    expect(again.steps[0]?.hash).toBe(sent.steps[0]?.hash);
    expect(data<Execution>(await send("B", to, false))).toMatchObject({ replayed: true });

    person = "decline";
    expect(toolError(await send("A", to, true)).code).toBe("APPROVAL_DECLINED");
    expect(toolError(await send("C", to, true)).code).toBe("POLICY_VIOLATION");
    const second = data<Execution>(await send("B", to, false));
    expect(second).toMatchObject({ status: "success", replayed: true });
    expect(second.steps[0]?.hash).toBe(sent.steps[0]?.hash);
    // A restarted server reads the same record.
    await servers.B.close();
    servers.B = await spawn("B");
    expect(data<Execution>(await send("B", to, false))).toMatchObject({ replayed: true });
    expect(await nonceOf()).toBe(nonce);
    expect(await usdm(to)).toBe(TEN);
  }, 60_000);

  type Attempt =
    | { kind: "plain"; server: Name; person: Person }
    | { kind: "force"; server: Name; person: Person }
    | { kind: "storeLocked"; server: "A" | "B"; force: boolean }
    | { kind: "crash"; server: "B"; delayMs: number }
    | { kind: "restart"; server: Name };
  const server = fc.constantFrom<Name>("A", "B", "C");
  const people = fc.constantFrom<Person>("accept", "decline", "silent");
  const attempt: fc.Arbitrary<Attempt> = fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant("plain" as const), server, person: people }) },
    { weight: 5, arbitrary: fc.record({ kind: fc.constant("force" as const), server, person: people }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("storeLocked" as const),
        server: fc.constantFrom<"A" | "B">("A", "B"),
        force: fc.boolean(),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("crash" as const),
        server: fc.constant("B" as const),
        delayMs: fc.integer({ min: 0, max: 600 }),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("restart" as const), server }) },
  );

  it("property: any sequence of attempts sends a flow at most once plus once per force that went through", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(attempt, { minLength: 2, maxLength: 6 }), async (drawn) => {
        const to = someone();
        // Every other run starts from a flow already sent (what the later attempts must never forget).
        const attempts: Attempt[] =
          to.charCodeAt(2) % 2 === 0 ? [{ kind: "plain", server: "B", person: "accept" }, ...drawn] : drawn;
        /** force executions that went through (success, not a replay) or crashed (may have sent). */
        let forces = 0;
        for (const step of attempts) {
          if (step.kind === "restart") {
            await servers[step.server].close();
            servers[step.server] = await spawn(step.server);
          } else if (step.kind === "crash") {
            const call = send("B", to, true).catch(() => undefined);
            await new Promise((resolve) => setTimeout(resolve, step.delayMs));
            await servers.B.kill();
            await call;
            await servers.B.close().catch(() => undefined);
            servers.B = await spawn("B");
            forces++;
          } else if (step.kind === "storeLocked") {
            // Another process holds the store's file past the server's busy timeout: the store refuses.
            const db = new Database(join(stateDir, "preflow-tools.sqlite"));
            db.exec("BEGIN EXCLUSIVE");
            try {
              const result = await send(step.server, to, step.force);
              if (!result.isError && step.force && !data<Execution>(result).replayed) forces++;
            } finally {
              db.exec("ROLLBACK");
              db.close();
            }
          } else {
            person = step.person;
            const result = await send(step.server, to, step.kind === "force");
            if (step.kind === "force" && !result.isError && !data<Execution>(result).replayed) forces++;
          }
          const sends = (await usdm(to)) / TEN;
          expect(sends, JSON.stringify({ attempts, step, forces })).toBeLessThanOrEqual(BigInt(forces + 1));
        }
        // After everything, the flow without force on every server replays once it was sent.
        person = "accept";
        const before = await usdm(to);
        if (before > 0n) {
          for (const name of ["A", "B", "C"] as const) {
            const result = await send(name, to, false);
            expect(result.isError, name).toBeFalsy();
            expect(data<Execution>(result).replayed, name).toBe(true);
          }
          expect(await usdm(to)).toBe(before);
        }
      }),
      { numRuns: 16, endOnFailure: true },
    );
  }, 600_000);
});
