// ERC-8004 v2.0.0's registries on the devnet: the stand-ins at their Celo addresses, constructed there (owner,
// Identity registry, EIP-712 domain), and the rules the SDK relies on: `register` (ids, `Registered`, the agent
// wallet set to the caller), `setAgentWallet` (the `AgentWalletSet` signature of a 7702-delegated EOA, the deadline
// window, the ERC-1271 fallback reaching the wallet's code), `giveFeedback` (self-feedback refused, `NewFeedback`)
// and `getSummary` (needs reviewers; averages over them).
import {
  createPublicClient,
  createWalletClient,
  decodeEventLog,
  encodeFunctionData,
  type Hex,
  http,
  toFunctionSelector,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import {
  devnetChain,
  ERC8004_REGISTRIES,
  erc8004IdentityRegistryStandInAbi as identityAbi,
  erc8004ReputationRegistryStandInAbi as reputationAbi,
  SIMPLE_7702_ACCOUNT,
} from "../src/index.js";
import { useDevnet } from "../src/vitest.js";

describe("ERC-8004 registries on the devnet", () => {
  const devnet = useDevnet();
  const chain = devnetChain(devnet.rpcUrl);
  const client = createPublicClient({ chain, transport: http(devnet.rpcUrl) });
  const { IdentityRegistry, ReputationRegistry } = ERC8004_REGISTRIES;

  const fundedWallet = async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    await devnet.fund(account.address, "CELO", "1");
    return { account, wallet: createWalletClient({ account, chain, transport: http(devnet.rpcUrl) }) };
  };

  it("is at the Celo addresses, constructed there", async () => {
    const domain = await client.readContract({
      address: IdentityRegistry,
      abi: identityAbi,
      functionName: "eip712Domain",
    });
    expect(domain.slice(1, 5)).toEqual(["ERC8004IdentityRegistry", "1", 42220n, IdentityRegistry]);
    expect(
      await client.readContract({ address: IdentityRegistry, abi: identityAbi, functionName: "owner" }),
    ).toBe(ERC8004_REGISTRIES.owner);
    expect(
      await client.readContract({
        address: ReputationRegistry,
        abi: reputationAbi,
        functionName: "getIdentityRegistry",
      }),
    ).toBe(IdentityRegistry);
    expect(
      await client.readContract({
        address: ReputationRegistry,
        abi: reputationAbi,
        functionName: "getVersion",
      }),
    ).toBe("2.0.0");
  });

  it("registers, sets a 7702-delegated agent wallet, refuses self-feedback and summarises trusted reviewers", async () => {
    const { account: owner, wallet } = await fundedWallet();
    const hash = await wallet.writeContract({
      address: IdentityRegistry,
      abi: identityAbi,
      functionName: "register",
      args: ["data:application/json;base64,e30="],
    });
    const receipt = await client.waitForTransactionReceipt({ hash });
    const registered = receipt.logs
      .filter((log) => log.address.toLowerCase() === IdentityRegistry.toLowerCase())
      .map((log) => decodeEventLog({ abi: identityAbi, ...log }))
      .find((event) => event.eventName === "Registered");
    expect(registered?.args).toMatchObject({
      agentURI: "data:application/json;base64,e30=",
      owner: owner.address,
    });
    if (registered?.eventName !== "Registered") throw new Error("no Registered event");
    const { agentId } = registered.args;
    const read = (functionName: "getAgentWallet" | "tokenURI" | "ownerOf") =>
      client.readContract({ address: IdentityRegistry, abi: identityAbi, functionName, args: [agentId] });
    expect(await read("getAgentWallet")).toBe(owner.address);
    expect(await read("ownerOf")).toBe(owner.address);

    // The new agent wallet: an EOA delegated (EIP-7702) to preflow's simple-7702 account.
    const delegated = privateKeyToAccount(generatePrivateKey());
    await devnet.fund(delegated.address, "CELO", "1");
    const delegatedWallet = createWalletClient({ account: delegated, chain, transport: http(devnet.rpcUrl) });
    const authorization = await delegatedWallet.signAuthorization({
      contractAddress: SIMPLE_7702_ACCOUNT,
      executor: "self",
    });
    await client.waitForTransactionReceipt({
      hash: await delegatedWallet.sendTransaction({
        to: delegated.address,
        authorizationList: [authorization],
      }),
    });
    expect(await client.getCode({ address: delegated.address })).toBe(
      `0xef0100${SIMPLE_7702_ACCOUNT.slice(2).toLowerCase()}`,
    );

    const block = await client.getBlock();
    const deadline = block.timestamp + 240n;
    const sign = (signer: typeof delegated, signedDeadline: bigint) =>
      signer.signTypedData({
        domain: {
          name: "ERC8004IdentityRegistry",
          version: "1",
          chainId: 42220,
          verifyingContract: IdentityRegistry,
        },
        types: {
          AgentWalletSet: [
            { name: "agentId", type: "uint256" },
            { name: "newWallet", type: "address" },
            { name: "owner", type: "address" },
            { name: "deadline", type: "uint256" },
          ],
        },
        primaryType: "AgentWalletSet",
        message: { agentId, newWallet: delegated.address, owner: owner.address, deadline: signedDeadline },
      });
    const setWallet = (signature: Hex, signedDeadline: bigint) =>
      client.simulateContract({
        account: owner,
        address: IdentityRegistry,
        abi: identityAbi,
        functionName: "setAgentWallet",
        args: [agentId, delegated.address, signedDeadline, signature],
      });
    // Too far ahead (more than 5 minutes), and signed by someone else.
    await expect(setWallet(await sign(delegated, deadline + 600n), deadline + 600n)).rejects.toThrow(
      /deadline too far/,
    );
    const stranger = privateKeyToAccount(generatePrivateKey());
    const strangerSignature = await sign(stranger, deadline);
    await expect(setWallet(strangerSignature, deadline)).rejects.toThrow(/invalid wallet sig/);
    // ECDSA failed there, so the registry asked the wallet (ERC-1271 `isValidSignature` on the delegated EOA).
    const trace = await client.request({
      method: "debug_traceCall" as never,
      params: [
        {
          from: owner.address,
          to: IdentityRegistry,
          data: encodeFunctionData({
            abi: identityAbi,
            functionName: "setAgentWallet",
            args: [agentId, delegated.address, deadline, strangerSignature],
          }),
        },
        "latest",
        { tracer: "callTracer" },
      ] as never,
    });
    const calls = (trace as { calls?: { type: string; to: string; input: Hex }[] }).calls ?? [];
    expect(
      calls.some(
        (call) =>
          call.type === "STATICCALL" &&
          call.to.toLowerCase() === delegated.address.toLowerCase() &&
          call.input.startsWith(toFunctionSelector("isValidSignature(bytes32,bytes)")),
      ),
    ).toBe(true);
    const { request } = await setWallet(await sign(delegated, deadline), deadline);
    await client.waitForTransactionReceipt({ hash: await wallet.writeContract(request) });
    expect(await read("getAgentWallet")).toBe(delegated.address);

    // Feedback: the owner may not review its own agent; two others may.
    await expect(
      client.simulateContract({
        account: owner,
        address: ReputationRegistry,
        abi: reputationAbi,
        functionName: "giveFeedback",
        args: [agentId, 100n, 0, "", "", "", "", `0x${"00".repeat(32)}`],
      }),
    ).rejects.toThrow(/Self-feedback not allowed/);
    const reviewers = [await fundedWallet(), await fundedWallet()];
    for (const [index, reviewer] of reviewers.entries()) {
      const feedbackHash = await reviewer.wallet.writeContract({
        address: ReputationRegistry,
        abi: reputationAbi,
        functionName: "giveFeedback",
        args: [
          agentId,
          index === 0 ? 9_000n : 7_050n,
          2,
          "starred",
          "",
          "https://a.example/mcp",
          "",
          `0x${"00".repeat(32)}`,
        ],
      });
      const feedback = await client.waitForTransactionReceipt({ hash: feedbackHash });
      const event = decodeEventLog({ abi: reputationAbi, ...feedback.logs[0]! });
      expect(event.eventName).toBe("NewFeedback");
      expect(event.args).toMatchObject({
        agentId,
        clientAddress: reviewer.account.address,
        feedbackIndex: 1n,
      });
    }
    await expect(
      client.readContract({
        address: ReputationRegistry,
        abi: reputationAbi,
        functionName: "getSummary",
        args: [agentId, [], "", ""],
      }),
    ).rejects.toThrow(/clientAddresses required/);
    const summary = await client.readContract({
      address: ReputationRegistry,
      abi: reputationAbi,
      functionName: "getSummary",
      args: [agentId, reviewers.map((r) => r.account.address), "starred", ""],
    });
    expect(summary).toEqual([2n, 8_025n, 2]);
  });
});
