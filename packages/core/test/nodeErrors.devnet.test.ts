// Node errors by code and data, not op-geth's words (issue 45): Celo's nodes moved from op-geth to op-reth, whose
// texts differ ("nonce too low: next nonce 5, tx nonce 3", "insufficient funds ...: have X want Y" with -32003,
// "insufficient fee-currency balance: ..."). The fault proxy serves each node's own answer (@preflow/devnet's
// nodeErrors fixtures, from the nodes' sources); every result stays typed and truthful under both.
import {
  type FaultProxy,
  NODE_IMPLEMENTATIONS,
  type NodeErrorKind,
  nodeError,
  startFaultProxy,
} from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { SdkError } from "@preflow/errors";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createSdkClient, executePreparedFlow, FEE_CURRENCY_OF_TOKEN } from "../src/index.js";
import { chainReader, twoStepFlow } from "./support/executionFixture.js";

const devnet = useDevnet();
const chain = chainReader(devnet);
let proxy: FaultProxy;

beforeAll(async () => {
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
});
afterEach(() => proxy.clearFaults());
afterAll(() => proxy.close());

/** The refusals of eth_sendRawTransaction a node answers without taking the transaction. */
const REFUSALS: readonly NodeErrorKind[] = [
  "nonceTooLow",
  "replacementUnderpriced",
  "underpriced",
  "insufficientFunds",
  "feeCapBelowBaseFee",
  "feeCurrencyUnregistered",
  "feeCurrencyInsufficientBalance",
  "feeCurrencyInternal",
];

describe.each(NODE_IMPLEMENTATIONS)("%s's refusals of eth_sendRawTransaction", (node) => {
  it.each(REFUSALS)(
    "%s: step 1 failed, not sent, TRANSACTION_REJECTED with its hash; nothing on chain",
    async (kind) => {
      const { account, flow } = await twoStepFlow(devnet);
      const answer = nodeError(node, kind, {
        address: account.address,
        feeCurrency: FEE_CURRENCY_OF_TOKEN.USAT,
        txNonce: 0n,
        stateNonce: 1n,
        have: 10n,
        want: 20n,
      });
      const refusal = proxy.inject({
        method: "eth_sendRawTransaction",
        times: 1,
        fault: { kind: "error", ...answer },
      });
      const start = await chain.nonce(account.address);
      const client = createSdkClient({ rpcUrl: proxy.url, analyticsEnabled: false }).publicClient;
      const result = await executePreparedFlow(client, { account, flow });
      expect(refusal.hits).toBe(1);
      expect(result.status).toBe("failed");
      expect(result.steps.map((s) => `${s.status}/${String(s.sent)}/${s.code ?? "-"}`)).toEqual([
        "failed/false/TRANSACTION_REJECTED",
        "skipped/false/NOT_ATTEMPTED",
      ]);
      expect(result.steps[0]!.hash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(result.steps[0]!.error).toContain(answer.message.slice(0, 40));
      expect(await chain.nonce(account.address)).toBe(start);
    },
  );
});

describe.each(NODE_IMPLEMENTATIONS)("%s's eth_simulateV1 errors while preparing", (node) => {
  it.each(["simulateInsufficientFunds", "simulateBaseFeeTooLow", "simulateNonceTooLow"] as const)(
    "%s: a typed SdkError naming the node's answer, nothing signed",
    async (kind) => {
      const account = privateKeyToAccount(generatePrivateKey());
      await devnet.fund(account.address, "USDm", "5");
      const answer = nodeError(node, kind, { address: account.address, have: 1n, want: 2n });
      const fault = proxy.inject({ method: "eth_simulateV1", times: 1, fault: { kind: "error", ...answer } });
      const client = createSdkClient({ rpcUrl: proxy.url, analyticsEnabled: false });
      const error = await client.transaction
        .prepareSend(account.address, account.address, "USDm", "1", { feeCurrency: "USDm" })
        .catch((e: unknown) => e);
      expect(fault.hits).toBe(1);
      expect(error).toBeInstanceOf(SdkError);
      expect((error as SdkError).message).toContain(answer.message.slice(0, 30));
    },
  );
});
