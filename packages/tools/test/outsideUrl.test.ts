// The guard of every fetch of a URL from outside (src/outsideUrl): every special range in every spelling a URL
// accepts is refused before any request (property over generated spellings), the connection goes to the
// address that was checked (an injected resolver answering a public address, then loopback: DNS rebinding),
// redirects are not followed, a listed host is fetched, and bodies are read up to the bound.
import dc from "node:diagnostics_channel";
import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkFetchTarget } from "../src/outsideUrl/checkFetchTarget.js";
import { specialAddressRule } from "../src/outsideUrl/classifyAddress.js";
import { createOutsideFetch } from "../src/outsideUrl/fetchOutsideUrl.js";
import { readBoundedText } from "../src/outsideUrl/readBoundedText.js";

// The test's own statement of the special IPv4 ranges (IANA special-purpose registry), independent of ipaddr.js.
const SPECIAL_V4: readonly [number, number][] = [
  [0x00000000, 8], // unspecified / "this network"
  [0x0a000000, 8], // private
  [0x64400000, 10], // carrier-grade NAT
  [0x7f000000, 8], // loopback
  [0xa9fe0000, 16], // link-local (cloud metadata)
  [0xac100000, 12], // private
  [0xc0000000, 24], // IETF protocol assignments
  [0xc0000200, 24], // TEST-NET-1
  [0xc0a80000, 16], // private
  [0xc6120000, 15], // benchmarking
  [0xc6336400, 24], // TEST-NET-2
  [0xcb007100, 24], // TEST-NET-3
  [0xe0000000, 4], // multicast
  [0xf0000000, 4], // reserved, broadcast
];
const SPECIAL_V6: readonly [string, number][] = [
  ["::1", 128],
  ["::", 128],
  ["fe80::", 10],
  ["fc00::", 7],
  ["ff00::", 8],
];

const v4InRange = ([base, bits]: [number, number]) =>
  fc.integer({ min: 0, max: 2 ** (32 - bits) - 1 }).map((host) => (base + host) >>> 0);
const specialV4 = fc.constantFrom(...SPECIAL_V4).chain(v4InRange);
const dotted = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join(".");
const hex16 = (n: number): [string, string] => [(n >>> 16).toString(16), (n & 0xffff).toString(16)];

/** Every spelling of an IPv4 address a URL host accepts, IPv6 embeddings included. */
const v4Spellings = (n: number, upper: boolean): string[] => {
  const [hi, lo] = hex16(n);
  const spellings = [
    dotted(n),
    `${dotted(n)}.`, // trailing dot
    String(n), // decimal
    `0x${n.toString(16)}`, // hex
    [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].map((b) => `0x${b.toString(16)}`).join("."),
    [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].map((b) => `0${b.toString(8)}`).join("."), // octal
    `${n >>> 24}.${n & 0xffffff}`, // a.b (127.1)
    `${n >>> 24}.${(n >>> 16) & 255}.${n & 0xffff}`, // a.b.c
    `[::ffff:${dotted(n)}]`, // IPv4-mapped, dotted
    `[::ffff:${hi}:${lo}]`, // IPv4-mapped, hex (what the URL parser writes)
    `[0:0:0:0:0:ffff:${hi}:${lo}]`, // expanded
    `[0000:0000:0000:0000:0000:ffff:${hi.padStart(4, "0")}:${lo.padStart(4, "0")}]`,
    `[::${dotted(n)}]`, // IPv4-compatible
    `[64:ff9b::${dotted(n)}]`, // NAT64
    `[64:ff9b::${hi}:${lo}]`,
    `[::ffff:0:${dotted(n)}]`, // SIIT
    `[2002:${hi}:${lo}::1]`, // 6to4
  ];
  return upper ? spellings.map((s) => s.toUpperCase()) : spellings;
};

const groups = (address: string) => {
  // the expanded eight groups of an IPv6 address written compressed
  const [head = "", tail = ""] = address.split("::");
  const h = head ? head.split(":") : [];
  const t = tail ? tail.split(":") : [];
  return [...h, ...Array(8 - h.length - t.length).fill("0"), ...t].map((g) => Number.parseInt(g, 16));
};
const specialV6 = fc.constantFrom(...SPECIAL_V6).chain(([base, bits]) =>
  fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 }).map((random) => {
    const b = groups(base);
    return b.map((group, i) => {
      const keep = Math.max(0, Math.min(16, bits - i * 16)); // bits of this group fixed by the prefix
      const mask = keep === 0 ? 0 : (0xffff << (16 - keep)) & 0xffff;
      return (group & mask) | ((random[i] ?? 0) & ~mask & 0xffff);
    });
  }),
);
const v6Spellings = (g: number[], upper: boolean): string[] => {
  const plain = g.map((x) => x.toString(16));
  const spellings = [
    `[${plain.join(":")}]`,
    `[${g.map((x) => x.toString(16).padStart(4, "0")).join(":")}]`,
    `[${new URL(`http://[${plain.join(":")}]/`).hostname.slice(1, -1)}]`, // compressed, as the parser writes it
  ];
  return upper ? spellings.map((s) => s.toUpperCase()) : spellings;
};

