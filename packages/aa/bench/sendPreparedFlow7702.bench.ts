// pnpm --filter @preflow/aa bench
// One devnet, same process: a sponsored EIP-7702 send (createAAClient({ smartAccount: "simple-7702" }), batch of
// approve + vault deposit from the owner's own address) against the same UserOperation sent with plain
// permissionless (to7702SimpleSmartAccount + createSmartAccountClient + createPimlicoClient as paymaster, the
// authorization signed by the caller at the EOA's nonce on the first send, as permissionless's docs show). Each
// side talks through its own counting proxies. Figures are printed; nothing here asserts on time.
import { to7702SimpleSmartAccount } from "permissionless/accounts";
import { entryPoint08Address } from "viem/account-abstraction";
import { celo } from "viem/chains";
import { SIMPLE_7702_ACCOUNT_ADDRESS } from "../src/index.js";
import { benchAgainstPermissionless } from "./support.js";

benchAgainstPermissionless({
  title: "sponsored EIP-7702 send (batch: approve + deposit) vs plain permissionless",
  preflow: { name: "preflow simple-7702", smartAccount: "simple-7702" },
  plain: {
    name: "plain permissionless 7702",
    entryPoint: { address: entryPoint08Address, version: "0.8" },
    account: (client, owner) => to7702SimpleSmartAccount({ client, owner }),
    address: (owner) => owner.address,
    // the authorization, signed at the EOA's nonce, until the account is delegated
    async extras(client, owner) {
      if ((await client.getCode({ address: owner.address })) !== undefined) return {};
      const nonce = await client.getTransactionCount({ address: owner.address });
      return {
        authorization: await owner.signAuthorization({
          address: SIMPLE_7702_ACCOUNT_ADDRESS,
          chainId: celo.id,
          nonce,
        }),
      };
    },
  },
  firstSendLabel: "send, first (carries authorization)",
});
