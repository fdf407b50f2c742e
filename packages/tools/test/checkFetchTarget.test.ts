import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkFetchTarget, internalAddressRule } from "../src/x402/checkFetchTarget.js";

describe("x402_fetch's SSRF guard", () => {
  it("names loopback, private, link-local, CGNAT, unspecified, multicast and mapped addresses; passes public ones", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "::1",
      "::",
      "fd00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
    ])
      expect(internalAddressRule(address)).toBeDefined();
    for (const address of ["8.8.8.8", "172.32.0.1", "1.1.1.1", "2606:4700::1111", "::ffff:8.8.8.8"])
      expect(internalAddressRule(address)).toBeUndefined();
  });

  it("never throws on any string", () => {
    fc.assert(fc.property(fc.string(), (value) => void internalAddressRule(value)));
    fc.assert(
      fc.property(fc.ipV4(), (address) => {
        const [a = 0, b = 0] = address.split(".").map(Number);
        const internal =
          a === 127 ||
          a === 10 ||
          a === 0 ||
          a >= 224 ||
          (a === 172 && b >= 16 && b <= 31) ||
          (a === 192 && b === 168) ||
          (a === 169 && b === 254) ||
          (a === 100 && b >= 64 && b <= 127);
        expect(internalAddressRule(address) !== undefined).toBe(internal);
      }),
    );
  });

  it("refuses non-http URLs, credentials and loopback before any request; a listed host passes", async () => {
    await expect(checkFetchTarget(new URL("file:///etc/passwd"), undefined)).rejects.toMatchObject({
      code: "FETCH_TARGET_REFUSED",
    });
    await expect(checkFetchTarget(new URL("http://u:p@example.com/"), undefined)).rejects.toMatchObject({
      code: "FETCH_TARGET_REFUSED",
    });
    await expect(checkFetchTarget(new URL("http://127.0.0.1:8080/x"), undefined)).rejects.toMatchObject({
      code: "FETCH_TARGET_REFUSED",
      details: { address: "127.0.0.1" },
    });
    await expect(checkFetchTarget(new URL("http://[::1]:8080/x"), undefined)).rejects.toMatchObject({
      code: "FETCH_TARGET_REFUSED",
    });
    await expect(checkFetchTarget(new URL("http://localhost:8080/x"), undefined)).rejects.toMatchObject({
      code: "FETCH_TARGET_REFUSED",
    });
    await expect(
      checkFetchTarget(new URL("http://127.0.0.1:8080/x"), ["127.0.0.1:8080"]),
    ).resolves.toBeUndefined();
  });
});
