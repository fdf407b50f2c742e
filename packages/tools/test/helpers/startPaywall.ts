// The reference x402 paywall the tool server pays in tests: @x402/express's paymentMiddleware on GET /quote
// ($0.01 in USDC on eip155:42220 to `payTo`), served by preflow's facilitator on 127.0.0.1, with the requests it
// saw (paid: carried a PAYMENT-SIGNATURE header).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createX402Facilitator } from "@preflow/x402";
import { x402ResourceServer } from "@x402/core/server";
import { ExactEvmScheme } from "@x402/evm/exact/server";
import { paymentMiddleware } from "@x402/express";
import express from "express";
import type { LocalAccount } from "viem";

export interface Paywall {
  /** The paid resource's URL. */
  url: string;
  /** Every request the paywall saw, in order. */
  requests: { paid: boolean }[];
  close(): void;
}

export async function startPaywall(options: {
  rpcUrl: string;
  facilitatorAccount: LocalAccount;
  payTo: `0x${string}`;
}): Promise<Paywall> {
  const facilitator = createX402Facilitator({ account: options.facilitatorAccount, rpcUrl: options.rpcUrl });
  const requests: { paid: boolean }[] = [];
  const app = express();
  app.use((request, _response, next) => {
    requests.push({ paid: request.headers["payment-signature"] !== undefined });
    next();
  });
  app.use(
    paymentMiddleware(
      {
        "GET /quote": {
          accepts: { scheme: "exact", price: "$0.01", network: "eip155:42220", payTo: options.payTo },
        },
      },
      new x402ResourceServer(facilitator).register("eip155:42220", new ExactEvmScheme()),
    ),
  );
  app.get("/quote", (_request, response) => {
    response.json({ quote: 42 });
  });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/quote`,
    requests,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}
