// Properties of the chain reads' parsers and decoders (untrusted input and bytes): the ABI a caller gives
// readContract (human-readable or JSON), block numbers and token ids, the node's block objects, fee history and
// block-hash answers, and an NFT contract's answers. None throws anything but the SDK's InvalidArgumentError on
// input, none throws at all on answers, and none accepts a wrong length.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import fc from "fast-check";
import { encodeAbiParameters, type Hex, parseAbi, toFunctionSelector } from "viem";
import { describe, expect, it } from "vitest";
import { decodeBlock } from "../src/actions/blockchain/decodeBlock.js";
import {
  blockHashesCode,
  decodeFeeHistory,
  decodeHashes,
} from "../src/actions/blockchain/getLatestBlocks.js";
import {
  decodeNftAddress,
  decodeNftRead,
  decodeNftText,
  expandErc1155Uri,
  standardOf,
} from "../src/actions/blockchain/nftReads.js";
import { parseAbiInput } from "../src/actions/blockchain/parseAbiInput.js";
import { parseBlockNumber } from "../src/actions/blockchain/parseBlockNumber.js";
import { isSolidityKeyword, parseHumanSignature } from "../src/actions/blockchain/parseHumanSignature.js";
import { parseTokenId } from "../src/actions/blockchain/parseTokenId.js";
import { InvalidArgumentError } from "../src/index.js";

const hexOf = (bytes: Uint8Array): Hex => `0x${Buffer.from(bytes).toString("hex")}`;
const bytesHex = (min: number, max: number) => fc.uint8Array({ minLength: min, maxLength: max }).map(hexOf);
const quantity = fc.bigInt({ min: 0n, max: 2n ** 64n }).map((value) => `0x${value.toString(16)}`);

/** Calls `fn`; returns the InvalidArgumentError it threw, or its value; any other exception fails the property. */
function onlyInvalidArgument(fn: () => unknown, field: string): unknown {
  try {
    return fn();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect((error as InvalidArgumentError).details.field).toBe(field);
    return error;
  }
}

const ELEMENTARY = [
  "address",
  "bool",
  "string",
  "bytes",
  "bytes32",
  "bytes4",
  "uint256",
  "uint8",
  "int128",
  "address[]",
  "uint256[3]",
];
/** A name viem accepts for a function and for a parameter (viem itself is the judge, protected keywords included). */
const identifier = fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_]{0,12}$/).filter((name) => {
  try {
    parseAbi([`function ${name}(uint256 ${name})`]);
    return !/^(returns|view|pure|payable|nonpayable|tuple|constructor|fallback|receive)$/.test(name);
  } catch {
    return false;
  }
});
/** Every word abitype's `isSolidityKeyword` refuses as a parameter name (its protected list and the type names). */
const SOLIDITY_KEYWORDS = [
  ..."after alias anonymous apply auto byte calldata case catch constant copyof default defined error event external false final function immutable implements in indexed inline internal let mapping match memory mutable null of override partial private promise public pure reference relocatable return returns sizeof static storage struct super supports switch this true try typedef typeof var view virtual".split(
    " ",
  ),
  ..."address bool string tuple bytes bytes1 bytes32 uint int uint8 int256 uint256".split(" "),
];
const functionAbiArbitrary = fc.record({
  name: identifier,
  inputs: fc.array(fc.constantFrom(...ELEMENTARY), { maxLength: 4 }),
  outputs: fc.array(fc.constantFrom(...ELEMENTARY), { maxLength: 3 }),
  stateMutability: fc.constantFrom("view", "pure", "nonpayable", "payable"),
});

