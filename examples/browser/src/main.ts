// The page: connect an injected EIP-1193 wallet, show balances, prepare a send or a swap, show the simulated
// flow with formatPreparedFlow, and send each step through the wallet (viem's wallet client over the injected
// provider signs and sends; there is no sendPreparedFlowWithWallet in preflow yet).
// The RPC URL comes from `?rpc=` (the test passes the devnet's), else Celo's public RPC.
import {
  createSdkClient,
  formatPreparedFlow,
  type SerializedPreparedFlow,
  swapActions,
  toTransactionRequest,
} from "preflow";
import { createWalletClient, custom, type EIP1193Provider } from "viem";
import { waitForTransactionReceipt } from "viem/actions";
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
  const lines: string[] = [];
  try {
    const walletClient = wallet();
    for (const [index, step] of flow.steps.entries()) {
      show(
        "status",
        [...lines, `step ${index + 1}/${flow.steps.length}: waiting for the wallet…`].join("\n"),
        "busy",
      );
      const hash = await walletClient.sendTransaction({ account: from, ...toTransactionRequest(step) });
      lines.push(`step ${index + 1}: sent ${hash}`);
      show("status", lines.join("\n"), "busy");
      const receipt = await waitForTransactionReceipt(client.publicClient, { hash, timeout: 60_000 });
      lines.push(`step ${index + 1}: ${receipt.status} in block ${receipt.blockNumber}`);
      if (receipt.status !== "success") throw new Error(`step ${index + 1} reverted (${hash})`);
    }
    lines.push("done");
    show("status", lines.join("\n"), "done");
    await refreshBalances(from);
  } catch (error) {
    show("status", [...lines, error instanceof Error ? error.message : String(error)].join("\n"), "error");
  }
});
