// Unknown keys are refused, not dropped. Every function `@preflow/core` exports and every method of the client's
// groups is called with one extra key (`sginal`, a misspelled `signal`) and must throw the SDK's typed error naming
// the key (with the nearest valid one when one is close) before any HTTP request: every URL of the client points at
// a counting proxy, which must see nothing. Both tables have one entry per export / method; a new one without an
// entry fails to compile (typecheck) and fails the "lists every ..." tests, so it cannot skip the check.
import { startFaultProxy } from "@preflow/devnet";
import { type Address, erc20Abi, maxUint256 } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as core from "../src/index.js";
import {
  createSdkClient,
  goodDollarActions,
  InvalidArgumentError,
  mentoActions,
  SdkError,
  type SerializedPreparedFlow,
  swapActions,
  TOKENS,
  UnknownOptionError,
  uniswapActions,
  uniswapV4Actions,
} from "../src/index.js";
import { expectInErrorType, operationOf } from "./support/errorTypes.js";

const A = "0x1111111111111111111111111111111111111111";
const B = "0x2222222222222222222222222222222222222222";
/** The value of the extra key: it must never be echoed (it could be a secret passed by mistake). */
const SECRET = "0xsecret_value_never_echoed";
const EXTRA = { sginal: SECRET };
const account = privateKeyToAccount(`0x${"11".repeat(32)}`);
const flow: SerializedPreparedFlow = {
  preparedFlow: true,
  chainId: 42220,
  from: account.address,
  summary: "Send 1 wei of CELO",
  steps: [{ kind: "native", to: B, data: "0x", value: "1", description: "Send 1 wei of CELO" }],
};
const tip = {
  to: B,
  abi: [
    {
      type: "function",
      name: "tip",
      stateMutability: "nonpayable",
      inputs: [{ name: "amount", type: "uint256" }],
      outputs: [],
    },
  ],
  functionName: "tip",
  args: [1n],
} as const;

const readDecimals = { to: B, abi: ["function decimals() view returns (uint8)"], functionName: "decimals" };

let proxy: Awaited<ReturnType<typeof startFaultProxy>>;
let client: ReturnType<typeof makeClient>;
function makeClient(url: string) {
  return createSdkClient({ rpcUrl: url, ethRpcUrl: url, telemetryEndpoint: url, agentIdApiBase: url })
    .extend(swapActions)
    .extend(mentoActions)
    .extend(goodDollarActions)
    .extend(uniswapActions)
    .extend(uniswapV4Actions);
}
type Client = ReturnType<typeof makeClient>;

beforeAll(async () => {
  // Nothing listens upstream: a request that got through would still be counted here.
  proxy = await startFaultProxy({ upstream: "http://127.0.0.1:9/" });
  client = makeClient(proxy.url);
});
afterAll(() => proxy.close());

interface Row {
  /** Calls the function with `extra` added to its object parameter (or options). */
  call: (client: Client, extra: Record<string, unknown>) => unknown;
  /** The `details.field` of the InvalidArgumentError (`"parameters"`, `"options"`...). */
  field: string;
  /**
   * The nearest valid key to `sginal` the error names, or `null` when none is close; `undefined`: not asserted
   * (simulatePreparedFlow's own check, in a file another branch is changing, does not suggest one yet).
   */
  nearest: "signal" | null | undefined;
  /** Another typed error than InvalidArgumentError (the client factories' UnknownOptionError). */
  error?: typeof UnknownOptionError;
}
/** A function that has no options object to check. */
type NoObject = { noObjectParameter: string };
/** An exception, said out loud. */
type NotChecked = { notChecked: string };
/** A decorator: its methods are rows of CLIENT_TABLE. */
type Decorator = { decorator: keyof Client };

type Functions<M> = { [K in keyof M as M[K] extends (...args: never) => unknown ? K : never]: M[K] };

const parameters = (nearest: Row["nearest"] = "signal") => ({ field: "parameters", nearest });
const options = (nearest: Row["nearest"] = "signal") => ({ field: "options", nearest });

