// A MiniPay mini-app on preflow: USD₮, USDC and USDm balances, a send and a swap among them, each network fee
// paid in a stablecoin (CIP-64 `feeCurrency`: inside MiniPay, `{ auto: ["USDT", "USAT", "USDC", "USDm"] }`, so preflow
// picks the one the account holds most of that can pay, never CELO) and shown as "Network fee" in that token, and
// every transaction shown as pending, then success or failure with its reason. Built for MiniPay's rules (2026): no
// CELO anywhere on screen, no message signing, no batching (one eth_sendTransaction per step), a balance check
// that covers the amount plus the network fee (prepare* refuses before the wallet is asked), a 390 px layout.
// The RPC URL comes from `?rpc=` (the test passes the devnet's), else Celo's public RPC.
import {
  createSdkClient,
  type FeeCurrencyInput,
  type SerializedPreparedFlow,
  sendPreparedFlowWithWallet,
  swapActions,
} from "preflow";
import type { Address } from "viem";
import {
  describeFlow,
  displayAmount,
  labelOf,
  networkFeeLine,
  STABLECOINS,
  type StablecoinSymbol,
} from "./stablecoins.js";
import { connect, type InjectedProvider, injectedProvider, isMiniPay, walletClient } from "./wallet.js";

const rpcUrl = new URLSearchParams(location.search).get("rpc") ?? "https://forno.celo.org";
const provider: InjectedProvider | undefined = injectedProvider();
// Who pays the network fee of every prepare: inside MiniPay, "auto" among the stablecoins only (MiniPay's
// users hold no CELO and never see it); elsewhere plain "auto" (CELO when the account can pay in it).
const feeCurrency: FeeCurrencyInput = isMiniPay(provider)
  ? { auto: STABLECOINS.map((coin) => coin.symbol) }
  : "auto";
const client = createSdkClient({ rpcUrl, attributionTags: ["minipay_example"], feeCurrency }).extend(
  swapActions,
);

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
let from: Address | undefined;
let flow: SerializedPreparedFlow | undefined;

type Status = "idle" | "pending" | "success" | "failure";
function setStatus(text: string, status: Status) {
  const element = $("status");
  element.textContent = text;
  element.dataset.status = status;
}

/** What went wrong, in one sentence the user can act on (an SDK error's message names the rule). */
function reasonOf(error: unknown): string {
  const e = error as {
    code?: string;
    details?: Record<string, string>;
    message?: string;
    shortMessage?: string;
  };
  const candidates = (e?.details as { candidates?: FeeShortfall[] } | undefined)?.candidates;
  if (e?.code === "INSUFFICIENT_BALANCE" && candidates) return feeShortfallReason(candidates);
  const coin = STABLECOINS.find((c) => c.symbol === e?.details?.token);
  if (e?.code === "INSUFFICIENT_BALANCE" && e.details && coin) {
    const have = displayAmount(BigInt(e.details.have ?? "0"), coin.decimals, coin.decimals, "down");
    const need = displayAmount(BigInt(e.details.need ?? "0"), coin.decimals, coin.decimals, "up");
    return `Not enough ${coin.label}: you have ${have} ${coin.label}, this needs ${need} ${coin.label} (amount + network fee).`;
  }
  if (e?.code === "INVALID_AMOUNT" || e?.code === "INVALID_ADDRESS") return e.message ?? String(error);
  return e?.shortMessage ?? e?.message ?? String(error);
}

/** A currency the network fee could not be paid in (`InsufficientBalanceError`'s `details.candidates`). */
interface FeeShortfall {
  token: string;
  have: string;
  need?: string;
}

/** No stablecoin can pay the network fee: what the user holds and needs of each (amount + fee for the one spent). */
function feeShortfallReason(candidates: readonly FeeShortfall[]): string {
  const each = candidates.map((candidate) => {
    const coin = STABLECOINS.find((c) => c.symbol === candidate.token);
    const label = coin?.label ?? candidate.token;
    const decimals = coin?.decimals ?? 18;
    const have = displayAmount(BigInt(candidate.have), decimals, decimals, "down");
    if (candidate.need === undefined) return `${label}: cannot pay network fees`;
    const need = displayAmount(BigInt(candidate.need), decimals, decimals, "up");
    return `${label}: you have ${have}, this needs ${need}`;
  });
  return `Not enough to pay the network fee in any of your dollars. ${each.join("; ")}.`;
}

function fillTokenSelects() {
  for (const id of ["send-token", "swap-from", "swap-to"]) {
    const select = $<HTMLSelectElement>(id);
    select.replaceChildren(
      ...STABLECOINS.map((coin) => {
        const option = document.createElement("option");
        option.value = coin.symbol;
        option.textContent = coin.label;
        return option;
      }),
    );
  }
  $<HTMLSelectElement>("swap-from").value = "USDC";
  $<HTMLSelectElement>("swap-to").value = "USDm";
}

