// A store that cannot be used (issue 30, item 4), over stdio with the built binary on the devnet: reads keep working
// and say truthfully that what was spent is unknown (get_policy: the policy itself, `spent_24h: null`,
// `store.available: false` with the error naming the file or database), executing tools refuse with
// STORE_UNAVAILABLE and send nothing. A corrupt SQLite file; a PostgreSQL server stopped under a running tool server,
// whose refusals name the database as postgres://user@host:port/database and never its password or the URL with it.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { useDevnet } from "@preflow/devnet/vitest";
import { type Address, createPublicClient, erc20Abi, http, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";
import { describe, expect, it } from "vitest";
import { data, type Execution, spawnServer, text, toolError } from "./helpers/spawnServer.js";
import { startPostgres } from "./helpers/startPostgres.js";

const devnet = useDevnet();
const USDM = devnet.tokens.USDm.address as Address;
const reader = createPublicClient({ chain: celo, transport: http(devnet.rpcUrl) });
const someone = () => privateKeyToAccount(generatePrivateKey()).address;
const usdm = (owner: Address) =>
  reader.readContract({ address: USDM, abi: erc20Abi, functionName: "balanceOf", args: [owner] });
const nonceOf = (owner: Address) => reader.getTransactionCount({ address: owner, blockTag: "pending" });
const freshDir = (name: string) => mkdtempSync(join(tmpdir(), `preflow-unusable-${name}-`));

interface PolicyView {
  configured: boolean;
  caps: {
    symbol: string;
    per_call: string | null;
    per_day: string | null;
    spent_24h: string | null;
    remaining_24h: string | null;
  }[];
  allow: { recipients: string[] | null };
  x402: { hosts: string[] | null; pay_to: string[] | null; payments: unknown[] | null };
  store: { available: boolean; error: { code: string; message: string } | null };
}

async function signerWithFunds() {
  const key = generatePrivateKey();
  const address = privateKeyToAccount(key).address;
  await devnet.fund(address, "CELO", "10");
  await devnet.fund(address, "USDm", "100");
  return { key, address };
}

function writePolicy(policy: Record<string, unknown>): string {
  const file = join(freshDir("policy"), "policy.json");
  writeFileSync(file, JSON.stringify(policy));
  return file;
}

const env = (key: string, extra: Record<string, string>) => ({
  RPC_URL: devnet.rpcUrl,
  DO_NOT_TRACK: "1",
  CHAIN_PRIVATE_KEY: key,
  ...extra,
});

describe("a store that cannot be used: reads answer with what was spent unknown, executing tools refuse", () => {
  it("corrupt SQLite: get_policy shows the policy, names the file, no spent figure; send_token refuses, nothing sent", async () => {
    const { key, address } = await signerWithFunds();
    const stateDir = freshDir("state");
    const file = join(stateDir, "preflow-tools.sqlite");
    writeFileSync(file, "not a database ".repeat(400));
    const recipient = someone();
    const capped = writePolicy({
      caps: { USDm: { perCall: "2", perDay: "5" } },
      allow: { recipients: [recipient] },
      x402: { hosts: ["paid.example"] },
    });
    const server = await spawnServer(env(key, { PREFLOW_STATE_DIR: stateDir, PREFLOW_POLICY: capped }));
    try {
      const result = await server.call("get_policy");
      expect(result.isError).toBeFalsy();
      const policy = data<PolicyView>(result);
      // The policy itself.
      expect(policy.configured).toBe(true);
      expect(policy.caps).toEqual([
        expect.objectContaining({
          symbol: "USDm",
          per_call: "2",
          per_day: "5",
          spent_24h: null,
          remaining_24h: null,
        }),
      ]);
      expect(policy.allow.recipients?.map((entry) => entry.toLowerCase())).toEqual([recipient.toLowerCase()]);
      expect(policy.x402.hosts).toEqual(["paid.example"]);
      // What was spent: unknown, never a zero.
      expect(policy.x402.payments).toBeNull();
      expect(policy.store.available).toBe(false);
      expect(policy.store.error?.code).toBe("STORE_UNAVAILABLE");
      expect(policy.store.error?.message).toContain(file);
      expect(policy.store.error?.message).toContain("(SQLITE_NOTADB)");
      const said = text(result);
      expect(said).toContain(
        "what was spent in the last 24 h and the x402 payments are unknown (null, not zero)",
      );
      expect(said).toContain(file);
      expect(said).not.toMatch(/"(spent_24h|remaining_24h)": "/);

      // A dry run whose policy has a per-day cap needs the ledger to decide it: refused, typed, naming the file.
      const start = await nonceOf(address);
      const dry = toolError(
        await server.call("send_token", { to: recipient, token: "USDm", amount: "1", dry_run: true }),
      );
      expect(dry.code).toBe("STORE_UNAVAILABLE");
      expect(dry.message).toContain(file);

      // Executing refuses with the typed error; nothing reaches the chain.
      const refused = toolError(
        await server.call("send_token", { to: recipient, token: "USDm", amount: "1" }),
      );
      expect(refused.code).toBe("STORE_UNAVAILABLE");
      expect(refused.message).toContain(file);
      expect(refused.message).toContain("Nothing was sent.");
      expect(await nonceOf(address)).toBe(start);
      expect(await usdm(recipient)).toBe(0n);
    } finally {
      await server.close();
    }

    // Without a per-day cap a dry run reads nothing from the store: it simulates while the store is corrupt.
    const perCallOnly = writePolicy({ caps: { USDm: { perCall: "2" } } });
    const second = await spawnServer(env(key, { PREFLOW_STATE_DIR: stateDir, PREFLOW_POLICY: perCallOnly }));
    try {
      const start = await nonceOf(address);
      const simulated = data<Execution>(
        await second.call("send_token", { to: recipient, token: "USDm", amount: "1", dry_run: true }),
      );
      expect(simulated.status).toBe("success");
      expect(await nonceOf(address)).toBe(start);
      expect(await usdm(recipient)).toBe(0n);
    } finally {
      await second.close();
    }
  }, 120_000);

  it("PostgreSQL stopped under a running server: refusals name postgres://user@host:port/database, never the password", async () => {
    const { key, address } = await signerWithFunds();
    const postgres = await startPostgres();
    const name = `unusable_${Date.now()}`;
    const plain = new URL(postgres.createDatabase(name));
    // The test server trusts every loopback connection: the password is accepted and unused, as a secret to keep.
    const password = `pw-${generatePrivateKey().slice(2, 26)}`;
    const url = `postgres://preflow:${password}@127.0.0.1:${plain.port}/${name}?application_name=preflow-test`;
    const location = `postgres://preflow@127.0.0.1:${plain.port}/${name}`;
    const policyFile = writePolicy({ caps: { USDm: { perDay: "5" } } });
    const server = await spawnServer(env(key, { PREFLOW_DATABASE_URL: url, PREFLOW_POLICY: policyFile }));
    try {
      const recipient = someone();
      expect(
        data<Execution>(await server.call("send_token", { to: recipient, token: "USDm", amount: "1" }))
          .status,
      ).toBe("success");
      expect(data<PolicyView>(await server.call("get_policy")).caps[0]).toMatchObject({
        spent_24h: "1",
        remaining_24h: "4",
      });

      await postgres.stop();
      const result = await server.call("get_policy");
      const policy = data<PolicyView>(result);
      expect(policy.caps[0]).toMatchObject({ per_day: "5", spent_24h: null, remaining_24h: null });
      expect(policy.store.available).toBe(false);
      expect(policy.store.error?.message).toContain(`store ${location} cannot be used`);

      const start = await nonceOf(address);
      const refused = toolError(
        await server.call("send_token", { to: recipient, token: "USDm", amount: "1" }),
      );
      expect(refused.code).toBe("STORE_UNAVAILABLE");
      expect(refused.message).toContain(`store ${location} cannot be used`);
      expect(refused.message).toContain("Nothing was sent.");
      expect(await nonceOf(address)).toBe(start);
      expect(await usdm(recipient)).toBe(parseUnits("1", 18));

      // Neither the password nor the URL with it anywhere: messages, results, the log.
      const { stdout, stderr, results } = server.captured();
      for (const captured of [stdout, stderr, ...results]) {
        expect(captured).not.toContain(password);
        expect(captured).not.toContain(encodeURIComponent(password));
        expect(captured).not.toContain("application_name");
      }
      expect(results.join("\n")).toContain(location);
    } finally {
      await server.close();
      await postgres.stop();
    }

    // A URL without password or query string is its own location: named, not redacted to `[redacted]`.
    const plainServer = await spawnServer(
      env(key, { PREFLOW_DATABASE_URL: plain.toString(), PREFLOW_POLICY: policyFile }),
    );
    try {
      const refused = toolError(
        await plainServer.call("send_token", { to: someone(), token: "USDm", amount: "1" }),
      );
      expect(refused.code).toBe("STORE_UNAVAILABLE");
      expect(refused.message).toContain(
        `store ${location} cannot be used: it cannot be reached (ECONNREFUSED)`,
      );
      expect(data<PolicyView>(await plainServer.call("get_policy")).store.error?.message).toContain(location);
    } finally {
      await plainServer.close();
    }
  }, 120_000);
});
