// A local HTTP sink that speaks the telemetry endpoint's side of the Amplitude V2 batch format: it records
// every batch it receives and answers 200. Shared by the tests and the bench that check telemetry wiring.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** One batch as posted by `@preflow/telemetry`. */
export interface TelemetryBatch {
  api_key: string;
  events: Record<string, unknown>[];
}

/** A running sink. */
export interface TelemetrySink {
  /** The endpoint URL to pass as `telemetryEndpoint`. */
  url: string;
  /** Every batch received so far, in order (clear it with `received.length = 0`). */
  received: TelemetryBatch[];
  /** Every event of every batch received so far. */
  events(): Record<string, unknown>[];
  close(): Promise<void>;
}

/** Starts a sink on a free loopback port. */
export async function startTelemetrySink(): Promise<TelemetrySink> {
  const received: TelemetryBatch[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString("utf8")) as TelemetryBatch);
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"code":200}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/2/httpapi`,
    received,
    events: () => received.flatMap((batch) => batch.events),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
