// ERC-8004 on a devnet: the Identity, Reputation and Validation registries' stand-ins at their Celo addresses.
// An agent registers with its registration file on chain (a data: URI), is read back, gets feedback from two
// reviewers (its owner's own is refused before anything is sent), its reputation over trusted reviewers is read,
// and its wallet moves to an EIP-7702-delegated EOA (accepted by the registry's ECDSA branch), then, for another
// agent, to a contract smart account whose owner key signs for it (accepted only by its ERC-1271 answer). Flows are
// signed by a plain viem wallet; every prepare and read goes through a counting proxy.
import {
  deployMultiSigDeleGator,
  type FaultProxy,
  SIMPLE_7702_ACCOUNT,
  startFaultProxy,
} from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { encodeFunctionData, type Hex, parseEventLogs, recoverTypedDataAddress, zeroHash } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  agentWalletTypedData,
  buildRegistrationFile,
  createSdkBaseClient,
  ERC8004_ADDRESSES,
  Erc8004RefusedError,
  erc8004IdentityRegistryAbi,
  erc8004ReputationRegistryAbi,
  getAgent,
  getAgentReputation,
  InvalidArgumentError,
  parsePreparedFlow,
  prepareGiveFeedback,
  prepareRegisterAgent,
  prepareSetAgentUri,
  prepareSetAgentWallet,
  readAgentFeedback,
} from "../src/index.js";
import { devnetClients, executeFlow, expectTagged, freshAccount } from "./support/wallet.js";

const devnet = useDevnet();
let proxy: FaultProxy;
let client: ReturnType<typeof createSdkBaseClient>;

beforeAll(async () => {
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
  client = createSdkBaseClient({
    rpcUrl: proxy.url,
    attributionTags: ["agent_test"],
    analyticsEnabled: false,
  });
});
afterAll(async () => {
  await proxy?.close();
});

/** Runs `fn` and returns what it returned (or threw) and the HTTP requests it cost. */
async function counted<T>(fn: () => Promise<T>): Promise<{ value: T; error: unknown; requests: number }> {
  proxy.reset();
  try {
    const value = await fn();
    return { value, error: undefined, requests: proxy.requests };
  } catch (error) {
    return { value: undefined as T, error, requests: proxy.requests };
  }
}

