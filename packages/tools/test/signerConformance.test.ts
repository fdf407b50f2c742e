// One signer conformance suite, run for every kind of signer the tool server and loadSigner take: a raw key, a
// keystore made by Foundry's own `cast wallet new` (scrypt), a geth-format keystore with pbkdf2 (ox's Keystore), a
// signer module over a digest-only fake KMS (viem's toAccount around sign-a-digest), and Valora's GCP KMS/HSM account
// with a faked KMS client. On the devnet each one signs a 0x02 transaction, a CIP-64 0x7b transaction paying gas in
// USDC, an EIP-7702 authorization (sent by another account; the code at the signer's address then points at the
// delegate) and the EIP-712 payloads preflow signs, each accepted by the chain or the verifying contract.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { FEE_CURRENCY_OF_TOKEN } from "@preflow/core";
import { SIMPLE_7702_ACCOUNT } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { X402_PAYABLE_TOKENS } from "@preflow/x402";
import { Keystore } from "ox";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  type LocalAccount,
  parseAbi,
  parseEther,
  parseSignature,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";
import { beforeAll, describe, expect, it } from "vitest";
import { loadSigner } from "../src/signer/loadSigner.js";
import { castKeystore } from "./helpers/castKeystore.js";

const devnet = useDevnet();
const chain = { ...celo, rpcUrls: { default: { http: [devnet.rpcUrl] } } };
const reader = createPublicClient({ chain, transport: http(devnet.rpcUrl) });
const USDC = devnet.tokens.USDC.address as Address;
const usdcOf = (owner: Address) =>
  reader.readContract({ address: USDC, abi: erc20Abi, functionName: "balanceOf", args: [owner] });
