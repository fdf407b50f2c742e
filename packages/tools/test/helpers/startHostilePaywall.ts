// A hostile x402 paywall for the tool server's tests: it asks what the reference paywall asks (its
// PAYMENT-REQUIRED, copied with this route's resource URL), settles a payment with preflow's facilitator as the
// reference would, and then misbehaves: a 600 MB body generated as it is sent (never held in memory), a body that
// drips a byte at a time, a body cut by a reset, a request never answered, or an authorization asked to stay
// valid for a year. What differs from the reference (@x402/express): the body is sent after settlement as it is
// produced, instead of being buffered until the handler ends (which a server that streams does).
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { X402Facilitator } from "@preflow/x402";
import {
  decodePaymentSignatureHeader,
  encodePaymentRequiredHeader,
  encodePaymentResponseHeader,
} from "@x402/core/http";

export type HostileRoute = "huge" | "drip" | "broken" | "hang" | "year";

export interface HostilePaywall {
  url(route: HostileRoute): string;
  /** Every request, with the paid authorization's validBefore (unix seconds) when it carried one. */
  requests: { route: string; paid: boolean; validBefore?: number; signedAt?: number }[];
  /** Bytes of body sent by the huge route. */
  sent: { huge: number };
  close(): void;
}

export const HUGE_BYTES = 600 * 1024 * 1024;

export async function startHostilePaywall(options: {
  /** The reference paywall's URL, whose PAYMENT-REQUIRED is copied. */
  referenceUrl: string;
  facilitator: X402Facilitator;
}): Promise<HostilePaywall> {
  const reference = await fetch(options.referenceUrl);
  const header = reference.headers.get("PAYMENT-REQUIRED");
  await reference.body?.cancel();
  if (reference.status !== 402 || !header) throw new Error("the reference paywall did not answer 402");
  const required = JSON.parse(Buffer.from(header, "base64").toString("utf8"));
  const requests: HostilePaywall["requests"] = [];
  const sent = { huge: 0 };
  let server: Server;
  const url = (route: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/${route}`;

  const stream = (response: ServerResponse) => {
    const chunk = Buffer.alloc(64 * 1024, "a");
    const more = () => {
      while (sent.huge < HUGE_BYTES && !response.destroyed) {
        sent.huge += chunk.length;
        if (!response.write(chunk)) return void response.once("drain", more);
      }
      response.end();
    };
    more();
  };

  server = createServer(async (request, response) => {
    const route = (request.url ?? "/").slice(1);
    const signature = request.headers["payment-signature"];
    if (route === "hang") {
      requests.push({ route, paid: false });
      return; // never answered
    }
    const accepts = required.accepts.map((accept: Record<string, unknown>) =>
      route === "year" ? { ...accept, maxTimeoutSeconds: 31_536_000 } : accept,
    );
    const paymentRequired = { ...required, resource: { ...required.resource, url: url(route) }, accepts };
    if (typeof signature !== "string") {
      requests.push({ route, paid: false });
      response.writeHead(402, { "PAYMENT-REQUIRED": encodePaymentRequiredHeader(paymentRequired) }).end("{}");
      return;
    }
    const payload = decodePaymentSignatureHeader(signature);
    const authorization = (payload.payload as { authorization?: { validBefore?: string } }).authorization;
    requests.push({
      route,
      paid: true,
      signedAt: Math.floor(Date.now() / 1000),
      ...(authorization?.validBefore ? { validBefore: Number(authorization.validBefore) } : {}),
    });
    const settled = await options.facilitator.settle(payload, payload.accepted);
    response.writeHead(200, {
      "content-type": "text/plain",
      "PAYMENT-RESPONSE": encodePaymentResponseHeader(settled),
    });
    if (route === "huge" || route === "year") return stream(response);
    if (route === "broken") {
      response.write("a".repeat(1_000));
      setTimeout(() => response.socket?.destroy(), 50);
      return;
    }
    // drip: a byte every 200 ms until the client goes away
    const timer = setInterval(() => response.write("x"), 200);
    response.on("close", () => clearInterval(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url,
    requests,
    sent,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}
