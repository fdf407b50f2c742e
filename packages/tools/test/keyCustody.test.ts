// Where the tool server's key lives, through the built binary: a keystore made by Foundry's own `cast wallet new`
// unlocks from a password file and sends, and the server's environment (/proc/<pid>/environ), its stderr and its
// results hold neither the key nor the password; a wrong password is KEYSTORE_PASSWORD_INVALID on the signing tools
// while reads work; without a password file a person types it on the one-time local page (the client only opens the
// URL); a digest-only KMS signer module sends a CIP-64 0x7b transaction paying gas in USDC; a password file others
// can read, two signers, and a raw key under PREFLOW_REFUSE_RAW_KEY=1 stop the server at start; a raw key is warned.
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { FEE_CURRENCY_OF_TOKEN } from "@preflow/core";
import { useDevnet } from "@preflow/devnet/vitest";
import { type Address, createPublicClient, erc20Abi, type Hash, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSigner } from "../src/signer/loadSigner.js";
import { castKeystore } from "./helpers/castKeystore.js";
import { BIN, data, type SpawnedServer, spawnServer, toolError } from "./helpers/spawnServer.js";

const devnet = useDevnet();
const chain = { ...celo, rpcUrls: { default: { http: [devnet.rpcUrl] } } };
const reader = createPublicClient({ chain, transport: http(devnet.rpcUrl) });
const dir = mkdtempSync(join(tmpdir(), "preflow-custody-"));
const friend = privateKeyToAccount(generatePrivateKey()).address;
const PASSWORD = "sesame 4 custody";

/** The environment the server process started with, as Linux shows it to anyone who may read its /proc entry. */
function environOf(server: SpawnedServer): string {
  const pid = (server.client.transport as unknown as { pid: number | null }).pid;
  if (pid === null) throw new Error("no server process");
  return readFileSync(`/proc/${pid}/environ`, "utf8");
}

/** Nothing secret in what the server printed and answered (and, given, in its environment). */
function expectNoSecret(server: SpawnedServer, secrets: string[], environ?: string) {
  const { stdout, stderr, results } = server.captured();
  for (const secret of secrets) {
    const bare = secret.replace(/^0x/, "").toLowerCase();
    for (const text of [stdout, stderr, ...results, ...(environ === undefined ? [] : [environ])]) {
      expect(text.toLowerCase().includes(bare), "a secret leaked").toBe(false);
    }
  }
}

function run(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN], {
      env: { PATH: process.env.PATH ?? "", ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    child.stdin.end();
    child.on("exit", (code) => resolve({ code, stderr }));
  });
}

let cast: ReturnType<typeof castKeystore>;
let castKey: `0x${string}`;
beforeAll(async () => {
  cast = castKeystore(PASSWORD, dir);
  // The key, known to the test only to look for it where it must not be.
  const account = await loadSigner({ keystore: cast.file, passwordFile: cast.passwordFile });
  expect(account.address).toBe(cast.address);
  const { decryptKeystore } = await import("../src/signer/decryptKeystore.js");
  const { readKeystoreFile } = await import("../src/signer/parseKeystore.js");
  castKey = await decryptKeystore({
    parsed: readKeystoreFile(cast.file),
    password: PASSWORD,
    file: cast.file,
    source: "test",
  });
  await devnet.fund(cast.address, "CELO", "5");
});

describe("a keystore made by Foundry's cast wallet new, password from a file", () => {
  let server: SpawnedServer;
  afterAll(async () => {
    await server?.close();
  });

  it("unlocks, sends, and keeps the key and password out of the environment, logs and results", async () => {
    server = await spawnServer({
      RPC_URL: devnet.rpcUrl,
      DO_NOT_TRACK: "1",
      CHAIN_KEYSTORE: cast.file,
      CHAIN_KEYSTORE_PASSWORD_FILE: cast.passwordFile,
    });
    const sent = data<{ status: string; steps: { hash: Hash }[] }>(
      await server.call("send_token", { to: friend, token: "CELO", amount: "0.5" }),
    );
    expect(sent.status).toBe("success");
    const tx = await reader.getTransaction({ hash: sent.steps[0]?.hash as Hash });
    expect(tx.from.toLowerCase()).toBe(cast.address.toLowerCase());
    expect(await reader.getBalance({ address: friend })).toBe(500_000_000_000_000_000n);
    const environ = environOf(server);
    expect(environ).toContain("CHAIN_KEYSTORE_PASSWORD_FILE=");
    expectNoSecret(server, [castKey, PASSWORD], environ);
    expect(server.captured().stderr).toContain(cast.address);
    expect(server.captured().stderr).not.toContain("warning: the signer is CHAIN_PRIVATE_KEY");
  });
});