describe("ERC-8004 on the devnet", () => {
  it("registers an agent, reads it back, takes feedback from others only, summarises trusted reviewers, and moves its wallet to a 7702-delegated EOA", async () => {
    const owner = await freshAccount(devnet);
    const registration = buildRegistrationFile({
      name: "Quoter",
      description: "Quotes Celo swaps over x402",
      services: [{ name: "MCP", endpoint: "https://quoter.example/mcp", version: "2025-06-18" }],
      agentWallet: owner.address,
      x402Support: true,
      selfAgentId: 12n,
    });

    // register: one request to prepare; the id comes from the Registered event
    const prepared = await counted(() => prepareRegisterAgent(client, { from: owner.address, registration }));
    expect(prepared.requests).toBe(1);
    const flow = prepared.value;
    expect(flow.intent).toMatchObject({ kind: "agentRegister" });
    expect(flow.steps[0]?.call?.args[0]).toMatch(/^data:application\/json;base64,/);
    expect(flow.preparedAt?.blockNumber).toMatch(/^[0-9]+$/);
    expectTagged(flow, ["agent_test"]);
    parsePreparedFlow(JSON.parse(JSON.stringify(flow))); // the intent checks against its calldata
    const [hash] = await executeFlow(devnet, owner.privateKey, flow);
    const { publicClient } = devnetClients(devnet, owner.privateKey);
    const receipt = await publicClient.getTransactionReceipt({ hash: hash as Hex });
    const [registered] = parseEventLogs({
      abi: erc8004IdentityRegistryAbi,
      eventName: "Registered",
      logs: receipt.logs,
    });
    expect(registered?.args.owner).toBe(owner.address);
    const agentId = registered?.args.agentId as bigint;

    // getAgent: one request; the registration file comes back parsed and valid
    const read = await counted(() => getAgent(client, { agentId, metadataKeys: ["agentWallet"] }));
    expect(read.requests).toBe(1);
    expect(read.value).toMatchObject({
      agentId: agentId.toString(),
      owner: owner.address,
      wallet: owner.address,
      metadata: { agentWallet: owner.address.toLowerCase() },
      registrationFile: registration,
      registrationFileError: null,
    });
    expect(read.value?.registrationFile?.registrations).toEqual([
      { agentId: 12, agentRegistry: "eip155:42220:0xaC3DF9ABf80d0F5c020C06B04Cced27763355944" },
    ]);
    expect((await counted(() => getAgent(client, { agentId: 10n ** 30n }))).value).toBeNull();

    // its file, now naming its id, set by its owner; a stranger may not
    const withId = buildRegistrationFile({
      name: "Quoter",
      description: "Quotes Celo swaps over x402",
      agentId,
    });
    const stranger = await freshAccount(devnet);
    const refusedUri = await counted(() =>
      prepareSetAgentUri(client, { from: stranger.address, agentId, registration: withId }),
    );
    expect(refusedUri.error).toBeInstanceOf(Erc8004RefusedError);
    expect((refusedUri.error as Erc8004RefusedError).details.reason).toBe("not-authorized");
    const setUri = await counted(() =>
      prepareSetAgentUri(client, { from: owner.address, agentId, registration: withId }),
    );
    expect(setUri.requests).toBe(1);
    await executeFlow(devnet, owner.privateKey, setUri.value);
    expect((await getAgent(client, { agentId }))?.registrationFile?.registrations).toEqual([
      { agentId: Number(agentId), agentRegistry: "eip155:42220:0x8004A169FB4a3325136EB29fA0ceB6D2e539a432" },
    ]);

    // the owner's own feedback: refused after one read, nothing sent
    const self = await counted(() =>
      prepareGiveFeedback(client, { from: owner.address, agentId, value: 100n }),
    );
    expect(self.error).toBeInstanceOf(Erc8004RefusedError);
    expect((self.error as Erc8004RefusedError).details.reason).toBe("self-feedback");
    expect(self.requests).toBe(1);
    // bad input: before any request
    const bad = await counted(() =>
      prepareGiveFeedback(client, { from: stranger.address, agentId, value: "1e3" }),
    );
    expect(bad.error).toBeInstanceOf(InvalidArgumentError);
    expect((bad.error as InvalidArgumentError).details.field).toBe("value");
    expect(bad.requests).toBe(0);

    // two reviewers: 90.00 (with a proof of payment, so a feedback file) and 70.50, both tagged "starred"
    const reviewers = [stranger, await freshAccount(devnet)];
    const given: [bigint, Record<string, unknown>][] = [
      [
        9_000n,
        {
          proofOfPayment: {
            fromAddress: stranger.address,
            toAddress: owner.address,
            chainId: "42220",
            txHash: `0x${"ab".repeat(32)}`,
          },
        },
      ],
      [7_050n, { endpoint: "https://quoter.example/mcp" }],
    ];
    for (const [index, reviewer] of reviewers.entries()) {
      const [value, extra] = given[index] as [bigint, Record<string, unknown>];
      const feedback = await counted(() =>
        prepareGiveFeedback(client, {
          from: reviewer.address,
          agentId,
          value,
          decimals: 2,
          tag1: "starred",
          ...extra,
        }),
      );
      expect(feedback.requests).toBe(1);
      parsePreparedFlow(JSON.parse(JSON.stringify(feedback.value)));
      const [feedbackHash] = await executeFlow(devnet, reviewer.privateKey, feedback.value);
      const feedbackReceipt = await publicClient.getTransactionReceipt({ hash: feedbackHash as Hex });
      const [event] = parseEventLogs({
        abi: erc8004ReputationRegistryAbi,
        eventName: "NewFeedback",
        logs: feedbackReceipt.logs,
      });
      expect(event?.args).toMatchObject({
        agentId,
        clientAddress: reviewer.address,
        feedbackIndex: 1n,
        value,
        valueDecimals: 2,
      });
      if (index === 0) {
        expect(event?.args.feedbackURI).toMatch(/^data:application\/json;base64,/);
        expect(event?.args.feedbackHash).not.toBe(zeroHash);
        const uri = event?.args.feedbackURI ?? "";
        const file = JSON.parse(atob(uri.split(",")[1] ?? ""));
        expect(file).toMatchObject({
          agentRegistry: "eip155:42220:0x8004A169FB4a3325136EB29fA0ceB6D2e539a432",
          clientAddress: `eip155:42220:${reviewer.address}`,
          proofOfPayment: { txHash: `0x${"ab".repeat(32)}` },
        });
      }
    }

    // reputation over the trusted reviewers: one request, (90.00 + 70.50) / 2 = 80.25
    const reputation = await counted(() =>
      getAgentReputation(client, { agentId, reviewers: reviewers.map((r) => r.address), tag1: "starred" }),
    );
    expect(reputation.requests).toBe(1);
    expect(reputation.value).toMatchObject({ count: "2", value: "8025", decimals: 2, average: "80.25" });
    // a reviewer the reader does not trust does not count
    const one = await getAgentReputation(client, { agentId, reviewers: [reviewers[1]?.address as string] });
    expect(one).toMatchObject({ count: "1", average: "70.5" });
    const empty = await counted(() => getAgentReputation(client, { agentId, reviewers: [] }));
    expect(empty.error).toBeInstanceOf(InvalidArgumentError);
    expect(empty.requests).toBe(0);
    const all = await counted(() => readAgentFeedback(client, { agentId }));
    expect(all.requests).toBe(1);
    expect(all.value.feedback.map((entry) => [entry.reviewer, entry.amount, entry.tag1])).toEqual([
      [reviewers[0]?.address, "90", "starred"],
      [reviewers[1]?.address, "70.5", "starred"],
    ]);

    // the agent wallet moves to an EOA delegated (EIP-7702) to preflow's simple-7702 account
    const hot = await freshAccount(devnet);
    const hotClients = devnetClients(devnet, hot.privateKey);
    const authorization = await hotClients.wallet.signAuthorization({
      contractAddress: SIMPLE_7702_ACCOUNT,
      executor: "self",
    });
    await publicClient.waitForTransactionReceipt({
      hash: await hotClients.wallet.sendTransaction({ to: hot.address, authorizationList: [authorization] }),
    });
    expect(await publicClient.getCode({ address: hot.address })).toBe(
      `0xef0100${SIMPLE_7702_ACCOUNT.slice(2).toLowerCase()}`,
    );
    const hotAccount = privateKeyToAccount(hot.privateKey);
    // signed by someone else: refused before anything is built (ECDSA fails, then the wallet's ERC-1271 says no)
    const wrong = await counted(() =>
      prepareSetAgentWallet(client, {
        from: owner.address,
        agentId,
        wallet: hot.address,
        signTypedData: (typedData) => privateKeyToAccount(stranger.privateKey).signTypedData(typedData),
      }),
    );
    expect((wrong.error as Erc8004RefusedError).details.reason).toBe("invalid-wallet-signature");
    expect(wrong.requests).toBe(2);
    const setWallet = await counted(() =>
      prepareSetAgentWallet(client, {
        from: owner.address,
        agentId,
        wallet: hot.address,
        signTypedData: (typedData) => hotAccount.signTypedData(typedData),
      }),
    );
    expect(setWallet.requests).toBe(1);
    expect(setWallet.value.expiresAt).toMatch(/^[0-9]+$/);
    parsePreparedFlow(JSON.parse(JSON.stringify(setWallet.value)));
    await executeFlow(devnet, owner.privateKey, setWallet.value);
    expect((await getAgent(client, { agentId }))?.wallet).toBe(hot.address);

    // a deadline beyond the 5-minute window is refused
    const block = await publicClient.getBlock();
    const late = block.timestamp + 3_600n;
    const tooLate = await counted(() =>
      prepareSetAgentWallet(client, {
        from: owner.address,
        agentId,
        wallet: hot.address,
        deadline: late,
        signature: `0x${"00".repeat(65)}`,
      }),
    );
    expect((tooLate.error as Erc8004RefusedError).details.reason).toBe("deadline-out-of-window");
  });

  it("moves an agent's wallet to a contract smart account by its ERC-1271 answer, and refuses a stranger's signature for it", async () => {
    const owner = await freshAccount(devnet);
    const { publicClient } = devnetClients(devnet, owner.privateKey);
    const registered = await prepareRegisterAgent(client, {
      from: owner.address,
      registration: buildRegistrationFile({ name: "Payee", description: "Paid into a smart account" }),
    });
    const [registerHash] = await executeFlow(devnet, owner.privateKey, registered);
    const [event] = parseEventLogs({
      abi: erc8004IdentityRegistryAbi,
      eventName: "Registered",
      logs: (await publicClient.getTransactionReceipt({ hash: registerHash as Hex })).logs,
    });
    const agentId = event?.args.agentId as bigint;

    // a MetaMask MultiSigDeleGator (a proxy contract, no EIP-7702) whose one signer key is not its address
    const signerKey = privateKeyToAccount((await freshAccount(devnet)).privateKey);
    const smartWallet = await deployMultiSigDeleGator(devnet.rpcUrl, { signers: [signerKey.address] });
    expect(smartWallet).not.toBe(signerKey.address);
    expect(await publicClient.getCode({ address: smartWallet })).toMatch(/^0x(?!ef0100)[0-9a-f]{100,}$/);

    let signature: Hex | undefined;
    let typedData: Parameters<typeof recoverTypedDataAddress>[0] | undefined;
    const prepared = await counted(() =>
      prepareSetAgentWallet(client, {
        from: owner.address,
        agentId,
        wallet: smartWallet,
        signTypedData: async (data) => {
          signature = await signerKey.signTypedData(data);
          typedData = { ...data, signature } as Parameters<typeof recoverTypedDataAddress>[0];
          return signature;
        },
      }),
    );
    expect(prepared.error).toBeUndefined();
    // ECDSA recovers the owner key, not the wallet: the pre-check asked the wallet (one more request)
    expect(await recoverTypedDataAddress(typedData as Parameters<typeof recoverTypedDataAddress>[0])).toBe(
      signerKey.address,
    );
    expect(prepared.requests).toBe(2);
    const flow = prepared.value;
    expect(flow.intent).toMatchObject({ kind: "agentSetWallet", wallet: smartWallet });
    parsePreparedFlow(JSON.parse(JSON.stringify(flow)));
    const [setHash] = await executeFlow(devnet, owner.privateKey, flow);
    expect((await getAgent(client, { agentId }))?.wallet).toBe(smartWallet);

    // the registry asked the wallet: a STATICCALL of isValidSignature(digest, signature) answered the magic value
    type Frame = {
      type: string;
      to?: string;
      input: string;
      output?: string;
      error?: string;
      calls?: Frame[];
    };
    const trace = (await publicClient.request({
      method: "debug_traceTransaction" as never,
      params: [setHash, { tracer: "callTracer" }] as never,
    })) as Frame;
    const frames: Frame[] = [];
    const walk = (frame: Frame) => {
      frames.push(frame);
      for (const inner of frame.calls ?? []) walk(inner);
    };
    walk(trace);
    expect(trace.to?.toLowerCase()).toBe(ERC8004_ADDRESSES.identityRegistry.toLowerCase());
    const asked = frames.filter(
      (frame) => frame.type === "STATICCALL" && frame.to?.toLowerCase() === smartWallet.toLowerCase(),
    );
    expect(asked).toHaveLength(1);
    expect(asked[0]?.input.slice(0, 10)).toBe("0x1626ba7e");
    expect(asked[0]?.input.toLowerCase()).toContain((signature as Hex).slice(2).toLowerCase());
    expect(asked[0]?.error).toBeUndefined();
    expect(asked[0]?.output?.slice(0, 10)).toBe("0x1626ba7e");

    // a key unrelated to the wallet: refused before anything is built, and the registry reverts it
    const stranger = privateKeyToAccount((await freshAccount(devnet)).privateKey);
    const refused = await counted(() =>
      prepareSetAgentWallet(client, {
        from: owner.address,
        agentId,
        wallet: smartWallet,
        signTypedData: (data) => stranger.signTypedData(data),
      }),
    );
    expect(refused.error).toBeInstanceOf(Erc8004RefusedError);
    expect((refused.error as Erc8004RefusedError).details.reason).toBe("invalid-wallet-signature");
    expect(refused.requests).toBe(2);
    const deadline = (await publicClient.getBlock()).timestamp + 120n;
    const strangerSignature = await stranger.signTypedData(
      agentWalletTypedData({ agentId, wallet: smartWallet, owner: owner.address, deadline }),
    );
    await expect(
      publicClient.call({
        account: owner.address,
        to: ERC8004_ADDRESSES.identityRegistry,
        data: encodeFunctionData({
          abi: erc8004IdentityRegistryAbi,
          functionName: "setAgentWallet",
          args: [agentId, smartWallet, deadline, strangerSignature],
        }),
      }),
    ).rejects.toThrow(/invalid wallet sig/);
    // the same call with the owner key's signature goes through (the refusal is the signer's, not the deadline's)
    const ownerKeySignature = await signerKey.signTypedData(
      agentWalletTypedData({ agentId, wallet: smartWallet, owner: owner.address, deadline }),
    );
    await publicClient.call({
      account: owner.address,
      to: ERC8004_ADDRESSES.identityRegistry,
      data: encodeFunctionData({
        abi: erc8004IdentityRegistryAbi,
        functionName: "setAgentWallet",
        args: [agentId, smartWallet, deadline, ownerKeySignature],
      }),
    });
  });
});
