// Offline: celo-staking's sentences from Celo's core contracts' events (exact wording, and no throw on any log),
// and the fee-currency fee as Celo's node settles it (rounding to whole token units, the signed caps).
import fc from "fast-check";
import {
  type Address,
  encodeAbiParameters,
  encodeEventTopics,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  parseAbi,
  parseEther,
} from "viem";
import { describe, expect, it } from "vitest";
import { priceFee } from "../src/actions/transaction/simulatePreparedFlowFee.js";
import {
  CELO_STAKING_ADDRESSES,
  FEE_CURRENCY_OF_TOKEN,
  formatPreparedFlow,
  PROTOCOLS,
  type SerializedPreparedFlow,
  type SimulatePreparedFlowReturnType,
  TOKENS,
} from "../src/index.js";
import type { SimulationLog } from "../src/protocols/protocolSimulation.js";
import type { SimCall } from "../src/rpc/simulateV1.js";

const ACCOUNT: Address = "0x1111111111111111111111111111111111111111";
const GROUP: Address = "0x16dB91F12CB0009D5AfeeB62665c5fC869c83f0F";
const OTHER: Address = "0x2222222222222222222222222222222222222222";
const events = parseAbi([
  "event GoldLocked(address indexed account, uint256 value)",
  "event GoldUnlocked(address indexed account, uint256 value, uint256 available)",
  "event GoldWithdrawn(address indexed account, uint256 value)",
  "event ValidatorGroupVoteCast(address indexed account, address indexed group, uint256 value)",
  "event ValidatorGroupActiveVoteRevoked(address indexed account, address indexed group, uint256 value, uint256 units)",
  "event ProposalUpvoted(uint256 indexed proposalId, address indexed account, uint256 upvotes)",
  "event ProposalVotedV2(uint256 indexed proposalId, address indexed account, uint256 yesVotes, uint256 noVotes, uint256 abstainVotes)",
  "event CeloDelegated(address indexed delegator, address indexed delegatee, uint256 percent, uint256 amount)",
  "event AccountCreated(address indexed account)",
]);
const electionAbi = parseAbi([
  "function vote(address group, uint256 value, address lesser, address greater) returns (bool)",
]);

// The registry's hooks, found without naming the protocol in the lookup (as generic code does).
const staking = PROTOCOLS.find((p) =>
  p.contracts?.some((c) => c.address === CELO_STAKING_ADDRESSES.lockedGold),
)!;
const hooks = staking.simulation!;

function log(
  address: Address,
  eventName: (typeof events)[number]["name"],
  args: Record<string, unknown>,
  data: { types: { type: string }[]; values: unknown[] },
): SimulationLog {
  const topics = encodeEventTopics({ abi: events, eventName, args } as never) as Hex[];
  return { address, topics, data: encodeAbiParameters(data.types, data.values) };
}
const uint = (n: number) => Array.from({ length: n }, () => ({ type: "uint256" }));

