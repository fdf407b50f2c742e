// ERC-8004's pure parts, property-based: the registration file's builder, validator and data: URI (a round trip;
// garbage and broken files refused with InvalidArgumentError naming the field, never another error), CAIP-10, and
// the policy decoder (never throws on garbage, recognises exactly the registries' canonical calls, nothing else).
import fc from "fast-check";
import { type Address, encodeFunctionData, getAddress, type Hex, zeroHash } from "viem";
import { describe, expect, it } from "vitest";
import {
  AGENT_REGISTRATION_TYPE,
  buildRegistrationFile,
  ERC8004_ADDRESSES,
  erc8004IdentityRegistryAbi,
  erc8004Protocol,
  erc8004ReputationRegistryAbi,
  InvalidArgumentError,
  parseCaip10,
  parseRegistrationDataUri,
  registrationFileToDataUri,
  validateRegistrationFile,
} from "../src/index.js";

const decode = erc8004Protocol.decoders![0]!;
const hexBytes = (max: number) =>
  fc.uint8Array({ maxLength: max }).map((bytes) => `0x${Buffer.from(bytes).toString("hex")}` as Hex);
const address = fc
  .uint8Array({ minLength: 20, maxLength: 20 })
  .map((b) => getAddress(`0x${Buffer.from(b).toString("hex")}`));
const text = fc.string({ maxLength: 40 });
const nonEmpty = fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== "");
const service = fc.record(
  {
    name: nonEmpty.filter((name) => name !== "agentWallet"),
    endpoint: nonEmpty,
    version: text,
    skills: fc.array(text, { maxLength: 3 }),
  },
  { requiredKeys: ["name", "endpoint"] },
);
const buildInput = fc.record(
  {
    name: nonEmpty,
    description: nonEmpty,
    image: text,
    services: fc.array(service, { maxLength: 4 }),
    agentWallet: address,
    agentId: fc.bigInt({ min: 0n, max: BigInt(Number.MAX_SAFE_INTEGER) }),
    selfAgentId: fc.nat(),
    x402Support: fc.boolean(),
    active: fc.boolean(),
    supportedTrust: fc.array(fc.constantFrom("reputation", "crypto-economic", "tee-attestation"), {
      maxLength: 3,
    }),
  },
  { requiredKeys: ["name", "description"] },
);

/** Runs `f`; true when it returned, false when it threw InvalidArgumentError; any other throw fails the property. */
function acceptsOrRefuses(f: () => unknown): boolean {
  try {
    f();
    return true;
  } catch (error) {
    if (!(error instanceof InvalidArgumentError)) throw error;
    expect(error.details.field).toMatch(/^(registration|agentURI|parameters)/);
    return false;
  }
}

describe("ERC-8004 registration file", () => {
  it("round-trips: built, put in a data: URI, parsed back equal; validating a valid file changes nothing", () => {
    fc.assert(
      fc.property(buildInput, (input) => {
        const file = buildRegistrationFile(input);
        expect(file.type).toBe(AGENT_REGISTRATION_TYPE);
        expect(validateRegistrationFile(JSON.parse(JSON.stringify(file)))).toEqual(file);
        expect(parseRegistrationDataUri(registrationFileToDataUri(file))).toEqual(file);
        const wallet = file.services.find((s) => s.name === "agentWallet");
        expect(wallet?.endpoint).toBe(
          input.agentWallet === undefined ? undefined : `eip155:42220:${input.agentWallet}`,
        );
        if (input.agentId !== undefined)
          expect(file.registrations?.[0]).toEqual({
            agentId: Number(input.agentId),
            agentRegistry: `eip155:42220:${ERC8004_ADDRESSES.identityRegistry}`,
          });
      }),
    );
  });

  it("refuses any JSON value that is not a valid file with InvalidArgumentError, and never throws anything else", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        acceptsOrRefuses(() => validateRegistrationFile(value));
      }),
    );
  });

  it("refuses a valid file with one field broken (an unknown key, a wrong type, a registration with another key)", () => {
    const breakers: ((file: Record<string, unknown>) => void)[] = [
      (file) => {
        file.extra = 1;
      },
      (file) => {
        file.type = "https://eips.ethereum.org/EIPS/eip-8004#registration-v2";
      },
      (file) => {
        file.name = "";
      },
      (file) => {
        file.services = [{ name: "MCP" }];
      },
      (file) => {
        file.registrations = [
          { agentId: 1, agentRegistry: `eip155:42220:${ERC8004_ADDRESSES.identityRegistry}`, x: 1 },
        ];
      },
      (file) => {
        file.registrations = [
          { agentId: -1, agentRegistry: `eip155:42220:${ERC8004_ADDRESSES.identityRegistry}` },
        ];
      },
      (file) => {
        file.registrations = [
          { agentId: 1, agentRegistry: "eip155:42220:0x8004a169FB4a3325136EB29fA0ceB6D2e539a432" },
        ];
      },
      (file) => {
        file.services = [{ name: "agentWallet", endpoint: "0x8004A169FB4a3325136EB29fA0ceB6D2e539a432" }];
      },
      (file) => {
        file.active = "yes";
      },
    ];
    fc.assert(
      fc.property(buildInput, fc.nat({ max: breakers.length - 1 }), (input, which) => {
        const file = JSON.parse(JSON.stringify(buildRegistrationFile(input))) as Record<string, unknown>;
        breakers[which]?.(file);
        expect(acceptsOrRefuses(() => validateRegistrationFile(file))).toBe(false);
        expect(
          acceptsOrRefuses(() => parseRegistrationDataUri(registrationFileToDataUri(file as never))),
        ).toBe(false);
      }),
    );
  });

  it("a data: URI of garbage is refused with InvalidArgumentError; a URI that is not data: is left to the caller", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 200 }),
        fc.constantFrom("data:", "data:application/json;base64,", "data:application/json,", "https://"),
        (body, prefix) => {
          let result: unknown;
          const ok = acceptsOrRefuses(() => {
            result = parseRegistrationDataUri(prefix + body);
          });
          if (prefix === "https://") expect(result).toBeUndefined();
          if (ok && prefix !== "https://") expect(result).toHaveProperty("type", AGENT_REGISTRATION_TYPE);
        },
      ),
    );
  });

  it("CAIP-10: checksummed addresses round-trip; a wrong checksum or shape is refused", () => {
    fc.assert(
      fc.property(address, fc.bigInt({ min: 1n, max: 10n ** 12n }), (account, chainId) => {
        expect(parseCaip10(`eip155:${chainId}:${account.toLowerCase()}`, "x")).toEqual({
          chainId,
          address: account,
          id: `eip155:${chainId}:${account}`,
        });
        expect(() => parseCaip10(`eip155:${chainId}:${account.slice(0, -1)}`, "x")).toThrow(
          InvalidArgumentError,
        );
        expect(() => parseCaip10(`eip155:0${chainId}:${account}`, "x")).toThrow(InvalidArgumentError);
      }),
    );
  });
});