async function refreshBalances(owner: Address) {
  // one HTTP request for the stablecoins; nothing else is read or shown
  const { balances } = await client.token.getBalances(
    owner,
    STABLECOINS.map((coin) => coin.symbol),
  );
  $("balances").replaceChildren(
    ...balances.map((balance) => {
      const item = document.createElement("li");
      item.dataset.token = balance.token.symbol;
      const name = document.createElement("span");
      name.textContent = labelOf(balance.token.symbol);
      const amount = document.createElement("span");
      amount.className = "amount";
      amount.textContent = displayAmount(balance.value, balance.token.decimals, 2, "down");
      item.append(name, amount);
      return item;
    }),
  );
}

async function review(prepare: (owner: Address) => Promise<SerializedPreparedFlow>) {
  if (!from) return;
  flow = undefined;
  $("confirm-section").hidden = false;
  $<HTMLButtonElement>("confirm").disabled = true;
  $("review").textContent = "Preparing…";
  setStatus("", "idle");
  try {
    flow = await prepare(from); // one HTTP request: balances, allowance, quote and the network fee
    $("review").textContent = [describeFlow(flow), networkFeeLine(flow) ?? ""].filter(Boolean).join("\n");
    $<HTMLButtonElement>("confirm").disabled = false;
  } catch (error) {
    $("review").textContent = "";
    setStatus(`Failed: ${reasonOf(error)}`, "failure");
  }
}

$("review-send").addEventListener("click", () => {
  const token = $<HTMLSelectElement>("send-token").value as StablecoinSymbol;
  return review(
    (owner) =>
      client.transaction.prepareSend(
        owner,
        $<HTMLInputElement>("send-to").value.trim(),
        token,
        $<HTMLInputElement>("send-amount").value.trim(),
      ), // the network fee: the client's feeCurrency (a stablecoin the planner picks inside MiniPay)
  );
});

$("review-swap").addEventListener("click", () => {
  const tokenIn = $<HTMLSelectElement>("swap-from").value as StablecoinSymbol;
  const tokenOut = $<HTMLSelectElement>("swap-to").value as StablecoinSymbol;
  return review((owner) =>
    client.swap.prepareSwap(owner, tokenIn, tokenOut, $<HTMLInputElement>("swap-amount").value.trim(), {
      slippageBps: 50,
    }),
  );
});

$("confirm").addEventListener("click", async () => {
  if (!from || !flow || !provider) return;
  $<HTMLButtonElement>("confirm").disabled = true;
  setStatus("Pending: confirm in your wallet, then wait for the network…", "pending");
  try {
    // One eth_sendTransaction per step (MiniPay does not batch), each receipt waited for, at most 60 s.
    const result = await sendPreparedFlowWithWallet(walletClient(provider), {
      flow,
      account: from,
      receiptTimeoutMs: 60_000,
    });
    const last = result.steps.findLast((step) => step.hash) ?? result.steps.at(-1);
    if (result.status === "success") {
      setStatus(`Success: ${describeFlow(flow)}\nTransaction ${last?.hash ?? ""}`, "success");
    } else if (result.status === "pending") {
      setStatus(
        `Pending: not confirmed yet. Check transaction ${last?.hash ?? "(hash unknown)"} before trying again.`,
        "pending",
      );
    } else {
      const stopped = result.steps.find((step) => step.status !== "success");
      const why = stopped?.error ?? stopped?.code ?? result.status;
      setStatus(`Failed: ${why}${stopped?.hash ? `\nTransaction ${stopped.hash}` : ""}`, "failure");
    }
  } catch (error) {
    setStatus(`Failed: ${reasonOf(error)}`, "failure"); // thrown only before anything was sent
  }
  flow = undefined;
  await refreshBalances(from).catch(() => {});
});

async function start(provider: InjectedProvider) {
  try {
    from = await connect(provider);
    $("account").textContent = from;
    $("connect").hidden = true;
    for (const id of ["review-send", "review-swap"]) $<HTMLButtonElement>(id).disabled = false;
    await refreshBalances(from);
  } catch (error) {
    $("account").textContent = `Not connected: ${reasonOf(error)}`;
  }
}

fillTokenSelects();
if (!provider) {
  $("account").textContent = "Open this page in MiniPay or a browser with a wallet.";
} else if (isMiniPay(provider)) {
  void start(provider); // inside MiniPay: connected at once, no button
} else {
  $("account").textContent = "Not connected";
  $("connect").hidden = false;
  $("connect").addEventListener("click", () => start(provider));
}
