// Build-time: GoodDollar's contracts from `@gooddollar/goodprotocol` behind its ERC1967Proxy at the Celo mainnet
// addresses, set up the way GoodDollar's deploy scripts do (NameService names, the DAO's Avatar as owner), and
// the reserve stand-ins (contracts/GoodDollarReserveStandIn.sol) with their G$/USDm pool. What differs from
// mainnet: ./goodDollar.ts and the stand-ins' source.
import { type Abi, type Address, encodeFunctionData, type Hex, keccak256, parseUnits, toBytes } from "viem";
import {
  goodDollarBrokerStandInAbi,
  goodDollarBrokerStandInRuntimeCode,
  goodDollarControllerStandInAbi,
  goodDollarControllerStandInRuntimeCode,
  goodDollarExchangeProviderStandInAbi,
  goodDollarExchangeProviderStandInRuntimeCode,
  goodDollarMentoReserveStandInAbi,
  goodDollarMentoReserveStandInRuntimeCode,
} from "../contracts.generated.js";
import { fundAccount } from "../fund.js";
import { rpcCall } from "../rpc.js";
import { sendImpersonated } from "../sendImpersonated.js";
import { DEVNET_TOKENS } from "../tokens.js";
import { deployAt, deployByCreate, loadArtifact } from "./deployAt.js";
import {
  GOODDOLLAR_ADDRESSES,
  GOODDOLLAR_ARTIFACTS,
  GOODDOLLAR_CUSD_EXCHANGE_ID,
  GOODDOLLAR_RESERVE_SEED,
  GOODDOLLAR_UBI_POOL,
} from "./goodDollar.js";

/** Deploys everything of ./goodDollar.ts into the chain at `rpcUrl` (the prebuilt state's `goodDollar` phase). */
export async function deployGoodDollar(rpcUrl: string): Promise<void> {
  const A = GOODDOLLAR_ADDRESSES;
  // the DAO's Avatar sends every set-up call (and owns the roles), as on mainnet where the DAO owns them
  const send = (
    to: Address,
    abi: Abi | readonly unknown[],
    functionName: string,
    args: readonly unknown[],
    what: string,
  ) =>
    sendImpersonated(
      rpcUrl,
      { to, data: encodeFunctionData({ abi: abi as Abi, functionName, args } as never), gas: 10_000_000n },
      what,
      A.avatar,
    );

  await rpcCall(rpcUrl, "anvil_setCode", [A.controller, goodDollarControllerStandInRuntimeCode]);
  await send(
    A.controller,
    goodDollarControllerStandInAbi,
    "initialize",
    [A.avatar],
    "initializing the Controller",
  );
  await deployAt(
    rpcUrl,
    A.feeFormula,
    { artifact: loadArtifact(GOODDOLLAR_ARTIFACTS.feeFormula) },
    "FeeFormula",
  );

  // an upgradeable contract: its implementation by CREATE from the Avatar, goodprotocol's ERC1967Proxy at the
  // mainnet address, initialised through the proxy with `initializer(args)`
  const proxy = async (
    target: Address,
    artifact: string,
    initializer: string,
    args: readonly unknown[],
    what: string,
  ) => {
    const implementation = loadArtifact(artifact);
    const logic = await deployByCreate(
      rpcUrl,
      { artifact: implementation },
      `${what} implementation`,
      A.avatar,
    );
    const proxyArtifact = loadArtifact(GOODDOLLAR_ARTIFACTS.proxy);
    await deployAt(rpcUrl, target, { artifact: proxyArtifact }, `${what} proxy`);
    const data = encodeFunctionData({ abi: implementation.abi, functionName: initializer, args } as never);
    await send(target, proxyArtifact.abi, "initialize", [logic, data], `initializing ${what}`);
  };

  await proxy(A.identity, GOODDOLLAR_ARTIFACTS.identity, "initialize", [A.avatar, zero], "Identity");
  await proxy(
    A.goodDollar,
    GOODDOLLAR_ARTIFACTS.goodDollar,
    "initialize",
    ["GoodDollar", "G$", 0n, A.feeFormula, A.identity, A.avatar, A.avatar],
    "GoodDollar (G$)",
  );
  const names = [
    "GOODDOLLAR",
    "IDENTITY",
    "UBISCHEME",
    "MentoBroker",
    "MentoExchangeProvider",
    "MentoReserve",
  ];
  await proxy(
    A.nameService,
    GOODDOLLAR_ARTIFACTS.nameService,
    "initialize",
    [
      A.controller,
      names.map((name) => keccak256(toBytes(name))),
      [A.goodDollar, A.identity, A.ubiScheme, A.broker, A.exchangeProvider, A.reserve],
    ],
    "NameService",
  );
  await proxy(A.ubiScheme, GOODDOLLAR_ARTIFACTS.ubiScheme, "initialize", [A.nameService, 10n], "UBIScheme");

  const token = loadArtifact(GOODDOLLAR_ARTIFACTS.goodDollar).abi;
  await send(
    A.goodDollar,
    token,
    "mint",
    [A.ubiScheme, parseUnits(GOODDOLLAR_UBI_POOL, 18)],
    "funding the UBIScheme",
  );

  // the reserve: goodprotocol's BancorFormula (its tables filled by `init`), then the stand-ins
  await deployAt(
    rpcUrl,
    A.bancorFormula,
    { artifact: loadArtifact(GOODDOLLAR_ARTIFACTS.bancorFormula) },
    "BancorFormula",
  );
  await send(
    A.bancorFormula,
    loadArtifact(GOODDOLLAR_ARTIFACTS.bancorFormula).abi,
    "init",
    [],
    "BancorFormula init",
  );
  const place = (address: Address, code: Hex) => rpcCall(rpcUrl, "anvil_setCode", [address, code]);
  await place(A.reserve, goodDollarMentoReserveStandInRuntimeCode);
  await place(A.exchangeProvider, goodDollarExchangeProviderStandInRuntimeCode);
  await place(A.broker, goodDollarBrokerStandInRuntimeCode);
  await send(
    A.reserve,
    goodDollarMentoReserveStandInAbi,
    "initialize",
    [A.broker],
    "initializing the Reserve",
  );
  await send(
    A.exchangeProvider,
    goodDollarExchangeProviderStandInAbi,
    "initialize",
    [A.broker, A.reserve, A.bancorFormula],
    "initializing the exchange provider",
  );
  await send(
    A.broker,
    goodDollarBrokerStandInAbi,
    "initialize",
    [[A.exchangeProvider], [A.reserve]],
    "initializing the Broker",
  );
  const seed = GOODDOLLAR_RESERVE_SEED;
  await send(
    A.exchangeProvider,
    goodDollarExchangeProviderStandInAbi,
    "createExchange",
    [
      GOODDOLLAR_CUSD_EXCHANGE_ID,
      {
        reserveAsset: DEVNET_TOKENS.USDm.address,
        tokenAddress: A.goodDollar,
        tokenSupply: parseUnits(seed.tokenSupply, 18),
        reserveBalance: parseUnits(seed.reserveBalance, 18),
        reserveRatio: seed.reserveRatio,
        exitContribution: seed.exitContribution,
      },
    ],
    "creating the G$/USDm exchange",
  );
  await send(A.goodDollar, token, "addMinter", [A.broker], "making the Broker a G$ minter");
  await fundAccount(rpcUrl, A.reserve, "USDm", seed.reserveBalance);
}

const zero = "0x0000000000000000000000000000000000000000";