describe("ERC-8004 decoder", () => {
  const registries = fc.constantFrom<Address>(
    ERC8004_ADDRESSES.identityRegistry,
    ERC8004_ADDRESSES.reputationRegistry,
  );
  const step = (to: Address, data: Hex, value = 0n) => ({ index: 0, to, data, value });

  it("never throws on garbage to the registries and recognises none of it unless it is a canonical call", () => {
    fc.assert(
      fc.property(registries, hexBytes(300), (to, data) => {
        const effects = decode(step(to, data));
        if (effects) expect(effects[0]).toMatchObject({ kind: "call", known: true });
      }),
    );
  });

  it("recognises register, setAgentURI, setAgentWallet and giveFeedback exactly, and refuses them with a byte more or less", () => {
    fc.assert(
      fc.property(
        text,
        fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
        address,
        fc.bigInt({ min: -(10n ** 38n), max: 10n ** 38n }),
        fc.nat({ max: 18 }),
        fc.constantFrom(0, 1, 2, 3),
        (uri, agentId, wallet, value, decimals, which) => {
          const [to, data, label] =
            which === 0
              ? [
                  ERC8004_ADDRESSES.identityRegistry,
                  encodeFunctionData({
                    abi: erc8004IdentityRegistryAbi,
                    functionName: "register",
                    args: [uri],
                  }),
                  "ERC-8004 Identity register",
                ]
              : which === 1
                ? [
                    ERC8004_ADDRESSES.identityRegistry,
                    encodeFunctionData({
                      abi: erc8004IdentityRegistryAbi,
                      functionName: "setAgentURI",
                      args: [agentId, uri],
                    }),
                    "ERC-8004 Identity setAgentURI",
                  ]
                : which === 2
                  ? [
                      ERC8004_ADDRESSES.identityRegistry,
                      encodeFunctionData({
                        abi: erc8004IdentityRegistryAbi,
                        functionName: "setAgentWallet",
                        args: [agentId, wallet, agentId, "0x1234"],
                      }),
                      "ERC-8004 Identity setAgentWallet",
                    ]
                  : [
                      ERC8004_ADDRESSES.reputationRegistry,
                      encodeFunctionData({
                        abi: erc8004ReputationRegistryAbi,
                        functionName: "giveFeedback",
                        args: [agentId, value, decimals, uri, "", "", "", zeroHash],
                      }),
                      "ERC-8004 Reputation giveFeedback",
                    ];
          expect(decode(step(to, data))).toEqual([
            { kind: "call", step: 0, to, selector: data.slice(0, 10), known: true, label },
          ]);
          expect(decode(step(to, `${data}00` as Hex))).toBeUndefined();
          expect(decode(step(to, data.slice(0, -2) as Hex))).toBeUndefined();
          // the same calldata to any other address is not the registries'
          expect(decode(step(wallet, data))).toBeUndefined();
        },
      ),
    );
  });
});
