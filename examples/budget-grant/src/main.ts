// The owner's side of an agent budget in a browser: connect an injected wallet (EIP-1193), read the grant in
// words (exactly the delegation about to be signed), then sign it (eth_signTypedData_v4) or cancel. The owner's
// EOA must already delegate (EIP-7702) to the framework's EIP7702StatelessDeleGator (a MetaMask smart account
// does): wallets do not sign EIP-7702 authorizations for pages, and the grant says so (BUDGET_OWNER_CANNOT_UPGRADE).
// The budget JSON it shows holds no key: hand it to the agent.
import { createSdkClient } from "preflow";
import { type BudgetError, grantAgentBudget } from "preflow/budget";
import { type Address, createWalletClient, custom, type EIP1193Provider } from "viem";
import { celo } from "viem/chains";

/** The injected wallet (EIP-1193), when the browser has one. */
const injected = () => (window as unknown as { ethereum?: EIP1193Provider }).ethereum;

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const params = new URLSearchParams(location.search);
const rpcUrl = params.get("rpc") ?? undefined;
const client = createSdkClient({ ...(rpcUrl ? { rpcUrl } : {}), analyticsEnabled: false });
let account: Address | undefined;

function status(kind: "idle" | "busy" | "review" | "success" | "failure", text: string) {
  const element = $("status");
  element.dataset.status = kind;
  element.textContent = text;
}

$("connect").addEventListener("click", async () => {
  const provider = injected();
  if (!provider) return status("failure", "No wallet in this browser.");
  const [address] = await createWalletClient({ chain: celo, transport: custom(provider) }).requestAddresses();
  if (!address) return status("failure", "The wallet gave no account.");
  account = address;
  $("account").textContent = address;
  ($("review") as HTMLButtonElement).disabled = false;
});

$("review").addEventListener("click", async () => {
  const provider = injected();
  if (!provider || !account) return;
  const wallet = createWalletClient({ account, chain: celo, transport: custom(provider) });
  const days = Number(($("days") as HTMLInputElement).value);
  const latest = await client.publicClient.request({
    method: "eth_getBlockByNumber",
    params: ["latest", false],
  });
  const validUntil = BigInt((latest as { timestamp: string }).timestamp) + BigInt(Math.round(days * 86_400));
  status("busy", "Preparing the grant…");
  try {
    const { budget } = await grantAgentBudget(client, {
      owner: wallet,
      agent: ($("agent") as HTMLInputElement).value.trim(),
      limits: { USDC: { perDay: ($("usdc") as HTMLInputElement).value.trim() } },
      recipients: [($("recipient") as HTMLInputElement).value.trim()],
      validUntil,
      // the owner reads the grant in words, then presses Sign (or Cancel)
      confirm: (words) =>
        new Promise<boolean>((resolve) => {
          $("words").textContent = words;
          status("review", "Read the grant, then sign or cancel.");
          const sign = $("sign") as HTMLButtonElement;
          const cancel = $("cancel") as HTMLButtonElement;
          sign.disabled = cancel.disabled = false;
          const done = (answer: boolean) => () => {
            sign.disabled = cancel.disabled = true;
            if (answer) status("busy", "Waiting for the wallet's signature…");
            resolve(answer);
          };
          sign.onclick = done(true);
          cancel.onclick = done(false);
        }),
    });
    $("budget").textContent = JSON.stringify(budget, null, 2);
    status(
      "success",
      `Granted: delegation ${budget.delegationHash}. Give the budget JSON below to the agent.`,
    );
  } catch (error) {
    const e = error as BudgetError;
    status("failure", `${e.code ?? "ERROR"}: ${e.message}`);
  }
});