describe("a wrong password in the password file", () => {
  let server: SpawnedServer;
  afterAll(async () => {
    await server?.close();
  });

  it("refuses the signing tools with KEYSTORE_PASSWORD_INVALID, sends nothing, and reads keep working", async () => {
    const wrong = join(dir, "wrong-password");
    writeFileSync(wrong, "not sesame\n", { mode: 0o600 });
    server = await spawnServer({
      RPC_URL: devnet.rpcUrl,
      DO_NOT_TRACK: "1",
      CHAIN_KEYSTORE: cast.file,
      CHAIN_KEYSTORE_PASSWORD_FILE: wrong,
      // Foundry's keystores declare no address: given here, reads default to it while the key stays locked.
      CHAIN_KEYSTORE_ADDRESS: cast.address,
    });
    const nonce = await reader.getTransactionCount({ address: cast.address });
    const refused = toolError(await server.call("send_token", { to: friend, token: "CELO", amount: "0.1" }));
    expect(refused.code).toBe("KEYSTORE_PASSWORD_INVALID");
    expect(refused.message).toMatch(/password not shown/);
    expect(await reader.getTransactionCount({ address: cast.address })).toBe(nonce);
    const balances = data<{ owner: string; balances: { value: string }[] }>(
      await server.call("get_balances", { tokens: ["CELO"] }),
    );
    expect(balances.owner.toLowerCase()).toBe(cast.address.toLowerCase());
    expect(BigInt(balances.balances[0]?.value ?? "0")).toBeGreaterThan(0n);
    expectNoSecret(server, [castKey, PASSWORD, "not sesame"]);
  });
});

describe("no password file: a person types it on the local page", () => {
  let server: SpawnedServer;
  const typed: string[] = [];
  const asked: string[] = [];
  afterAll(async () => {
    await server?.close();
  });

  it("asks through a URL the client opens, refuses a wrong password, then unlocks and sends", async () => {
    server = await spawnServer(
      {
        RPC_URL: devnet.rpcUrl,
        DO_NOT_TRACK: "1",
        CHAIN_KEYSTORE: cast.file,
        CHAIN_KEYSTORE_ADDRESS: cast.address,
      },
      {
        capabilities: { elicitation: { url: {} } },
        setup: (client: Client) => {
          // The person's browser: opens the URL, types the next password, submits from the page's own origin.
          client.setRequestHandler(ElicitRequestSchema, async (request) => {
            const params = request.params as { mode?: string; url?: string; message: string };
            asked.push(params.message);
            if (params.mode !== "url" || params.url === undefined) return { action: "decline" };
            const html = await (await fetch(params.url)).text();
            const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1] as string;
            const password = typed.shift() as string;
            const answer = await fetch(params.url, {
              method: "POST",
              headers: {
                "content-type": "application/x-www-form-urlencoded",
                origin: new URL(params.url).origin,
              },
              body: new URLSearchParams({ csrf, password, decision: "unlock" }).toString(),
            });
            expect(answer.status).toBe(200);
            return { action: "accept" };
          });
        },
      },
    );
    typed.push("guess");
    const refused = toolError(await server.call("send_token", { to: friend, token: "CELO", amount: "0.1" }));
    expect(refused.code).toBe("KEYSTORE_PASSWORD_INVALID");
    typed.push(PASSWORD);
    const sent = data<{ status: string }>(
      await server.call("send_token", { to: friend, token: "CELO", amount: "0.1" }),
    );
    expect(sent.status).toBe("success");
    // Unlocked once: the next signing tool asks nobody.
    data(await server.call("send_token", { to: friend, token: "CELO", amount: "0.1" }));
    expect(asked).toHaveLength(2);
    for (const message of asked) expect(message).not.toContain(PASSWORD);
    expectNoSecret(server, [castKey, PASSWORD], environOf(server));
  });
});

