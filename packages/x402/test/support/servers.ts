// Test servers on 127.0.0.1: the reference paywall (@x402/express paymentMiddleware + x402ResourceServer) in
// front of any FacilitatorClient, the reference facilitator (x402Facilitator + ExactEvmScheme, paying its gas in
// CELO), and a bare 402 server whose answers a test decides (malformed headers, a paid retry never settled).
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { DevnetClient } from "@preflow/devnet";
import { devnetChain } from "@preflow/devnet";
import { x402Facilitator } from "@x402/core/facilitator";
import { encodePaymentRequiredHeader } from "@x402/core/http";
import { type FacilitatorClient, x402ResourceServer } from "@x402/core/server";
import type { PaymentRequired } from "@x402/core/types";
import { toFacilitatorEvmSigner } from "@x402/evm";
import { ExactEvmScheme as FacilitatorScheme } from "@x402/evm/exact/facilitator";
import { ExactEvmScheme as ServerScheme } from "@x402/evm/exact/server";
import { paymentMiddleware } from "@x402/express";
import express from "express";
import { type Address, createWalletClient, http, publicActions } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";

export interface RunningServer {
  readonly url: string;
  /** Every request: method, path and whether it carried PAYMENT-SIGNATURE. */
  readonly requests: { path: string; paid: boolean }[];
  close(): Promise<void>;
}

function listen(server: Server, requests: RunningServer["requests"]): Promise<RunningServer> {
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        requests,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

const paid = (request: IncomingMessage) => request.headers["payment-signature"] !== undefined;

/**
 * The reference paywall: `GET /quote` for `price` (USDC by default) to `payTo`, `GET /usdt` for 0.02 USD₮ and
 * `GET /usat` for 0.03 USA₮ (its domain as `@x402/evm` 2.27 lists it for eip155:42220).
 */
export async function startPaywall(options: {
  facilitator: FacilitatorClient;
  payTo: Address;
  price?: string;
  usdt?: Address;
  usat?: Address;
}): Promise<RunningServer> {
  const resourceServer = new x402ResourceServer(options.facilitator).register(
    "eip155:42220",
    new ServerScheme(),
  );
  const requests: RunningServer["requests"] = [];
  const app = express();
  app.use((request, _response, next) => {
    requests.push({ path: request.path, paid: paid(request) });
    next();
  });
  const routes: Parameters<typeof paymentMiddleware>[0] = {
    "GET /quote": {
      accepts: {
        scheme: "exact",
        price: options.price ?? "$0.01",
        network: "eip155:42220",
        payTo: options.payTo,
      },
      description: "a paid quote",
    },
  };
  if (options.usdt)
    routes["GET /usdt"] = {
      accepts: {
        scheme: "exact",
        network: "eip155:42220",
        payTo: options.payTo,
        price: { amount: "20000", asset: options.usdt, extra: { name: "Tether USD", version: "1" } },
      },
    };
  if (options.usat)
    routes["GET /usat"] = {
      accepts: {
        scheme: "exact",
        network: "eip155:42220",
        payTo: options.payTo,
        price: { amount: "30000", asset: options.usat, extra: { name: "Tether America USD", version: "1" } },
      },
    };
  app.use(paymentMiddleware(routes, resourceServer));
  app.get("/quote", (_request, response) => {
    response.json({ quote: 42 });
  });
  app.get("/usdt", (_request, response) => {
    response.json({ paidIn: "USDT" });
  });
  app.get("/usat", (_request, response) => {
    response.json({ paidIn: "USAT" });
  });
  app.get("/free", (_request, response) => {
    response.json({ free: true });
  });
  return listen(createServer(app), requests);
}

/** The reference facilitator in process, its signer a fresh account holding CELO for gas. */
export async function referenceFacilitator(devnet: DevnetClient): Promise<FacilitatorClient> {
  const account = privateKeyToAccount(generatePrivateKey());
  await devnet.fund(account.address, "CELO", "10");
  const wallet = createWalletClient({
    account,
    chain: devnetChain(devnet.rpcUrl),
    transport: http(devnet.rpcUrl),
  }).extend(publicActions);
  const signer = toFacilitatorEvmSigner({
    ...wallet,
    address: account.address,
  } as unknown as Parameters<typeof toFacilitatorEvmSigner>[0]);
  const facilitator = new x402Facilitator().register("eip155:42220", new FacilitatorScheme(signer));
  return {
    verify: (payload, requirements) => facilitator.verify(payload, requirements),
    settle: (payload, requirements) => facilitator.settle(payload, requirements),
    getSupported: async () =>
      facilitator.getSupported() as Awaited<ReturnType<FacilitatorClient["getSupported"]>>,
  };
}

/** A 402 server answering every unpaid request with `header` (or none) and every paid one with 500 (never settled). */
export async function startBare402(header: string | PaymentRequired | null): Promise<RunningServer> {
  const requests: RunningServer["requests"] = [];
  const server = createServer((request, response) => {
    requests.push({ path: request.url ?? "", paid: paid(request) });
    if (paid(request)) {
      response.writeHead(500).end("lost");
      return;
    }
    const value =
      header === null ? undefined : typeof header === "string" ? header : encodePaymentRequiredHeader(header);
    response.writeHead(402, value === undefined ? {} : { "PAYMENT-REQUIRED": value }).end("{}");
  });
  return listen(server, requests);
}