const EXPORTS: { [K in keyof Functions<typeof core>]: Row | NoObject | NotChecked | Decorator } = {
  // actions: (client, parameters)
  getAavePositions: { call: (c, x) => core.getAavePositions(c, { owner: A, ...x }), ...parameters() },
  prepareAaveSupply: {
    call: (c, x) => core.prepareAaveSupply(c, { from: A, token: "USDm", amount: "1", ...x }),
    ...parameters(),
  },
  prepareAaveWithdraw: {
    call: (c, x) => core.prepareAaveWithdraw(c, { from: A, token: "USDm", amount: "1", ...x }),
    ...parameters(),
  },
  prepareAaveBorrow: {
    call: (c, x) => core.prepareAaveBorrow(c, { from: A, token: "USDm", amount: "1", ...x }),
    ...parameters(),
  },
  prepareAaveRepay: {
    call: (c, x) => core.prepareAaveRepay(c, { from: A, token: "USDm", amount: "1", ...x }),
    ...parameters(),
  },
  getTransaction: {
    call: (c, x) => core.getTransaction(c, { hash: `0x${"ab".repeat(32)}`, ...x }),
    ...parameters(),
  },
  resolveEns: { call: (c, x) => core.resolveEns(c, { name: "alice.celo.eth", ...x }), ...parameters() },
  getBlock: { call: (c, x) => core.getBlock(c, { ...x }), ...parameters() },
  getLatestBlocks: { call: (c, x) => core.getLatestBlocks(c, { count: 2, ...x }), ...parameters() },
  getNftInfo: { call: (c, x) => core.getNftInfo(c, { contract: B, tokenId: 1n, ...x }), ...parameters() },
  getNftBalance: { call: (c, x) => core.getNftBalance(c, { owner: A, contract: B, ...x }), ...parameters() },
  readContract: { call: (c, x) => core.readContract(c, { ...readDecimals, ...x }), ...parameters() },
  estimateGas: {
    call: (c, x) => core.estimateGas(c, { from: A, to: B, amount: "1", ...x }),
    ...parameters(),
  },
  getMentoQuote: {
    call: (c, x) => core.getMentoQuote(c, { tokenIn: "USDm", tokenOut: "USDC", amountIn: "1", ...x }),
    ...parameters(),
  },
  prepareMentoSwap: {
    call: (c, x) =>
      core.prepareMentoSwap(c, { from: A, tokenIn: "USDm", tokenOut: "USDC", amountIn: "1", ...x }),
    ...parameters(),
  },
  getStatus: { call: (c, x) => core.getStatus(c, { ...x }), ...parameters() },
  getFeeCurrencies: { call: (c, x) => core.getFeeCurrencies(c, { ...x }), ...parameters() },
  getSwapQuotes: {
    call: (c, x) => core.getSwapQuotes(c, { tokenIn: "USDm", tokenOut: "USDC", amountIn: "1", ...x }),
    ...parameters(),
  },
  prepareSwap: {
    call: (c, x) => core.prepareSwap(c, { from: A, tokenIn: "USDm", tokenOut: "USDC", amountIn: "1", ...x }),
    ...parameters(),
  },
  getAllowance: {
    call: (c, x) => core.getAllowance(c, { owner: A, spender: B, token: "USDm", ...x }),
    ...parameters(),
  },
  getBalance: { call: (c, x) => core.getBalance(c, { owner: A, token: "USDm", ...x }), ...parameters() },
  getBalances: { call: (c, x) => core.getBalances(c, { owner: A, ...x }), ...parameters() },
  getTokenInfo: { call: (c, x) => core.getTokenInfo(c, { token: "USDm", ...x }), ...parameters() },
  executePreparedFlow: {
    call: (c, x) => core.executePreparedFlow(c.publicClient, { account, flow, ...x }),
    ...parameters(),
  },
  sendPreparedFlowWithWallet: {
    call: (c, x) => core.sendPreparedFlowWithWallet(c.publicClient as never, { account, flow, ...x }),
    ...parameters(),
  },
  executedFlowResult: {
    call: (_c, x) => core.executedFlowResult({ flow: flow as never, steps: [], ...x }),
    field: "parameters",
    nearest: null,
  },
  checkChainId: { noObjectParameter: "(an eth_chainId answer, an endpoint, an error factory)" },
  endpointOf: { noObjectParameter: "(a viem client: its transport URL)" },
  toCalls: { noObjectParameter: "(a prepared flow: parsePreparedFlow refuses its unknown keys)" },
  prepareApprove: {
    call: (c, x) => core.prepareApprove(c, { from: A, spender: B, token: "USDm", amount: "1", ...x }),
    ...parameters(),
  },
  prepareContractCall: {
    call: (c, x) => core.prepareContractCall(c, { from: A, ...tip, ...x }),
    ...parameters(),
  },
  prepareSend: {
    call: (c, x) => core.prepareSend(c, { from: A, to: B, token: "USDm", amount: "1", ...x }),
    ...parameters(),
  },
  simulatePreparedFlow: {
    call: (c, x) => core.simulatePreparedFlow(c, { flow, ...x }),
    field: "parameters",
    nearest: undefined,
  },
  getUniswapQuote: {
    call: (c, x) => core.getUniswapQuote(c, { tokenIn: "USDm", tokenOut: "USDC", amountIn: "1", ...x }),
    ...parameters(),
  },
  prepareUniswapSwap: {
    call: (c, x) =>
      core.prepareUniswapSwap(c, { from: A, tokenIn: "USDm", tokenOut: "USDC", amountIn: "1", ...x }),
    ...parameters(),
  },
  getUniswapV4Quote: {
    call: (c, x) => core.getUniswapV4Quote(c, { tokenIn: "USDm", tokenOut: "USDC", amountIn: "1", ...x }),
    ...parameters(),
  },
  prepareUniswapV4Swap: {
    call: (c, x) =>
      core.prepareUniswapV4Swap(c, { from: A, tokenIn: "USDm", tokenOut: "USDC", amountIn: "1", ...x }),
    ...parameters(),
  },
  readBatch: {
    call: (c, x) => core.readBatch(c, { calls: [{ method: "eth_blockNumber" }], ...x }),
    ...parameters(),
  },
  // pure functions with an options or parameters object
  computeMinAmountOut: {
    call: (_c, x) => core.computeMinAmountOut({ amountOut: 100n, slippageBps: 50, ...x }),
    ...parameters(null),
  },
  revertSources: { noObjectParameter: "(no parameters)" },
  cip64FeePaid: {
    noObjectParameter: "(a receipt as the node returns it: untrusted JSON, read, never refused)",
  },
  decodeRevertReason: {
    call: (_c, x) => core.decodeRevertReason("0x", { protocol: "aave-v3", ...x }),
    ...options(null),
  },
  parseAmount: { call: (_c, x) => core.parseAmount("1", { decimals: 6, ...x }), ...parameters(null) },
  parseHttpUrlOption: {
    call: (_c, x) => core.parseHttpUrlOption({ option: "rpcUrl", value: "https://rpc.example", ...x }),
    ...parameters(null),
  },
  parseAddress: {
    call: (_c, x) => core.parseAddress(A, "owner", { allowZero: false, ...x }),
    ...options(null),
  },
  decodeFunctionResultStrict: {
    call: (_c, x) =>
      core.decodeFunctionResultStrict({
        abi: erc20Abi,
        functionName: "totalSupply",
        data: `0x${"00".repeat(32)}`,
        target: A,
        rpcUrl: "https://rpc.example",
        ...x,
      }),
    ...parameters(null),
  },
  createSdkClient: {
    call: (_c, x) => core.createSdkClient({ analyticsEnabled: false, ...x }),
    field: "sginal",
    nearest: null,
    error: UnknownOptionError,
  },
  createSdkBaseClient: {
    call: (_c, x) => core.createSdkBaseClient({ analyticsEnabled: false, ...x }),
    field: "sginal",
    nearest: null,
    error: UnknownOptionError,
  },
  // the decorators: their methods are rows of CLIENT_TABLE
  aaveActions: { decorator: "aave" },
  getStakingBalances: { call: (c, x) => core.getStakingBalances(c, { account: A, ...x }), ...parameters() },
  getStakingValidatorGroups: { call: (c, x) => core.getStakingValidatorGroups(c, { ...x }), ...parameters() },
  prepareStakingLock: {
    call: (c, x) => core.prepareStakingLock(c, { from: A, amount: "1", ...x }),
    ...parameters(),
  },
  prepareStakingUnlock: {
    call: (c, x) => core.prepareStakingUnlock(c, { from: A, amount: "1", ...x }),
    ...parameters(),
  },
  prepareStakingRelock: {
    call: (c, x) => core.prepareStakingRelock(c, { from: A, amount: "1", ...x }),
    ...parameters(),
  },
  prepareStakingWithdraw: {
    call: (c, x) => core.prepareStakingWithdraw(c, { from: A, ...x }),
    ...parameters(),
  },
  prepareStakingVote: {
    call: (c, x) => core.prepareStakingVote(c, { from: A, group: B, amount: "1", ...x }),
    ...parameters(),
  },
  prepareStakingActivate: {
    call: (c, x) => core.prepareStakingActivate(c, { from: A, ...x }),
    ...parameters(),
  },
  prepareStakingRevoke: {
    call: (c, x) => core.prepareStakingRevoke(c, { from: A, group: B, amount: "1", ...x }),
    ...parameters(),
  },
  getGovernanceProposals: { call: (c, x) => core.getGovernanceProposals(c, { ...x }), ...parameters() },
  getGovernanceProposal: {
    call: (c, x) => core.getGovernanceProposal(c, { proposalId: 1n, ...x }),
    ...parameters(),
  },
  prepareGovernanceUpvote: {
    call: (c, x) => core.prepareGovernanceUpvote(c, { from: A, proposalId: 1n, ...x }),
    ...parameters(),
  },
  prepareGovernanceRevokeUpvote: {
    call: (c, x) => core.prepareGovernanceRevokeUpvote(c, { from: A, ...x }),
    ...parameters(),
  },
  prepareGovernanceVote: {
    call: (c, x) => core.prepareGovernanceVote(c, { from: A, proposalId: 1n, value: "yes", ...x }),
    ...parameters(),
  },
  prepareGovernanceDelegate: {
    call: (c, x) => core.prepareGovernanceDelegate(c, { from: A, to: B, percent: "1", ...x }),
    ...parameters(),
  },
  prepareGovernanceUndelegate: {
    call: (c, x) => core.prepareGovernanceUndelegate(c, { from: A, to: B, percent: "1", ...x }),
    ...parameters(),
  },
  stakingActions: { decorator: "staking" },
  governanceActions: { decorator: "governance" },
  defaultProtocolGroups: { decorator: "aave" },
  blockchainActions: { decorator: "blockchain" },
  ensActions: { decorator: "ens" },
  mentoActions: { decorator: "mento" },
  goodDollarActions: { decorator: "goodDollar" },
  getGoodDollarUbiEntitlement: {
    call: (c, x) => core.getGoodDollarUbiEntitlement(c, { address: A, ...x }),
    ...parameters(),
  },
  prepareGoodDollarClaim: {
    call: (c, x) => core.prepareGoodDollarClaim(c, { from: A, ...x }),
    ...parameters(),
  },
  getGoodDollarReserveQuote: {
    call: (c, x) =>
      core.getGoodDollarReserveQuote(c, { tokenIn: "USDm", tokenOut: "G$", amountIn: "1", ...x }),
    ...parameters(),
  },
  prepareGoodDollarReserveSwap: {
    call: (c, x) =>
      core.prepareGoodDollarReserveSwap(c, { from: A, tokenIn: "USDm", tokenOut: "G$", amountIn: "1", ...x }),
    ...parameters(),
  },
  getAgent: { call: (c, x) => core.getAgent(c, { agentId: 1n, ...x }), ...parameters() },
  getAgentReputation: {
    call: (c, x) => core.getAgentReputation(c, { agentId: 1n, reviewers: [A], ...x }),
    ...parameters(),
  },
  readAgentFeedback: { call: (c, x) => core.readAgentFeedback(c, { agentId: 1n, ...x }), ...parameters() },
  prepareRegisterAgent: {
    call: (c, x) => core.prepareRegisterAgent(c, { from: A, uri: "ipfs://agent", ...x }),
    ...parameters(),
  },
  prepareSetAgentUri: {
    call: (c, x) => core.prepareSetAgentUri(c, { from: A, agentId: 1n, uri: "ipfs://agent", ...x }),
    ...parameters(),
  },
  prepareSetAgentWallet: {
    call: (c, x) =>
      core.prepareSetAgentWallet(c, {
        from: A,
        agentId: 1n,
        wallet: A,
        deadline: 1n,
        signature: "0x00",
        ...x,
      }),
    ...parameters(),
  },
  prepareGiveFeedback: {
    call: (c, x) => core.prepareGiveFeedback(c, { from: A, agentId: 1n, value: 1n, ...x }),
    ...parameters(),
  },
  buildRegistrationFile: {
    call: (_c, x) => core.buildRegistrationFile({ name: "n", description: "d", ...x }),
    ...parameters(null),
  },
  validateRegistrationFile: {
    noObjectParameter:
      "(untrusted JSON: its unknown keys are refused by the rules, tested in erc8004.property)",
  },
  registrationFileToDataUri: { noObjectParameter: "(a validated registration file)" },
  parseRegistrationDataUri: { noObjectParameter: "(a URI)" },
  parseCaip10: { noObjectParameter: "(a CAIP-10 string)" },
  agentWalletTypedData: {
    noObjectParameter: "(internal values already checked: agentId, wallet, owner, deadline)",
  },
  networkActions: { decorator: "network" },
  swapActions: { decorator: "swap" },
  tokenActions: { decorator: "token" },
  transactionActions: { decorator: "transaction" },
  uniswapActions: { decorator: "uniswap" },
  uniswapV4Actions: { decorator: "uniswapV4" },
  // no options object
  parseEnsName: { noObjectParameter: "(name)" },
  parseEnsNetwork: { noObjectParameter: "(network)" },
  decodeUniswapPath: { noObjectParameter: "(path bytes)" },
  decodeUniswapV4Swap: { noObjectParameter: "(commands, inputs): never throws" },
  formatAmount: { noObjectParameter: "(value, decimals)" },
  describeValue: { noObjectParameter: "(any value, maxLength)" },
  errorCauses: { noObjectParameter: "(any error)" },
  redactSecrets: { noObjectParameter: "(text, secrets[])" },
  redactUrl: { noObjectParameter: "(url)" },
  summarizeError: { noObjectParameter: "(any error, secrets[])" },
  resolveToken: { noObjectParameter: "(token, field)" },
  resolveFeeCurrencyInput: { noObjectParameter: "(fee-currency choice, field)" },
  nearestKey: { noObjectParameter: "(key, valid[])" },
  rejectUnknownKeys: { noObjectParameter: "the check itself: its object is the value under test" },
  toTransactionRequest: { noObjectParameter: "(a step of a flow parsePreparedFlow checked, keys included)" },
  parsePreparedFlow: { noObjectParameter: "(a flow: its own parser refuses unknown keys at every level)" },
  formatPreparedFlow: { noObjectParameter: "(flow, simulation result)" },
  findFlowMismatches: { noObjectParameter: "(a flow parsePreparedFlow checked; it calls this itself)" },
  wordAsAddress: { noObjectParameter: "(calldata, word index): never throws" },
  wordAsUint: { noObjectParameter: "(calldata, word index): never throws" },
  decodeCallStrictly: { noObjectParameter: "(abi, calldata): never throws" },
  currentChainTime: { noObjectParameter: "(block timestamp, now): pure" },
  isPreparedFlowExpired: { noObjectParameter: "(flow, now): pure, never throws" },
  findStepProtocol: { noObjectParameter: "(flow, step index): pure, never throws" },
  defineProtocol: { noObjectParameter: "(a protocol definition, returned unchanged)" },
  intentFields: { noObjectParameter: "(kind, field rules): its object's keys are the intent's field names" },
  // said out loud
  encodeUniswapPath: {
    notChecked: "a route value ({ tokens, fees }), not options; malformed routes are refused",
  },
  encodeUniswapV4Swap: {
    notChecked: "a swap value ({ poolKey, zeroForOne, amountIn, minAmountOut, recipient }), not options",
  },
  buildApproveStep: { notChecked: "flow/buildApproveStep.ts is being changed on another branch; follow-up" },
  toRpcError: {
    notChecked: "an error mapper called in catch paths: throwing there would hide the real failure",
  },
  flushTelemetry: { notChecked: "@preflow/telemetry's: it never rejects by design (it runs at shutdown)" },
};