describe("a signer module over a digest-only KMS", () => {
  let server: SpawnedServer;
  afterAll(async () => {
    await server?.close();
  });

  it("sends a CIP-64 0x7b transaction paying gas in USDC from an account with 0 CELO", async () => {
    const key = generatePrivateKey();
    const signer = privateKeyToAccount(key).address;
    const keyFile = join(dir, "kms.key");
    writeFileSync(keyFile, key, { mode: 0o600 });
    await devnet.fund(signer, "USDC", "20");
    server = await spawnServer({
      RPC_URL: devnet.rpcUrl,
      DO_NOT_TRACK: "1",
      CHAIN_SIGNER_MODULE: fileURLToPath(new URL("./fixtures/signers/digestKms.mjs", import.meta.url)),
      PREFLOW_TEST_KMS_KEY_FILE: keyFile,
      FEE_CURRENCY: "USDC",
    });
    const sent = data<{ status: string; steps: { hash: Hash }[] }>(
      await server.call("send_token", { to: friend, token: "USDC", amount: "2" }),
    );
    expect(sent.status).toBe("success");
    const tx = await reader.getTransaction({ hash: sent.steps[0]?.hash as Hash });
    expect(tx.type).toBe("cip64");
    expect((tx as { feeCurrency?: string }).feeCurrency?.toLowerCase()).toBe(
      FEE_CURRENCY_OF_TOKEN.USDC.toLowerCase(),
    );
    expect(tx.from.toLowerCase()).toBe(signer.toLowerCase());
    expect(await reader.getBalance({ address: signer })).toBe(0n);
    expect(
      await reader.readContract({
        address: devnet.tokens.USDC.address as Address,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [friend],
      }),
    ).toBe(2_000_000n);
    expectNoSecret(server, [key], environOf(server));
  });
});

describe("start-up refusals and the raw key's warning", () => {
  it("refuses a password file its group or others can read, naming the variable", async () => {
    const open = join(dir, "open-password");
    writeFileSync(open, PASSWORD);
    chmodSync(open, 0o644);
    const { code, stderr } = await run({
      RPC_URL: devnet.rpcUrl,
      DO_NOT_TRACK: "1",
      CHAIN_KEYSTORE: cast.file,
      CHAIN_KEYSTORE_PASSWORD_FILE: open,
    });
    expect(code).toBe(1);
    expect(stderr).toMatch(/INVALID_CONFIG.*CHAIN_KEYSTORE_PASSWORD_FILE.*mode 644.*chmod 600/);
    expect(stderr).not.toContain(PASSWORD);
  });

  it("refuses two signers at once", async () => {
    const { code, stderr } = await run({
      RPC_URL: devnet.rpcUrl,
      DO_NOT_TRACK: "1",
      CHAIN_KEYSTORE: cast.file,
      CHAIN_PRIVATE_KEY: castKey,
    });
    expect(code).toBe(1);
    expect(stderr).toMatch(/name one signer only/);
    expect(stderr.toLowerCase()).not.toContain(castKey.slice(2));
  });

  it("refuses a raw key under PREFLOW_REFUSE_RAW_KEY=1, without echoing it", async () => {
    const key = generatePrivateKey();
    const { code, stderr } = await run({
      RPC_URL: devnet.rpcUrl,
      DO_NOT_TRACK: "1",
      CHAIN_PRIVATE_KEY: key,
      PREFLOW_REFUSE_RAW_KEY: "1",
    });
    expect(code).toBe(1);
    expect(stderr).toMatch(/INVALID_CONFIG.*CHAIN_PRIVATE_KEY.*PREFLOW_REFUSE_RAW_KEY=1.*CHAIN_KEYSTORE/);
    expect(stderr.toLowerCase()).not.toContain(key.slice(2));
  });

  it("warns at start when the signer is a raw key, naming the safer options", async () => {
    const key = generatePrivateKey();
    const server = await spawnServer({ RPC_URL: devnet.rpcUrl, DO_NOT_TRACK: "1", CHAIN_PRIVATE_KEY: key });
    try {
      const { stderr } = server.captured();
      expect(stderr).toMatch(
        /warning: the signer is CHAIN_PRIVATE_KEY.*CHAIN_KEYSTORE.*CHAIN_SIGNER_MODULE.*PREFLOW_REFUSE_RAW_KEY=1/,
      );
    } finally {
      await server.close();
    }
  });
});
