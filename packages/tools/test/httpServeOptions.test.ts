// `--http host:port` and its variables: loopback only unless PREFLOW_HTTP_OPEN=1, a token required (its value never
// in the error), a well-formed address.
import { describe, expect, it } from "vitest";
import { InvalidToolServerConfigError } from "../src/errors/config.js";
import { readHttpServeOptions } from "../src/server/serveHttp.js";

const token = "a-token-long-enough-for-the-rule-0123";

describe("readHttpServeOptions", () => {
  it("reads a loopback address and the token", () => {
    expect(readHttpServeOptions("127.0.0.1:8765", { PREFLOW_HTTP_TOKEN: token })).toEqual({
      host: "127.0.0.1",
      port: 8765,
      token,
      open: false,
    });
    expect(readHttpServeOptions("[::1]:0", { PREFLOW_HTTP_TOKEN: token }).host).toBe("::1");
    expect(readHttpServeOptions("localhost:9000", { PREFLOW_HTTP_TOKEN: token }).host).toBe("localhost");
  });

  it("refuses a non-loopback address unless PREFLOW_HTTP_OPEN=1", () => {
    expect(() => readHttpServeOptions("0.0.0.0:8765", { PREFLOW_HTTP_TOKEN: token })).toThrow(
      /must be a loopback address/,
    );
    expect(() => readHttpServeOptions("192.168.1.2:8765", { PREFLOW_HTTP_TOKEN: token })).toThrow(
      InvalidToolServerConfigError,
    );
    expect(
      readHttpServeOptions("0.0.0.0:8765", { PREFLOW_HTTP_TOKEN: token, PREFLOW_HTTP_OPEN: "1" }).open,
    ).toBe(true);
  });

  it("refuses a missing or short token without echoing it, and a malformed address", () => {
    expect(() => readHttpServeOptions("127.0.0.1:8765", {})).toThrow(/PREFLOW_HTTP_TOKEN/);
    try {
      readHttpServeOptions("127.0.0.1:8765", { PREFLOW_HTTP_TOKEN: "short-secret" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidToolServerConfigError);
      expect(JSON.stringify({ ...(error as object), message: (error as Error).message })).not.toContain(
        "short-secret",
      );
    }
    for (const address of ["127.0.0.1", "127.0.0.1:99999", ":8765", "127.0.0.1:port", ""])
      expect(() => readHttpServeOptions(address, { PREFLOW_HTTP_TOKEN: token })).toThrow(/--http/);
  });
});