const dir = mkdtempSync(join(tmpdir(), "preflow-signers-"));
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/signers/${name}`, import.meta.url));
function keyFile(name: string, key: Hex): string {
  const file = join(dir, name);
  writeFileSync(file, key, { mode: 0o600 });
  return file;
}

interface Kind {
  kind: string;
  load(): Promise<LocalAccount>;
  /** The address the signer must have (known independently of loadSigner). */
  expected(): Address;
}

const rawKey = generatePrivateKey();
const oxKey = generatePrivateKey();
const kmsKey = generatePrivateKey();
const gcpKey = generatePrivateKey();
let cast: ReturnType<typeof castKeystore>;

const KINDS: Kind[] = [
  {
    kind: "raw key",
    load: () => loadSigner({ privateKey: rawKey }),
    expected: () => privateKeyToAccount(rawKey).address,
  },
  {
    kind: "keystore by Foundry's cast wallet new (scrypt), password file",
    load: () => loadSigner({ keystore: cast.file, passwordFile: cast.passwordFile }),
    expected: () => cast.address,
  },
  {
    kind: "geth-format keystore by ox (pbkdf2), password",
    async load() {
      const [key, options] = await Keystore.pbkdf2Async({ password: "correct horse", iterations: 4096 });
      const file = join(dir, "ox-pbkdf2.json");
      writeFileSync(
        file,
        JSON.stringify({
          ...Keystore.encrypt(oxKey, key, options),
          address: privateKeyToAccount(oxKey).address.slice(2).toLowerCase(),
        }),
      );
      return loadSigner({ keystore: file, password: "correct horse" });
    },
    expected: () => privateKeyToAccount(oxKey).address,
  },
  {
    kind: "signer module over a digest-only KMS",
    load() {
      process.env.PREFLOW_TEST_KMS_KEY_FILE = keyFile("kms.key", kmsKey);
      return loadSigner({ module: fixture("digestKms.mjs") });
    },
    expected: () => privateKeyToAccount(kmsKey).address,
  },
  {
    kind: "signer module with Valora's GCP HSM account, faked KMS client",
    load() {
      process.env.PREFLOW_TEST_GCP_KEY_FILE = keyFile("gcp.key", gcpKey);
      return loadSigner({ module: fixture("gcpHsm.mjs") });
    },
    expected: () => privateKeyToAccount(gcpKey).address,
  },
];

/** Who sends what a signer only signs (the 7702 authorization, the EIP-3009 transfer). */
const relayer = privateKeyToAccount(generatePrivateKey());
const relayerWallet = createWalletClient({ account: relayer, chain, transport: http(devnet.rpcUrl) });

const transferWithAuthorizationAbi = parseAbi([
  "function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s)",
  "function authorizationState(address authorizer, bytes32 nonce) view returns (bool)",
]);

/**
 * The EIP-712 payloads preflow signs, each with the check of the contract that verifies it. Budget delegations
 * (ERC-7710, DelegationManager.redeemDelegations) and ERC-8004's agent-wallet proof are being built: their rows go
 * here, with `sign` and `verify` filled in, and every kind runs them.
 */
const TYPED_PAYLOADS: {
  name: string;
  run?: (account: LocalAccount) => Promise<void>;
}[] = [
  {
    name: "EIP-3009 TransferWithAuthorization of USDC (x402 exact), redeemed by USDC on chain",
    async run(account) {
      const to = privateKeyToAccount(generatePrivateKey()).address;
      const { timestamp } = await reader.getBlock();
      const message = {
        from: account.address,
        to,
        value: 250_000n,
        validAfter: 0n,
        validBefore: timestamp + 3_600n,
        nonce: generatePrivateKey(),
      } as const;
      const token = X402_PAYABLE_TOKENS.USDC;
      const signature = await account.signTypedData({
        domain: {
          name: token.eip712.name,
          version: token.eip712.version,
          chainId: 42220,
          verifyingContract: token.address,
        },
        types: {
          TransferWithAuthorization: [
            { name: "from", type: "address" },
            { name: "to", type: "address" },
            { name: "value", type: "uint256" },
            { name: "validAfter", type: "uint256" },
            { name: "validBefore", type: "uint256" },
            { name: "nonce", type: "bytes32" },
          ],
        },
        primaryType: "TransferWithAuthorization",
        message,
      });
      const { r, s, v } = parseSignature(signature);
      const hash = await relayerWallet.writeContract({
        address: USDC,
        abi: transferWithAuthorizationAbi,
        functionName: "transferWithAuthorization",
        args: [
          message.from,
          message.to,
          message.value,
          message.validAfter,
          message.validBefore,
          message.nonce,
          Number(v),
          r,
          s,
        ],
      });
      expect((await reader.waitForTransactionReceipt({ hash })).status).toBe("success");
      expect(await usdcOf(to)).toBe(250_000n);
      expect(
        await reader.readContract({
          address: USDC,
          abi: transferWithAuthorizationAbi,
          functionName: "authorizationState",
          args: [account.address, message.nonce],
        }),
      ).toBe(true);
    },
  },
  { name: "budget delegation (ERC-7710 DelegationManager): hook for the budgets work" },
  { name: "ERC-8004 agent-wallet proof: hook for the agent-id work" },
];

beforeAll(async () => {
  cast = castKeystore("conformance password", dir);
  await devnet.fund(relayer.address, "CELO", "5");
});

describe.each(KINDS)("signer conformance: $kind", (kind) => {
  let account: LocalAccount;
  const friend = privateKeyToAccount(generatePrivateKey()).address;

  beforeAll(async () => {
    account = await kind.load();
    await devnet.fund(account.address, "CELO", "1");
    await devnet.fund(account.address, "USDC", "5");
  });

  it("loads with the address of its key", () => {
    expect(account.address).toBe(kind.expected());
  });

  it("signs a 0x02 transaction the chain accepts", async () => {
    const wallet = createWalletClient({ account, chain, transport: http(devnet.rpcUrl) });
    const hash = await wallet.sendTransaction({ to: friend, value: parseEther("0.01"), type: "eip1559" });
    expect((await reader.waitForTransactionReceipt({ hash })).status).toBe("success");
    const tx = await reader.getTransaction({ hash });
    expect(tx.type).toBe("eip1559");
    expect(tx.from.toLowerCase()).toBe(account.address.toLowerCase());
  });

  it("signs a CIP-64 0x7b transaction paying gas in USDC the chain accepts", async () => {
    const wallet = createWalletClient({ account, chain, transport: http(devnet.rpcUrl) });
    const before = await usdcOf(account.address);
    const celoBefore = await reader.getBalance({ address: account.address });
    const hash = await wallet.writeContract({
      address: USDC,
      abi: erc20Abi,
      functionName: "transfer",
      args: [friend, 1_000_000n],
      feeCurrency: FEE_CURRENCY_OF_TOKEN.USDC as Address,
    });
    const receipt = await reader.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    const tx = await reader.getTransaction({ hash });
    expect(tx.type).toBe("cip64");
    expect((tx as { feeCurrency?: string }).feeCurrency?.toLowerCase()).toBe(
      FEE_CURRENCY_OF_TOKEN.USDC.toLowerCase(),
    );
    expect(tx.from.toLowerCase()).toBe(account.address.toLowerCase());
    // Gas was paid in USDC (more than the 1 USDC sent left), not in CELO.
    expect(before - (await usdcOf(account.address))).toBeGreaterThan(1_000_000n);
    expect(await reader.getBalance({ address: account.address })).toBe(celoBefore);
  });

  for (const payload of TYPED_PAYLOADS) {
    if (payload.run === undefined) it.todo(`signs ${payload.name}`);
    else
      it(`signs ${payload.name}`, () => (payload.run as (account: LocalAccount) => Promise<void>)(account));
  }

  // Last: once delegated, the address holds the delegate's designator.
  it("signs an EIP-7702 authorization the chain applies", async () => {
    const nonce = await reader.getTransactionCount({ address: account.address });
    const authorization = await (account.signAuthorization as NonNullable<LocalAccount["signAuthorization"]>)(
      {
        address: SIMPLE_7702_ACCOUNT,
        chainId: 42220,
        nonce,
      },
    );
    const hash = await relayerWallet.sendTransaction({
      authorizationList: [authorization],
      to: account.address,
      data: "0x",
    });
    const receipt = await reader.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    expect((await reader.getTransaction({ hash })).type).toBe("eip7702");
    expect((await reader.getCode({ address: account.address }))?.toLowerCase()).toBe(
      `0xef0100${SIMPLE_7702_ACCOUNT.slice(2).toLowerCase()}`,
    );
  });
});