// Every method of every group of the client, called with the extra key in its options object.
const CLIENT_TABLE: {
  [G in
    | "transaction"
    | "token"
    | "network"
    | "blockchain"
    | "ens"
    | "aave"
    | "staking"
    | "governance"
    | "swap"
    | "mento"
    | "uniswap"
    | "goodDollar"
    | "uniswapV4"
    | "rpc"]: {
    [M in keyof Client[G] as Client[G][M] extends (...args: never) => unknown ? M : never]: Row;
  };
} = {
  transaction: {
    prepareSend: { call: (c, x) => c.transaction.prepareSend(A, B, "USDm", "1", x), ...options() },
    prepareApprove: { call: (c, x) => c.transaction.prepareApprove(A, B, "USDm", "1", x), ...options() },
    prepareContractCall: { call: (c, x) => c.transaction.prepareContractCall(A, tip, x), ...options() },
    simulatePreparedFlow: { call: (c, x) => c.transaction.simulatePreparedFlow(flow, x), ...options() },
  },
  token: {
    getTokenInfo: { call: (c, x) => c.token.getTokenInfo("USDm", x), ...options() },
    getBalance: { call: (c, x) => c.token.getBalance(A, "USDm", x), ...options() },
    getBalances: { call: (c, x) => c.token.getBalances(A, undefined, x), ...options() },
    getAllowance: { call: (c, x) => c.token.getAllowance(A, B, "USDm", x), ...options() },
  },
  network: {
    getStatus: { call: (c, x) => c.network.getStatus(x), ...options() },
    getFeeCurrencies: { call: (c, x) => c.network.getFeeCurrencies(x), ...options() },
  },
  blockchain: {
    getTransaction: { call: (c, x) => c.blockchain.getTransaction(`0x${"ab".repeat(32)}`, x), ...options() },
    getBlock: { call: (c, x) => c.blockchain.getBlock({ ...x }), ...parameters() },
    getLatestBlocks: { call: (c, x) => c.blockchain.getLatestBlocks({ count: 2, ...x }), ...parameters() },
    getNftInfo: {
      call: (c, x) => c.blockchain.getNftInfo({ contract: B, tokenId: 1n, ...x }),
      ...parameters(),
    },
    getNftBalance: {
      call: (c, x) => c.blockchain.getNftBalance({ owner: A, contract: B, ...x }),
      ...parameters(),
    },
    readContract: { call: (c, x) => c.blockchain.readContract({ ...readDecimals, ...x }), ...parameters() },
    estimateGas: {
      call: (c, x) => c.blockchain.estimateGas({ from: A, to: B, amount: "1", ...x }),
      ...parameters(),
    },
  },
  ens: { resolveEns: { call: (c, x) => c.ens.resolveEns("alice.celo.eth", "celo", x), ...options() } },
  aave: {
    getPositions: { call: (c, x) => c.aave.getPositions(A, x), ...options() },
    prepareSupply: { call: (c, x) => c.aave.prepareSupply(A, "USDm", "1", x), ...options() },
    prepareWithdraw: { call: (c, x) => c.aave.prepareWithdraw(A, "USDm", "1", x), ...options() },
    prepareBorrow: { call: (c, x) => c.aave.prepareBorrow(A, "USDm", "1", x), ...options() },
    prepareRepay: { call: (c, x) => c.aave.prepareRepay(A, "USDm", "1", x), ...options() },
  },
  staking: {
    getStakingBalances: { call: (c, x) => c.staking.getStakingBalances(A, x), ...options() },
    getValidatorGroups: { call: (c, x) => c.staking.getValidatorGroups(x), ...options() },
    prepareLock: { call: (c, x) => c.staking.prepareLock(A, "1", x), ...options() },
    prepareUnlock: { call: (c, x) => c.staking.prepareUnlock(A, "1", x), ...options() },
    prepareRelock: { call: (c, x) => c.staking.prepareRelock(A, "1", x), ...options() },
    prepareWithdraw: { call: (c, x) => c.staking.prepareWithdraw(A, x), ...options() },
    prepareVote: { call: (c, x) => c.staking.prepareVote(A, B, "1", x), ...options() },
    prepareActivate: { call: (c, x) => c.staking.prepareActivate(A, B, x), ...options() },
    prepareRevoke: { call: (c, x) => c.staking.prepareRevoke(A, B, "1", x), ...options() },
  },
  governance: {
    getProposals: { call: (c, x) => c.governance.getProposals(x), ...options() },
    getProposal: { call: (c, x) => c.governance.getProposal(1n, x), ...options() },
    prepareUpvote: { call: (c, x) => c.governance.prepareUpvote(A, 1n, x), ...options() },
    prepareVote: { call: (c, x) => c.governance.prepareVote(A, 1n, "yes", x), ...options() },
    prepareRevokeUpvote: { call: (c, x) => c.governance.prepareRevokeUpvote(A, x), ...options() },
    prepareDelegate: { call: (c, x) => c.governance.prepareDelegate(A, B, "1", x), ...options() },
    prepareUndelegate: { call: (c, x) => c.governance.prepareUndelegate(A, B, "1", x), ...options() },
  },
  swap: {
    getQuotes: { call: (c, x) => c.swap.getQuotes("USDm", "USDC", "1", x), ...options() },
    prepareSwap: { call: (c, x) => c.swap.prepareSwap(A, "USDm", "USDC", "1", x), ...options() },
  },
  mento: {
    getQuote: { call: (c, x) => c.mento.getQuote("USDm", "USDC", "1", x), ...options() },
    prepareSwap: { call: (c, x) => c.mento.prepareSwap(A, "USDm", "USDC", "1", x), ...options() },
  },
  uniswap: {
    getQuote: { call: (c, x) => c.uniswap.getQuote("USDm", "USDC", "1", x), ...options() },
    prepareSwap: { call: (c, x) => c.uniswap.prepareSwap(A, "USDm", "USDC", "1", x), ...options() },
  },
  goodDollar: {
    getUbiEntitlement: { call: (c, x) => c.goodDollar.getUbiEntitlement(A, x), ...options() },
    prepareClaim: { call: (c, x) => c.goodDollar.prepareClaim(A, x), ...options() },
    getReserveQuote: { call: (c, x) => c.goodDollar.getReserveQuote("USDm", "G$", "1", x), ...options() },
    prepareReserveSwap: {
      call: (c, x) => c.goodDollar.prepareReserveSwap(A, "USDm", "G$", "1", x),
      ...options(),
    },
  },
  uniswapV4: {
    getQuote: { call: (c, x) => c.uniswapV4.getQuote("USDm", "USDC", "1", x), ...options() },
    prepareSwap: { call: (c, x) => c.uniswapV4.prepareSwap(A, "USDm", "USDC", "1", x), ...options() },
  },
  rpc: {
    batch: { call: (c, x) => c.rpc.batch([{ method: "eth_blockNumber" }], x), ...options() },
    ensureChain: { call: (c, x) => c.rpc.ensureChain(x), ...options() },
  },
};

