// The page: connect an injected EIP-1193 wallet, show balances, prepare a send or a swap, show the simulated
// flow with formatPreparedFlow, and send it through the wallet with sendPreparedFlowWithWallet (one ERC-5792
// batch when the wallet batches atomically, else one transaction per step, each waited for).
// The RPC URL comes from `?rpc=` (the test passes the devnet's), else Celo's public RPC.
import {
  createSdkClient,
  formatPreparedFlow,
  type SerializedPreparedFlow,
  sendPreparedFlowWithWallet,
  swapActions,
} from "preflow";
import { createWalletClient, custom, type EIP1193Provider } from "viem";
import { celo } from "viem/chains";

declare global {
  interface Window {
    ethereum?: EIP1193Provider;
  }
}

const rpcUrl = new URLSearchParams(location.search).get("rpc") ?? "https://forno.celo.org";
const client = createSdkClient({ rpcUrl, attributionTags: ["browser_example"] }).extend(swapActions);

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
let from: `0x${string}` | undefined;
let flow: SerializedPreparedFlow | undefined;

function show(id: string, text: string, status?: "idle" | "busy" | "done" | "error") {
  const element = $(id);
  element.textContent = text;
  if (status) element.dataset.status = status;
}

function failed(id: string, error: unknown) {
  show(id, error instanceof Error ? `${error.name}: ${error.message}` : String(error), "error");
}

function wallet() {
  if (!window.ethereum) throw new Error("No injected wallet (window.ethereum) on this page.");
  return createWalletClient({ chain: celo, transport: custom(window.ethereum) });
}

async function refreshBalances(owner: `0x${string}`) {
  const { balances } = await client.token.getBalances(owner); // one HTTP request for every token
  const table = $("balances");
  table.replaceChildren(
    ...balances.map((balance) => {
      const row = document.createElement("tr");
      for (const text of [balance.token.symbol, balance.formatted]) {
        const cell = document.createElement("td");
        cell.textContent = text;
        row.append(cell);
      }
      return row;
    }),
  );
}

async function preview(prepare: (owner: `0x${string}`) => Promise<SerializedPreparedFlow>) {
  if (!from) return;
  show("preview", "Preparing and simulating…");
  $<HTMLButtonElement>("send").disabled = true;
  try {
    flow = await prepare(from);
    const simulation = await client.transaction.simulatePreparedFlow(flow); // one HTTP request, nothing signed
    show("preview", formatPreparedFlow(flow, simulation));
    $<HTMLButtonElement>("send").disabled = !simulation.success;
  } catch (error) {
    failed("preview", error);
  }
}

$("connect").addEventListener("click", async () => {
  try {
    const [address] = await wallet().requestAddresses();
    if (!address) throw new Error("The wallet gave no account.");
    from = address;
    show("account", address);
    for (const id of ["prepare-send", "prepare-swap"]) $<HTMLButtonElement>(id).disabled = false;
    await refreshBalances(address);
  } catch (error) {
    failed("account", error);
  }
});

$("prepare-send").addEventListener("click", () =>
  preview((owner) =>
    client.transaction.prepareSend(
      owner,
      $<HTMLInputElement>("recipient").value.trim(),
      "USDm",
      $<HTMLInputElement>("amount").value.trim(),
    ),
  ),
);

$("prepare-swap").addEventListener("click", () =>
  preview((owner) => client.swap.prepareSwap(owner, "USDC", "USDm", "10", { slippageBps: 50 })),
);

$("send").addEventListener("click", async () => {
  if (!from || !flow) return;
  $<HTMLButtonElement>("send").disabled = true;
  show("status", `Sending ${flow.steps.length} step(s) through the wallet…`, "busy");
  try {
    const result = await sendPreparedFlowWithWallet(wallet(), { flow, account: from });
    const lines = result.steps.map(
      (step) => `step ${step.index + 1}: ${step.status}${step.hash ? ` ${step.hash}` : ""}`,
    );
    lines.push(
      `${result.status} (${result.mode === "calls" ? "one atomic batch" : "one transaction per step"})`,
    );
    show("status", lines.join("\n"), result.status === "success" ? "done" : "error");
    await refreshBalances(from);
  } catch (error) {
    failed("status", error);
  }
});