describe("parseAbiInput (the ABI readContract and estimateGas take)", () => {
  it("throws nothing but InvalidArgumentError (field abi) on any value", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.string(),
          fc.array(fc.string(), { maxLength: 4 }),
          fc.json(),
          fc.array(fc.object(), { maxLength: 3 }),
          fc.array(
            fc.record(
              {
                type: fc.constantFrom("function", "event", "bogus"),
                name: fc.string(),
                inputs: fc.anything(),
                outputs: fc.anything(),
              },
              { requiredKeys: [] },
            ),
            { maxLength: 3 },
          ),
        ),
        (value) => {
          const result = onlyInvalidArgument(() => parseAbiInput(value), "abi");
          if (!(result instanceof InvalidArgumentError)) expect(Array.isArray(result)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("reads the same function from a JSON ABI, its JSON text and its human-readable signature", () => {
    fc.assert(
      fc.property(functionAbiArbitrary, ({ name, inputs, outputs, stateMutability }) => {
        const json = [
          {
            type: "function",
            name,
            stateMutability,
            inputs: inputs.map((type) => ({ type })),
            outputs: outputs.map((type) => ({ type })),
          },
        ];
        const human = `function ${name}(${inputs.join(", ")})${stateMutability === "nonpayable" ? "" : ` ${stateMutability}`}${outputs.length > 0 ? ` returns (${outputs.join(", ")})` : ""}`;
        const fromJson = parseAbiInput(json);
        const fromText = parseAbiInput(JSON.stringify(json));
        const fromHuman = parseAbiInput([human]);
        const fromLines = parseAbiInput(`\n${human}\n`);
        const selector = toFunctionSelector(`function ${name}(${inputs.join(",")})`);
        for (const abi of [fromJson, fromText, fromHuman, fromLines]) {
          const item = abi.find((entry) => entry.type === "function");
          expect(item && item.type === "function" && toFunctionSelector(item)).toBe(selector);
          expect(item && item.type === "function" && item.outputs.map((output) => output.type)).toEqual(
            outputs,
          );
          expect(item && item.type === "function" && item.stateMutability).toBe(stateMutability);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("refuses a type that is not an ABI type, named", () => {
    fc.assert(
      fc.property(
        identifier,
        fc.constantFrom("uint7", "uint264", "bytes33", "int0", "address[0]", "strings", "tuple"),
        (name, type) => {
          const error = onlyInvalidArgument(
            () =>
              parseAbiInput([
                { type: "function", name, stateMutability: "view", inputs: [{ type }], outputs: [] },
              ]),
            "abi",
          );
          expect(error).toBeInstanceOf(InvalidArgumentError);
        },
      ),
    );
  });
});

/** A Solidity type as a signature writes it: elementary or a tuple, with array suffixes, at most 3 levels deep. */
const typeText: fc.Memo<string> = fc.memo((depth) =>
  fc
    .tuple(
      depth <= 1
        ? fc.constantFrom(...ELEMENTARY, "uint", "int")
        : fc.oneof(
            fc.constantFrom(...ELEMENTARY),
            fc
              .array(fc.tuple(typeText(depth - 1), fc.option(identifier, { nil: undefined })), {
                minLength: 1,
                maxLength: 3,
              })
              .map(
                (items) => `(${items.map(([type, name]) => (name ? `${type} ${name}` : type)).join(", ")})`,
              ),
          ),
      fc.constantFrom("", "[]", "[2]", "[][3]"),
    )
    .map(([base, suffix]) => `${base}${suffix}`),
);

describe("parseHumanSignature (human-readable function and error signatures)", () => {
  it("never throws on any text", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string().map((tail) => `function f(${tail}`),
          fc.string({
            unit: fc.constantFrom("(", ")", ",", " ", "[", "]", "uint", "x", "function", "returns", "view"),
          }),
        ),
        (text) => {
          const result = parseHumanSignature(text);
          expect(typeof result.ok).toBe("boolean");
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("reads what viem's parseAbi reads: the same selector, outputs and state mutability", () => {
    fc.assert(
      fc.property(
        identifier,
        fc.array(
          fc.tuple(
            typeText(3),
            fc.option(identifier, { nil: undefined }),
            fc.constantFrom("", " memory", " calldata"),
          ),
          { maxLength: 4 },
        ),
        fc.array(typeText(2), { maxLength: 3 }),
        fc.constantFrom("", " view", " pure", " payable", " external view", " public"),
        (name, inputs, outputs, modifiers) => {
          const param = ([type, label, location]: [string, string | undefined, string]) =>
            `${type}${/^(string|bytes)$|\[|^\(/.test(type) ? location : ""}${label ? ` ${label}` : ""}`;
          const signature = `function ${name}(${inputs.map(param).join(", ")})${modifiers}${outputs.length > 0 ? ` returns (${outputs.join(", ")})` : ""}`;
          const ours = parseHumanSignature(signature);
          const [theirs] = parseAbi([signature]) as unknown as [
            { type: string; outputs: unknown; stateMutability: string },
          ];
          expect(ours.ok).toBe(true);
          if (!ours.ok || ours.item.type !== "function") return;
          expect(toFunctionSelector(ours.item)).toBe(toFunctionSelector(theirs as never));
          expect(JSON.parse(JSON.stringify(ours.item.outputs))).toEqual(
            JSON.parse(JSON.stringify(theirs.outputs)),
          );
          expect(ours.item.stateMutability).toBe(theirs.stateMutability);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("refuses what viem's parseAbi refuses: parameters named like a type or a protected keyword, data locations on value types", () => {
    // names from the generator above and from viem's refusals (abitype's `isSolidityKeyword`), so both
    // directions are checked on every run
    const parameterName = fc.oneof(
      identifier,
      fc.constantFrom(...SOLIDITY_KEYWORDS, "bytes33", "uint7", "int264", "payload", "indexes", "inn"),
    );
    fc.assert(
      fc.property(
        identifier,
        fc.array(
          fc.tuple(
            typeText(2),
            fc.option(parameterName, { nil: undefined }),
            fc.constantFrom("", " memory", " calldata", " storage"),
          ),
          { maxLength: 3 },
        ),
        (name, inputs) => {
          const signature = `function ${name}(${inputs
            .map(([type, label, location]) => `${type}${location}${label ? ` ${label}` : ""}`)
            .join(", ")}) view`;
          let viemReads = true;
          try {
            parseAbi([signature]);
          } catch {
            viemReads = false;
          }
          expect(parseHumanSignature(signature).ok, signature).toBe(viemReads);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("mirrors abitype's protected keywords word for word (read from the abitype viem resolves)", () => {
    // abitype does not export isSolidityKeyword: its runtime source is read, so an upgrade that changes the list
    // fails here instead of on some seed of the properties above.
    const fromViem = createRequire(createRequire(import.meta.url).resolve("viem"));
    const abitypeDir = path.dirname(fromViem.resolve("abitype/package.json"));
    const source = readFileSync(path.join(abitypeDir, "dist/esm/human-readable/runtime/utils.js"), "utf8");
    const list = /const protectedKeywordsRegex = \/\^\(\?:([a-z|]+)\)\$\//.exec(source)?.[1]?.split("|");
    expect(list?.length).toBeGreaterThan(50);
    for (const word of list!) {
      expect(isSolidityKeyword(word), word).toBe(true);
      expect(SOLIDITY_KEYWORDS, word).toContain(word);
    }
    // and nothing more: a near miss of every protected word is a valid name for both parsers
    for (const word of list!) expect(isSolidityKeyword(`${word}_`), `${word}_`).toBe(false);
  });

  it("refuses what is not a function or error signature, with a reason", () => {
    for (const text of [
      "event Transfer(address indexed from)",
      "function (",
      "function f(uint256",
      "function f() returns",
      "function f() views",
      "struct S { uint a; }",
      "",
    ]) {
      const result = parseHumanSignature(text);
      expect(result.ok, text).toBe(false);
    }
    expect(parseHumanSignature("error Unauthorized(address caller)")).toEqual({
      ok: true,
      item: { type: "error", name: "Unauthorized", inputs: [{ type: "address", name: "caller" }] },
    });
  });
});

describe("block numbers and token ids", () => {
  it("parse any value to the integer it names, or throw InvalidArgumentError naming the field", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.bigInt(),
          fc.integer(),
          fc.double(),
          fc.string(),
          fc.bigInt({ min: 0n }).map(String),
        ),
        (value) => {
          for (const [parse, field] of [
            [parseBlockNumber, "number"],
            [parseTokenId, "tokenId"],
          ] as const) {
            const result = onlyInvalidArgument(() => parse(value, field), field);
            if (typeof result === "bigint") {
              expect(result).toBeGreaterThanOrEqual(0n);
              expect(String(result)).toBe(typeof value === "string" ? value : String(value));
            }
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it("read every decimal token id up to 2^256 - 1 and refuse 2^256", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), (id) => {
        expect(parseTokenId(id.toString())).toBe(id);
        expect(parseTokenId(id)).toBe(id);
      }),
    );
    expect(() => parseTokenId((2n ** 256n).toString())).toThrow(InvalidArgumentError);
    expect(() => parseTokenId("01")).toThrow(InvalidArgumentError);
  });
});

const blockArbitrary = fc.record({
  number: quantity,
  hash: bytesHex(32, 32),
  parentHash: bytesHex(32, 32),
  timestamp: quantity,
  miner: bytesHex(20, 20),
  gasUsed: quantity,
  gasLimit: quantity,
  baseFeePerGas: fc.option(quantity, { nil: undefined }),
  transactions: fc.array(bytesHex(32, 32), { maxLength: 5 }),
});

describe("decodeBlock (a node's block object)", () => {
  it("never throws, and decodes a well-formed block exactly", () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), blockArbitrary), (raw) => {
        const decoded = decodeBlock(raw);
        if (!decoded.ok) return;
        const block = raw as { number: string; hash: string; transactions: string[] };
        expect(decoded.block.number).toBe(BigInt(block.number));
        expect(decoded.block.hash).toBe(block.hash.toLowerCase());
        expect(decoded.block.transactions).toEqual(block.transactions.map((tx) => tx.toLowerCase()));
      }),
      { numRuns: 300 },
    );
  });

  it("refuses a hash, address or transaction hash one byte short or long, naming the field", () => {
    fc.assert(
      fc.property(
        blockArbitrary,
        fc.constantFrom("hash", "parentHash", "miner"),
        fc.boolean(),
        (block, field, longer) => {
          const value = block[field] as string;
          const wrong = longer ? `${value}00` : value.slice(0, -2);
          const decoded = decodeBlock({ ...block, [field]: wrong });
          expect(decoded).toMatchObject({ ok: false, field });
          const badTx = decodeBlock({
            ...block,
            transactions: [...block.transactions, longer ? `0x${"11".repeat(33)}` : `0x${"11".repeat(31)}`],
          });
          expect(badTx.ok).toBe(false);
        },
      ),
    );
  });
});

describe("the latest blocks' answers", () => {
  it("decodeHashes: any string or value decodes or is undefined, never throws; a wrong length is undefined", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.oneof(fc.anything(), bytesHex(0, 700)),
        (count, raw) => {
          const pairs = decodeHashes(raw, count);
          if (typeof raw !== "string" || raw.length !== 2 + 64 * (count + 1)) expect(pairs).toBeUndefined();
        },
      ),
    );
  });

  it("decodeHashes reads the numbers and hashes the creation code returns, zero hashes left out", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 2n ** 40n }),
        fc.array(bytesHex(32, 32), { minLength: 1, maxLength: 20 }),
        (head, hashes) => {
          const raw = encodeAbiParameters([{ type: "uint256" }, ...hashes.map(() => ({ type: "bytes32" }))], [
            head,
            ...hashes,
          ] as never);
          const pairs = decodeHashes(raw, hashes.length)!;
          const expected = hashes.flatMap((hash, index) =>
            BigInt(hash) === 0n || head < BigInt(index + 1)
              ? []
              : [[head - BigInt(index + 1), hash.toLowerCase()]],
          );
          expect(pairs).toEqual(expected);
        },
      ),
    );
  });

  it("blockHashesCode grows by one BLOCKHASH read (9 bytes) per block and ends with RETURN", () => {
    for (let count = 1; count <= 20; count++) {
      const code = blockHashesCode(count);
      expect((code.length - 2) / 2).toBe(9 * count + 4 + 6);
      expect(code.endsWith("f3")).toBe(true);
    }
  });

  it("decodeFeeHistory never throws; a ratio that is not a finite non-negative number is refused", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record({
            oldestBlock: fc.oneof(quantity, fc.anything()),
            baseFeePerGas: fc.array(fc.oneof(quantity, fc.anything()), { maxLength: 22 }),
            gasUsedRatio: fc.array(fc.oneof(fc.double(), fc.anything()), { maxLength: 22 }),
          }),
        ),
        (raw) => {
          const history = decodeFeeHistory(raw);
          if (history === undefined) return;
          for (const entry of history.values()) {
            expect(Number.isFinite(entry.gasUsedRatio)).toBe(true);
            expect(entry.gasUsedRatio).toBeGreaterThanOrEqual(0);
          }
        },
      ),
    );
  });
});