/** Objects inside the parameters: their keys are checked too. */
const NESTED: [string, Row][] = [
  [
    "prepareContractCall: an approval",
    {
      call: (c, x) =>
        core.prepareContractCall(c, { from: A, ...tip, approvals: [{ token: "USDm", amount: "1", ...x }] }),
      field: "approvals[0]",
      nearest: null,
    },
  ],
  [
    "client.transaction.prepareContractCall: the call",
    {
      call: (c, x) => c.transaction.prepareContractCall(A, { ...tip, ...x } as never),
      field: "call",
      nearest: null,
    },
  ],
  [
    "client.transaction.prepareContractCall: `from` inside the call (it belongs in the arguments)",
    {
      call: (c) => c.transaction.prepareContractCall(A, { ...tip, from: B } as never),
      field: "call",
      nearest: null,
    },
  ],
  [
    "readBatch: a read",
    {
      call: (c, x) =>
        core.readBatch(c, { reads: [{ target: TOKENS.USDm.address, callData: "0x18160ddd", ...x }] }),
      field: "reads[0]",
      nearest: null,
    },
  ],
  [
    "readBatch: a call",
    {
      call: (c, x) => core.readBatch(c, { calls: [{ method: "eth_blockNumber", ...x }] }),
      field: "calls[0]",
      nearest: null,
    },
  ],
];

