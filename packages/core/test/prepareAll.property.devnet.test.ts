// Every flow any prepare* returns passes preflow's own checks (issue 25): parsePreparedFlow of its JSON gives it
// back unchanged (so its `call`s and `intent` match its calldata, step by step by index), and formatPreparedFlow
// renders it. Amounts, tokens, venues, recipients and approval shapes are drawn by fast-check; every prepare* runs
// against the devnet (a few runs each: each costs a request).
import { useDevnet } from "@preflow/devnet/vitest";
import fc from "fast-check";
import { erc20Abi, parseEventLogs } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import {
  buildRegistrationFile,
  createSdkClient,
  erc8004IdentityRegistryAbi,
  formatPreparedFlow,
  mentoActions,
  parsePreparedFlow,
  prepareGiveFeedback,
  prepareRegisterAgent,
  prepareSetAgentUri,
  prepareSetAgentWallet,
  type SerializedPreparedFlow,
  SWAP_VENUES,
  swapActions,
  TOKENS,
  uniswapActions,
} from "../src/index.js";
import { devnetClients, executeFlow, freshAccount } from "./support/wallet.js";

const devnet = useDevnet();
const client = createSdkClient({
  rpcUrl: devnet.rpcUrl,
  attributionTags: ["prepareall_test"],
  analyticsEnabled: false,
})
  .extend(swapActions)
  .extend(uniswapActions)
  .extend(mentoActions);
const RUNS = { numRuns: 4 };
const amount = fc.integer({ min: 1, max: 900 }).map((cents) => (cents / 100).toFixed(2));
const other = "0x2222222222222222222222222222222222222222";

function passesOwnChecks(flow: SerializedPreparedFlow): void {
  expect(parsePreparedFlow(JSON.parse(JSON.stringify(flow)))).toEqual(flow);
  expect(formatPreparedFlow(flow).length).toBeGreaterThan(0);
}

describe("every prepare* returns a flow that passes parsePreparedFlow (property)", () => {
  it("transaction: send, approve, contract call (with approvals of the called token too)", async () => {
    const owner = await freshAccount(devnet, { CELO: "20", USDm: "20", USDC: "20" });
    await fc.assert(
      fc.asyncProperty(
        amount,
        fc.constantFrom("USDm", "USDC", "CELO"),
        fc.constantFrom("exact", "max", "zero"),
        fc.constantFrom("other", "token", "self"),
        async (value, token, approval, spender) => {
          passesOwnChecks(await client.transaction.prepareSend(owner.address, other, token, value));
          const approveAmount = approval === "exact" ? value : approval === "max" ? "max" : "0";
          passesOwnChecks(
            await client.transaction.prepareApprove(owner.address, other, token, approveAmount),
          );
          const info = TOKENS[token as "USDm"];
          const approvalSpender =
            spender === "other" ? other : spender === "token" ? info.address : owner.address;
          passesOwnChecks(
            await client.transaction.prepareContractCall(owner.address, {
              to: info.address,
              abi: erc20Abi,
              functionName: "transferFrom",
              args: [owner.address, other, 1n],
              approvals: [{ token, amount: value, spender: approvalSpender }],
            }),
          );
        },
      ),
      RUNS,
    );
  });

  it("ERC-8004: register, set URI, set the agent wallet, give feedback", async () => {
    const owner = await freshAccount(devnet);
    const registered = await prepareRegisterAgent(client, { from: owner.address, uri: "ipfs://agent" });
    passesOwnChecks(registered);
    const [hash] = await executeFlow(devnet, owner.privateKey, registered);
    const receipt = await devnetClients(devnet, owner.privateKey).publicClient.getTransactionReceipt({
      hash: hash!,
    });
    const agentId = parseEventLogs({
      abi: erc8004IdentityRegistryAbi,
      eventName: "Registered",
      logs: receipt.logs,
    })[0]!.args.agentId;
    const hot = await freshAccount(devnet, {});
    const hotAccount = privateKeyToAccount(hot.privateKey);
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim() !== ""),
        fc.bigInt({ min: -(10n ** 38n), max: 10n ** 38n }),
        fc.integer({ min: 0, max: 18 }),
        fc.string({ maxLength: 20 }),
        fc.boolean(),
        async (name, value, decimals, tag1, withProof) => {
          const registration = buildRegistrationFile({
            name,
            description: `${name} agent`,
            agentId,
            agentWallet: hot.address,
          });
          passesOwnChecks(await prepareRegisterAgent(client, { from: owner.address, registration }));
          passesOwnChecks(await prepareSetAgentUri(client, { from: owner.address, agentId, registration }));
          passesOwnChecks(
            await prepareSetAgentWallet(client, {
              from: owner.address,
              agentId,
              wallet: hot.address,
              signTypedData: (typedData) => hotAccount.signTypedData(typedData),
            }),
          );
          const proof = {
            fromAddress: other,
            toAddress: owner.address,
            chainId: "42220",
            txHash: `0x${"cd".repeat(32)}`,
          };
          passesOwnChecks(
            await prepareGiveFeedback(client, {
              from: other,
              agentId,
              value,
              decimals,
              tag1,
              ...(withProof ? { proofOfPayment: proof } : {}),
            }),
          );
        },
      ),
      RUNS,
    );
  });

  it("swaps: best and every registered venue, any recipient", async () => {
    const trader = await freshAccount(devnet, { CELO: "5", USDC: "20", USDm: "20" });
    await fc.assert(
      fc.asyncProperty(
        amount,
        fc.constantFrom(["USDC", "USDm"] as const, ["USDm", "USDC"] as const),
        fc.constantFrom("best" as const, ...SWAP_VENUES.map((entry) => entry.venue)),
        fc.boolean(),
        async (value, [tokenIn, tokenOut], venue, toOther) => {
          const recipient = toOther ? other : trader.address;
          passesOwnChecks(
            await client.swap.prepareSwap(trader.address, tokenIn, tokenOut, value, { venue, recipient }),
          );
          // The venues with a one-venue group of their own.
          if (venue === "mento") {
            passesOwnChecks(
              await client.mento.prepareSwap(trader.address, tokenIn, tokenOut, value, { recipient }),
            );
          } else if (venue === "uniswap") {
            passesOwnChecks(
              await client.uniswap.prepareSwap(trader.address, tokenIn, tokenOut, value, { recipient }),
            );
          }
        },
      ),
      RUNS,
    );
  });

  it("Aave v3: supply, withdraw, borrow, repay", async () => {
    const lender = await freshAccount(devnet, { CELO: "5", USDC: "200", USDm: "20" });
    await executeFlow(
      devnet,
      lender.privateKey,
      await client.aave.prepareSupply(lender.address, "USDC", "100"),
    );
    await fc.assert(
      fc.asyncProperty(amount, fc.boolean(), async (value, max) => {
        passesOwnChecks(await client.aave.prepareSupply(lender.address, "USDC", value));
        passesOwnChecks(await client.aave.prepareWithdraw(lender.address, "USDC", max ? "max" : value));
        passesOwnChecks(await client.aave.prepareBorrow(lender.address, "USDm", value));
      }),
      RUNS,
    );
    await executeFlow(
      devnet,
      lender.privateKey,
      await client.aave.prepareBorrow(lender.address, "USDm", "5"),
    );
    passesOwnChecks(await client.aave.prepareRepay(lender.address, "USDm", "1"));
    passesOwnChecks(await client.aave.prepareRepay(lender.address, "USDm", "max"));
  });
});