const refusedWithoutResolving = async (host: string) => {
  let resolved = 0;
  const resolve = async () => {
    resolved++;
    return [{ address: "93.184.215.14", family: 4 as const }];
  };
  let url: URL;
  try {
    url = new URL(`http://${host}:8080/`);
  } catch {
    return; // not a URL at all: nothing can be fetched
  }
  await expect(checkFetchTarget(url, { allowedHosts: undefined, resolve }), host).rejects.toMatchObject({
    code: "FETCH_TARGET_REFUSED",
  });
  expect(resolved, host).toBe(0);
};

describe("specialAddressRule (ipaddr.js)", () => {
  it("names every special range, embedded IPv4 judged by the address it leads to; passes public ones", () => {
    for (const [address, rule] of [
      ["127.0.0.1", "loopback"],
      ["10.1.2.3", "private"],
      ["172.31.255.255", "private"],
      ["192.168.1.1", "private"],
      ["169.254.169.254", "link-local"],
      ["100.64.0.1", "carrier-grade NAT"],
      ["0.0.0.0", "unspecified"],
      ["224.0.0.1", "multicast"],
      ["255.255.255.255", "broadcast"],
      ["240.0.0.1", "reserved"],
      ["192.0.2.1", "reserved"],
      ["::1", "loopback"],
      ["::", "unspecified"],
      ["fd00::1", "unique local"],
      ["fe80::1", "link-local"],
      ["ff02::1", "multicast"],
      ["::ffff:127.0.0.1", "loopback address (IPv4-mapped 127.0.0.1)"],
      ["::ffff:7f00:1", "loopback address (IPv4-mapped 127.0.0.1)"],
      ["::7f00:1", "loopback address (IPv4-compatible 127.0.0.1)"],
      ["64:ff9b::a9fe:a9fe", "link-local address (NAT64 (64:ff9b::/96) 169.254.169.254)"],
      ["2002:c0a8:101::1", "private address (6to4 192.168.1.1)"],
      ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "Teredo"],
      ["2001:db8::1", "special-purpose"],
      ["100::1", "special-purpose"],
      ["64:ff9b:1::1", "special-purpose"],
    ] as const)
      expect(specialAddressRule(address), address).toContain(rule);
    for (const address of ["8.8.8.8", "172.32.0.1", "1.1.1.1", "2606:4700::1111", "::ffff:8.8.8.8"])
      expect(specialAddressRule(address), address).toBeUndefined();
    expect(specialAddressRule("localhost")).toBe("is not an IP address");
  });

  it("never throws on any string", () => {
    fc.assert(fc.property(fc.string(), (value) => void specialAddressRule(value)));
  });
});

describe("checkFetchTarget", () => {
  it("refuses every spelling of every special range (hex, dotted, octal, short, trailing dot, uppercase, embedded IPv4) before resolving or requesting", async () => {
    await fc.assert(
      fc.asyncProperty(specialV4, fc.boolean(), async (n, upper) => {
        for (const host of v4Spellings(n, upper)) await refusedWithoutResolving(host);
      }),
      { numRuns: 300 },
    );
    await fc.assert(
      fc.asyncProperty(specialV6, fc.boolean(), async (g, upper) => {
        for (const host of v6Spellings(g, upper)) await refusedWithoutResolving(host);
      }),
      { numRuns: 300 },
    );
  });

  it("checks every address a name resolves to; refuses non-http URLs and credentials; a listed host passes", async () => {
    const resolve = async () => [
      { address: "93.184.215.14", family: 4 as const },
      { address: "::ffff:a9fe:a9fe", family: 6 as const },
    ];
    await expect(
      checkFetchTarget(new URL("http://mixed.example/"), { allowedHosts: undefined, resolve }),
    ).rejects.toMatchObject({ code: "FETCH_TARGET_REFUSED", details: { address: "::ffff:a9fe:a9fe" } });
    await expect(
      checkFetchTarget(new URL("http://localhost:8080/x"), { allowedHosts: undefined }),
    ).rejects.toMatchObject({ code: "FETCH_TARGET_REFUSED" });
    await expect(
      checkFetchTarget(new URL("http://localhost.:8080/x"), { allowedHosts: undefined }),
    ).rejects.toMatchObject({ code: "FETCH_TARGET_REFUSED" });
    for (const url of ["file:///etc/passwd", "http://u:p@example.com/", "ftp://example.com/"])
      await expect(
        checkFetchTarget(new URL(url), { allowedHosts: undefined, resolve }),
      ).rejects.toMatchObject({
        code: "FETCH_TARGET_REFUSED",
      });
    await expect(
      checkFetchTarget(new URL("http://127.0.0.1:8080/x"), { allowedHosts: ["127.0.0.1:8080"] }),
    ).resolves.toMatchObject({ addresses: [{ address: "127.0.0.1", family: 4 }] });
    // listed as host:port: another port of the same address is not
    await expect(
      checkFetchTarget(new URL("http://127.0.0.1:8081/x"), { allowedHosts: ["127.0.0.1:8080"] }),
    ).rejects.toMatchObject({ code: "FETCH_TARGET_REFUSED" });
  });
});

