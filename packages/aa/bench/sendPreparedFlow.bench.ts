// pnpm --filter @preflow/aa bench
// One devnet, same process: sendPreparedFlow (batch of 2 steps: approve + vault deposit) against the same
// UserOperation sent with plain permissionless (createSmartAccountClient + createPimlicoClient as paymaster,
// fees from pimlico_getUserOperationGasPrice: the devnet self-test's setup). Each side talks through its own
// counting proxies (same overhead on both sides). Rounds alternate which side goes first. Figures are
// printed; nothing here asserts on time.
import { toSimpleSmartAccount } from "permissionless/accounts";
import { entryPoint07Address } from "viem/account-abstraction";
import { benchAgainstPermissionless } from "./support.js";

const entryPoint = { address: entryPoint07Address, version: "0.7" } as const;

benchAgainstPermissionless({
  title: "sendPreparedFlow (batch: approve + deposit) vs plain permissionless",
  preflow: { name: "preflow sendPreparedFlow" },
  plain: {
    name: "plain permissionless",
    entryPoint,
    account: (client, owner) => toSimpleSmartAccount({ client, owner, entryPoint }),
    address: (_owner, account) => account.address,
  },
  firstSendLabel: "send, new account (deploys)",
});