describe("celo-staking describes simulated logs", () => {
  it("says each event in words, the account as the subject, a group by the name read in the simulated block", () => {
    const voteData = `${encodeFunctionData({
      abi: electionAbi,
      functionName: "vote",
      args: [GROUP, parseEther("30"), OTHER, OTHER],
    })}deadbeef` as Hex; // an attribution suffix after the call
    const reads = hooks.reads!({
      step: 0,
      account: ACCOUNT,
      to: CELO_STAKING_ADDRESSES.election,
      data: voteData,
    });
    expect(reads).toHaveLength(1);
    expect(reads[0]!.to).toBe(CELO_STAKING_ADDRESSES.accounts);
    const name = encodeAbiParameters([{ type: "string" }], ["Group\u0007 One"]);
    const { lockedGold, election, governance, accounts } = CELO_STAKING_ADDRESSES;
    const logs = [
      log(accounts, "AccountCreated", { account: ACCOUNT }, { types: [], values: [] }),
      log(lockedGold, "GoldLocked", { account: ACCOUNT }, { types: uint(1), values: [parseEther("50")] }),
      log(
        election,
        "ValidatorGroupVoteCast",
        { account: ACCOUNT, group: GROUP },
        { types: uint(1), values: [parseEther("30")] },
      ),
      log(
        election,
        "ValidatorGroupActiveVoteRevoked",
        { account: ACCOUNT, group: OTHER },
        { types: uint(2), values: [parseEther("1.5"), 7n] },
      ),
      log(
        lockedGold,
        "GoldUnlocked",
        { account: ACCOUNT },
        { types: uint(2), values: [parseEther("20"), 1_800_000_000n] },
      ),
      log(lockedGold, "GoldWithdrawn", { account: OTHER }, { types: uint(1), values: [parseEther("2")] }),
      log(
        governance,
        "ProposalUpvoted",
        { proposalId: 3n, account: ACCOUNT },
        { types: uint(1), values: [parseEther("40")] },
      ),
      log(
        governance,
        "ProposalVotedV2",
        { proposalId: 2n, account: ACCOUNT },
        { types: uint(3), values: [parseEther("40"), 0n, 0n] },
      ),
      log(
        lockedGold,
        "CeloDelegated",
        { delegator: ACCOUNT, delegatee: OTHER },
        { types: uint(2), values: [5n * 10n ** 23n, parseEther("25")] },
      ),
      // the same event at an address that is not the contract's: not Celo's
      log(OTHER, "GoldLocked", { account: ACCOUNT }, { types: uint(1), values: [1n] }),
    ];
    const sentences = hooks.describeLogs!({
      step: 0,
      account: ACCOUNT,
      to: CELO_STAKING_ADDRESSES.election,
      data: voteData,
      logs,
      reads: [name],
    });
    expect(sentences).toEqual([
      "registers as a Celo account (Accounts.createAccount)",
      "locks 50 CELO",
      `votes 30 CELO for Group One (${GROUP}) (pending until activated after an epoch)`,
      `revokes 1.5 CELO of active votes for group ${OTHER}`,
      "unlocks 20 CELO: a pending withdrawal, available from 2027-01-15T08:00:00Z",
      `${OTHER} withdraws 2 CELO of unlocked CELO`,
      "upvotes governance proposal 3 with 40 CELO",
      "votes yes on governance proposal 2 with 40 CELO",
      `delegates 50 % of its governance votes (25 CELO) to ${OTHER}`,
    ]);
    // no name read (or a reverted read): the address
    expect(
      hooks.describeLogs!({
        step: 0,
        account: ACCOUNT,
        to: election,
        data: voteData,
        logs: [logs[2]!],
        reads: [null],
      }),
    ).toEqual([`votes 30 CELO for group ${GROUP} (pending until activated after an epoch)`]);
    expect(hooks.reads!({ step: 0, account: ACCOUNT, to: lockedGold, data: "0xf83d08ba" })).toEqual([]);
  });

  it("never throws on arbitrary logs, reads and calldata (property)", () => {
    const hex = (min: number, max: number) =>
      fc
        .uint8Array({ minLength: min, maxLength: max })
        .map((b) => `0x${Buffer.from(b).toString("hex")}` as Hex);
    const address = fc.oneof(
      fc.constantFrom(...(Object.values(CELO_STAKING_ADDRESSES) as Address[])),
      hex(20, 20) as fc.Arbitrary<Address>,
    );
    const knownTopic = fc.constantFrom(
      ...events.map((e) => encodeEventTopics({ abi: [e] } as never)[0] as Hex),
    );
    const topic = fc.oneof(knownTopic, hex(32, 32));
    const aLog = fc.record({ address, topics: fc.array(topic, { maxLength: 5 }), data: hex(0, 200) });
    fc.assert(
      fc.property(
        fc.array(aLog, { maxLength: 6 }),
        fc.array(fc.option(hex(0, 200), { nil: null }), { maxLength: 3 }),
        address,
        hex(0, 200),
        (logs, reads, to, data) => {
          const said = hooks.describeLogs!({ step: 0, account: ACCOUNT, to, data, logs, reads });
          expect(Array.isArray(said)).toBe(true);
          for (const sentence of said) expect(typeof sentence).toBe("string");
          expect(Array.isArray(hooks.reads!({ step: 0, account: ACCOUNT, to, data }))).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

/** A successful simulated read returning `words`. */
const answer = (...words: bigint[]): SimCall => ({
  status: "success",
  gasUsed: 0n,
  returnData: `0x${words.map((w) => w.toString(16).padStart(64, "0")).join("")}`,
  logs: [],
});
const reverted: SimCall = { status: "reverted", gasUsed: 0n, returnData: "0x", logs: [] };
const USDC_ADAPTER = FEE_CURRENCY_OF_TOKEN.USDC as Address;

describe("the fee in a fee currency, as the node settles it", () => {
  const reads = [
    answer(0n, 50_000n), // getCurrencyConfig: (oracle, intrinsicGas)
    answer(5n * 10n ** 23n, 10n ** 24n), // getExchangeRate: 0.5 currency per CELO
    answer(BigInt(TOKENS.USDC.address)), // getAdaptedToken
    answer(10n ** 12n), // digitDifference: 6-decimal token
    answer(18n), // decimals
  ];

  it("adds the intrinsic gas, converts the base fee at the rate, adds the tip, rounds each part up to a token unit", () => {
    const { fee, debit } = priceFee({
      pricing: {
        kind: "currency",
        feeCurrency: USDC_ADAPTER,
        token: TOKENS.USDC,
        caps: { gas: 150_000n, maxFeePerGas: 26_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n },
      },
      reads,
      gasUsed: [51_234n],
      baseFee: 25_000_000_000n,
      tipQuote: undefined,
    });
    // gas 101,234; base 12.5 gwei -> 1,265,425,000,000,000 (ceil to 1e12: 1,266e12); tip 1 gwei -> 101,234e9 (102e12)
    expect(fee).toMatchObject({
      currency: "USDC",
      token: TOKENS.USDC.address,
      decimals: 6,
      feeCurrency: USDC_ADAPTER,
      gasUsed: "101234",
      cost: "1368",
      formatted: "0.001368",
      currencyFee: { intrinsicGas: "50000", baseFeePerGas: "12500000000", tipPerGas: "1000000000" },
    });
    expect(debit).toEqual({ token: TOKENS.USDC.address, amount: 1368n });
  });

  it("caps the base fee and the tip by maxFeePerGas and the debit by gas x maxFeePerGas", () => {
    const { fee } = priceFee({
      pricing: {
        kind: "currency",
        feeCurrency: USDC_ADAPTER,
        token: TOKENS.USDC,
        caps: { gas: 60_000n, maxFeePerGas: 13_000_000_000n, maxPriorityFeePerGas: 2_000_000_000n },
      },
      reads,
      gasUsed: [51_234n],
      baseFee: 25_000_000_000n,
      tipQuote: undefined,
    });
    // tip per gas capped at 13 - 12.5 = 0.5 gwei; the total at 60,000 x 13 gwei = 780e12 -> 780 units
    expect(fee.currencyFee?.tipPerGas).toBe("500000000");
    expect(fee.cost).toBe("780");
  });

  it("a token that is its own fee currency (its adapter reads revert) pays in its own units; an unlisted currency is refused", () => {
    const usdm = TOKENS.USDm.address;
    const { fee } = priceFee({
      pricing: { kind: "currency", feeCurrency: usdm, token: TOKENS.USDm, caps: undefined },
      reads: [reads[0]!, reads[1]!, reverted, reverted, answer(18n)],
      gasUsed: [21_000n, 30_000n],
      baseFee: 25_000_000_000n,
      tipQuote: 2_000_000_000n,
    });
    // two steps of (gas + 50,000) x (12.5 + 1) gwei
    expect(fee.cost).toBe(((71_000n + 80_000n) * 13_500_000_000n).toString());
    expect(fee.gasUsed).toBe("151000");
    expect(() =>
      priceFee({
        pricing: { kind: "currency", feeCurrency: usdm, token: TOKENS.USDm, caps: undefined },
        reads: [reads[0]!, answer(0n, 0n), reverted, reverted, answer(18n)],
        gasUsed: [21_000n],
        baseFee: 1n,
        tipQuote: 0n,
      }),
    ).toThrow(/not registered in the FeeCurrencyDirectory, or its rate is invalid/);
  });

  it("never debits more than the signed maximum, in token units (property)", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 21_000n, max: 5_000_000n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 10n ** 11n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        (gasUsed, baseFee, tip, maxFee) => {
          const caps = { gas: gasUsed + 50_000n, maxFeePerGas: maxFee, maxPriorityFeePerGas: tip };
          const { fee } = priceFee({
            pricing: { kind: "currency", feeCurrency: USDC_ADAPTER, token: TOKENS.USDC, caps },
            reads,
            gasUsed: [gasUsed],
            baseFee,
            tipQuote: undefined,
          });
          expect(BigInt(fee.cost)).toBeLessThanOrEqual((caps.gas * caps.maxFeePerGas) / 10n ** 12n);
          expect(BigInt(fee.cost)).toBeGreaterThanOrEqual(0n);
        },
      ),
    );
  });
});

describe("formatPreparedFlow's fee line", () => {
  const flow: SerializedPreparedFlow = {
    preparedFlow: true,
    chainId: 42220,
    from: ACCOUNT,
    summary: "Send 10 USDC",
    steps: [
      {
        kind: "erc20",
        to: TOKENS.USDC.address,
        data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [OTHER, 10_000_000n] }),
        value: "0",
        description: "Transfer 10 USDC",
        feeCurrency: USDC_ADAPTER,
      },
    ],
    fee: {
      currency: "USDC",
      feeCurrency: USDC_ADAPTER,
      gas: "110000",
      maxFeePerGas: "15300000000",
      maxPriorityFeePerGas: "300000000",
      estimated: "792",
      max: "1683",
    },
  };
  const simulation = (fee: SimulatePreparedFlowReturnType["fee"]): SimulatePreparedFlowReturnType => ({
    success: true,
    chainId: 42220,
    account: ACCOUNT,
    blockNumber: "9",
    failedStep: null,
    steps: [
      {
        index: 0,
        description: "",
        to: TOKENS.USDC.address,
        status: "success",
        gasUsed: "38000",
        effects: [],
      },
    ],
    balanceChanges: [],
    allowanceChanges: [],
    fee,
  });
  const usdcFee = {
    currency: "USDC",
    token: TOKENS.USDC.address,
    decimals: 6,
    feeCurrency: USDC_ADAPTER,
    gasUsed: "88000",
    baseFeePerGas: "25000000000",
    cost: "687",
    formatted: "0.000687",
  };

  it("says the estimate and the maximum in the currency before simulation, the simulated fee after", () => {
    const lines = formatPreparedFlow(flow).split("\n");
    expect(lines).toContain(
      `Fee ≈ 0.000792 USDC (estimated; at most 0.001683 USDC), gas paid in USDC through fee currency ${USDC_ADAPTER}`,
    );
    expect(formatPreparedFlow(flow, simulation(usdcFee)).split("\n").at(-1)).toBe(
      `Fee ≈ 0.000687 USDC (simulated: 88,000 gas, tip included; at most 0.001683 USDC), gas paid in USDC through fee currency ${USDC_ADAPTER}`,
    );
  });

  it("keeps CELO's wording for a CELO-priced simulation; no maximum for another currency; base units when decimals are unknown", () => {
    const celoFee = {
      currency: "CELO",
      token: TOKENS.CELO.address,
      decimals: 18,
      feeCurrency: null,
      gasUsed: "38000",
      baseFeePerGas: "25000000000",
      cost: "950000000000000",
      formatted: "0.00095",
    };
    expect(formatPreparedFlow(flow, simulation(celoFee)).split("\n").at(-1)).toBe(
      "Fee: 38,000 gas ≈ 0.00095 CELO at base fee 25 gwei (plus any priority fee)",
    );
    const usdm = TOKENS.USDm.address;
    const inUsdm = {
      ...usdcFee,
      currency: "USDm",
      token: usdm,
      decimals: 18,
      feeCurrency: usdm,
      formatted: "0.0007",
    };
    expect(formatPreparedFlow(flow, simulation(inUsdm)).split("\n").at(-1)).toBe(
      `Fee ≈ 0.0007 USDm (simulated: 88,000 gas, tip included), gas paid in USDm through fee currency ${usdm}`,
    );
    const unknown = {
      ...usdcFee,
      currency: OTHER,
      token: OTHER,
      decimals: null,
      feeCurrency: OTHER,
      formatted: "687",
    };
    expect(formatPreparedFlow(flow, simulation(unknown))).toContain(
      `Fee ≈ 687 base units of ${OTHER} (simulated:`,
    );
  });
});