describe("an NFT contract's answers", () => {
  it("never throw on garbage: a failed or malformed answer is undefined / null", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.oneof(bytesHex(0, 200), fc.constant(undefined)), (success, returnData) => {
        const result = { success, returnData: returnData as Hex | undefined };
        for (const [name, inputs] of [
          ["name", 0],
          ["symbol", 0],
          ["tokenURI", 1],
          ["uri", 1],
        ] as const) {
          const text = decodeNftText(result, name, inputs);
          expect(text === null || typeof text === "string").toBe(true);
        }
        const owner = decodeNftAddress(result, "ownerOf");
        expect(owner === null || /^0x[0-9a-fA-F]{40}$/.test(owner)).toBe(true);
        expect(["erc721", "erc1155", "unknown"]).toContain(standardOf(result, result));
        const balance = decodeNftRead(result, "balanceOf", 1);
        expect(balance === undefined || typeof balance === "bigint").toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("decode a string answer exactly, cut to 8 KiB; refuse one byte more or less", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 9000 }), (text) => {
        const data = encodeAbiParameters([{ type: "string" }], [text]);
        expect(decodeNftText({ success: true, returnData: data }, "tokenURI", 1)).toBe(text.slice(0, 8192));
        expect(decodeNftText({ success: true, returnData: `${data}00` }, "tokenURI", 1)).toBeNull();
        expect(
          decodeNftText({ success: true, returnData: data.slice(0, -2) as Hex }, "tokenURI", 1),
        ).toBeNull();
      }),
      { numRuns: 100 },
    );
  });

  it("a bool that is not 0 or 1 is no ERC-165 answer", () => {
    const two = { success: true, returnData: `0x${"0".repeat(63)}2` as Hex };
    const one = { success: true, returnData: `0x${"0".repeat(63)}1` as Hex };
    expect(standardOf(two, two)).toBe("unknown");
    expect(standardOf(one, two)).toBe("erc721");
    expect(standardOf(two, one)).toBe("erc1155");
  });

  it("expandErc1155Uri puts the id as 64 lowercase hex digits in every {id}", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string(), fc.constant("{id}")), { maxLength: 5 }),
        fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
        (parts, id) => {
          const uri = expandErc1155Uri(parts.join(""), id);
          expect(uri).not.toContain("{id}");
          if (parts.includes("{id}")) expect(uri).toContain(id.toString(16).padStart(64, "0"));
        },
      ),
    );
  });
});