const rows: [string, Row][] = [
  ...Object.entries(EXPORTS).flatMap(([name, entry]) =>
    "call" in entry ? [[name, entry] as [string, Row]] : [],
  ),
  ...Object.entries(CLIENT_TABLE).flatMap(([group, methods]) =>
    Object.entries(methods as Record<string, Row>).map(
      ([method, row]) => [`client.${group}.${method}`, row] as [string, Row],
    ),
  ),
  ...NESTED,
];

/** What a call threw (sync or async), or `undefined`. */
async function thrown(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("every action, function and client method refuses an unknown key, before any request", () => {
  it.each(rows)("%s", async (_name, row) => {
    proxy.reset();
    const error = await thrown(() => row.call(client, EXTRA));
    expect(error).toBeInstanceOf(row.error ?? InvalidArgumentError);
    expect(error).toBeInstanceOf(SdkError);
    if (row.error === undefined) {
      const { code, details } = error as InvalidArgumentError;
      expect(code).toBe("INVALID_ARGUMENT");
      expect(details.field).toBe(row.field);
      // the key the extra is named by: `sginal`, or `from` for the row that puts `from` into the call
      expect(details.value).toMatch(/^"(sginal|from)"$/);
      if (row.nearest === null) expect(details.rule).not.toContain("did you mean");
      else if (row.nearest !== undefined) expect(details.rule).toContain(`did you mean \`${row.nearest}\``);
    } else {
      expect((error as UnknownOptionError).details.option).toBe(row.field);
    }
    expect(JSON.stringify(error)).not.toContain(SECRET);
    expect((error as Error).message).not.toContain(SECRET);
    expect(proxy.requests).toBe(0);
    // The error belongs to the operation's ErrorType (where the table has the operation).
    const operation = operationOf(_name.split(":")[0]!);
    if (operation !== undefined) expectInErrorType(operation, error);
  });

  it("the ErrorType table covers the rows of every protocol-independent action and client member", () => {
    const covered = rows
      .filter(([name]) => operationOf(name.split(":")[0]!) !== undefined)
      .map(([name]) => name);
    for (const name of [
      "prepareSend",
      "prepareApprove",
      "prepareContractCall",
      "getBalance",
      "getBalances",
      "getAllowance",
      "getTokenInfo",
      "getStatus",
      "getTransaction",
      "resolveEns",
      "readBatch",
      "decodeFunctionResultStrict",
      "client.transaction.prepareSend",
      "client.token.getBalance",
      "client.network.getStatus",
      "client.blockchain.getTransaction",
      "client.ens.resolveEns",
      "prepareContractCall: an approval",
      "readBatch: a read",
    ])
      expect(covered).toContain(name);
    // ...and every client member and protocol action row (rpc.ensureChain has no action and no ErrorType)
    const uncovered = rows
      .map(([name]) => name)
      .filter((name) => !name.includes(":") && /^(client\.|prepare|get)/.test(name))
      .filter((name) => name !== "client.rpc.ensureChain" && operationOf(name) === undefined);
    expect(uncovered).toEqual([]);
  });

  it("the options of a client method must be an object", async () => {
    for (const bad of [null, "fast", 5, [1]]) {
      const error = await thrown(() => client.token.getBalance(A, "USDm", bad as never));
      expect(error).toBeInstanceOf(InvalidArgumentError);
      expect((error as InvalidArgumentError).details.field).toBe("options");
    }
    expect(proxy.requests).toBe(0);
  });

  it("a signal that is not an AbortSignal is refused before any request", async () => {
    for (const run of [
      () => client.token.getBalance(A, "USDm", { signal: "soon" as never }),
      () => client.ens.resolveEns("alice.celo.eth", "celo", { signal: {} as never }),
      () => core.readBatch(client, { calls: [{ method: "eth_blockNumber" }], signal: 5 as never }),
    ]) {
      const error = await thrown(run);
      expect(error).toBeInstanceOf(InvalidArgumentError);
      expect((error as InvalidArgumentError).details.field).toBe("signal");
    }
    expect(proxy.requests).toBe(0);
  });

  it("the exports table lists every function @preflow/core exports", () => {
    const isClass = (value: unknown) => /^class[\s{]/.test(Function.prototype.toString.call(value));
    const functions = Object.entries(core)
      .filter(([, value]) => typeof value === "function" && !isClass(value))
      .map(([name]) => name)
      .sort();
    expect(Object.keys(EXPORTS).sort()).toEqual(functions);
  });

  it("the client table lists every method of every group of the client", () => {
    const ours = new Set(["publicClient", "config"]); // viem's public client; the config is data
    const groups: Record<string, string[]> = {};
    for (const [name, value] of Object.entries(client)) {
      if (ours.has(name) || typeof value !== "object" || value === null) continue;
      groups[name] = Object.entries(value)
        .filter(([, member]) => typeof member === "function")
        .map(([member]) => member)
        .sort();
    }
    const table = Object.fromEntries(
      Object.entries(CLIENT_TABLE).map(([group, methods]) => [group, Object.keys(methods).sort()]),
    );
    expect(table).toEqual(groups);
    // every decorator export names a group of the table
    for (const entry of Object.values(EXPORTS))
      if ("decorator" in entry) expect(Object.keys(CLIENT_TABLE)).toContain(entry.decorator);
    // the client's own functions take no options object
    expect(
      Object.entries(client)
        .filter(([, value]) => typeof value === "function")
        .map(([name]) => name)
        .sort(),
    ).toEqual(["extend", "tag", "track"]);
  });

  it("every key a function knows still passes", () => {
    expect(core.parseAmount("1", { decimals: 6, token: "USDC", field: "amount", allowZero: false })).toBe(
      1_000_000n,
    );
    expect(core.computeMinAmountOut({ amountOut: maxUint256 / 2n, slippageBps: 0 })).toBe(maxUint256 / 2n);
    expect(core.parseAddress(A, "owner", { allowZero: true })).toBe(A as Address);
    expect(core.decodeRevertReason("0x", { protocol: undefined }).name).toBeNull();
  });
});