describe("createOutsideFetch", () => {
  let inside: Server;
  let insidePort: number;
  const insideRequests: string[] = [];
  beforeAll(async () => {
    inside = createServer((request, response) => {
      insideRequests.push(request.url ?? "");
      if (request.url === "/redirect") {
        response.writeHead(302, { location: `http://127.0.0.1:${insidePort}/secret` }).end();
        return;
      }
      if (request.url === "/long") {
        response.writeHead(200, { "content-type": "text/plain" });
        // 1 MB in 16 KB chunks, written as the reader asks
        let left = 64;
        const chunk = "é".repeat(8_192);
        const more = () => {
          while (left > 0) {
            left--;
            if (!response.write(chunk)) return void response.once("drain", more);
          }
          response.end();
        };
        more();
        return;
      }
      response.end(`inside ${request.headers.host}`);
    });
    await new Promise<void>((resolve) => inside.listen(0, "127.0.0.1", resolve));
    insidePort = (inside.address() as AddressInfo).port;
  });
  afterAll(() => {
    inside.closeAllConnections();
    inside.close();
  });

  it("connects to the address that was checked: a resolver answering public, then loopback (DNS rebinding) never reaches the local server", async () => {
    const answers = [
      [{ address: "93.184.215.14", family: 4 as const }],
      [{ address: "127.0.0.1", family: 4 as const }],
    ];
    let calls = 0;
    const resolve = async () => answers[Math.min(calls++, 1)] ?? [];
    // Each socket's lookup is observed and the socket destroyed before it connects: nothing leaves the machine.
    const looked: string[] = [];
    const onSocket = (message: unknown) => {
      const socket = (message as { socket: Socket }).socket;
      socket.once("lookup", (_error: unknown, address: string) => {
        looked.push(address);
        socket.destroy(new Error("stopped before connecting")); // net does not connect a socket destroyed here
      });
    };
    dc.subscribe("net.client.socket", onSocket);
    const outside = createOutsideFetch({ allowedHosts: undefined, resolve });
    try {
      for (let i = 0; i < 2; i++)
        await expect(outside.fetch(`http://rebind.example:${insidePort}/secret`)).rejects.toMatchObject({
          cause: { message: "stopped before connecting" },
        });
    } finally {
      dc.unsubscribe("net.client.socket", onSocket);
      await outside.close();
    }
    expect(calls).toBe(1);
    expect(looked.length).toBeGreaterThan(0);
    expect(new Set(looked)).toEqual(new Set(["93.184.215.14"]));
    expect(insideRequests).not.toContain("/secret");
  });

  it("fetches a listed host (Host header kept), answers a redirect without following it, refuses an unlisted one", async () => {
    const host = `127.0.0.1:${insidePort}`;
    const outside = createOutsideFetch({ allowedHosts: [host] });
    try {
      const ok = await outside.fetch(`http://${host}/hello`);
      expect(await ok.text()).toBe(`inside ${host}`);
      const before = insideRequests.length;
      const redirect = await outside.fetch(`http://${host}/redirect`, { redirect: "follow" });
      expect(redirect.status).toBe(302);
      expect(insideRequests.slice(before)).toEqual(["/redirect"]);
    } finally {
      await outside.close();
    }
    const unlisted = createOutsideFetch({ allowedHosts: undefined });
    try {
      const before = insideRequests.length;
      await expect(unlisted.fetch(`http://[::ffff:7f00:1]:${insidePort}/`)).rejects.toMatchObject({
        code: "FETCH_TARGET_REFUSED",
      });
      expect(insideRequests.length).toBe(before);
    } finally {
      await unlisted.close();
    }
  });

  it("reads a body up to the bound and stops there (multi-byte characters split across chunks)", async () => {
    const host = `127.0.0.1:${insidePort}`;
    const outside = createOutsideFetch({ allowedHosts: [host] });
    try {
      const cut = await readBoundedText(await outside.fetch(`http://${host}/long`), 32_768);
      expect(cut).toEqual({ text: "é".repeat(32_768), truncated: true });
      const whole = await readBoundedText(await outside.fetch(`http://${host}/hello`), 32_768);
      expect(whole).toEqual({ text: `inside ${host}`, truncated: false });
    } finally {
      await outside.close();
    }
  });
});
