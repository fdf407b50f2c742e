// An ERC-8004 agent registration file (ERC-8004 "Agent URI and Agent Registration File"): its build, its
// validation from untrusted JSON, and its `data:application/json;base64` URI. Pure: no I/O.
import { InvalidArgumentError, rejectUnknownKeys } from "@preflow/errors";
import { type Address, getAddress, isAddress } from "viem";
import { ERC8004_ADDRESSES, ERC8004_AGENT_REGISTRY } from "./addresses.js";

/** The `type` of a v1 registration file. */
export const AGENT_REGISTRATION_TYPE = "https://eips.ethereum.org/EIPS/eip-8004#registration-v1";

/**
 * One service an agent offers: its `name` (`"web"`, `"A2A"`, `"MCP"`, `"OASF"`, `"ENS"`, `"DID"`, `"email"`,
 * `"agentWallet"`...), its `endpoint` and, optionally, the protocol `version`, `skills` and `domains`.
 *
 * @example
 * ```ts
 * import type { AgentService } from "@preflow/core";
 * const mcp: AgentService = { name: "MCP", endpoint: "https://mcp.agent.example/", version: "2025-06-18" };
 * ```
 */
export interface AgentService {
  name: string;
  endpoint: string;
  version?: string;
  skills?: string[];
  domains?: string[];
}

/**
 * An entry of a registration file's `registrations`: the agent's id in a registry named by CAIP-10
 * (`eip155:42220:0x8004A169…`). Exactly these two keys.
 *
 * @example
 * ```ts
 * import { ERC8004_AGENT_REGISTRY, type AgentRegistrationEntry } from "@preflow/core";
 * const entry: AgentRegistrationEntry = { agentId: 7, agentRegistry: ERC8004_AGENT_REGISTRY };
 * ```
 */
export interface AgentRegistrationEntry {
  agentId: number;
  agentRegistry: string;
}

/**
 * An ERC-8004 v1 agent registration file, validated: what `tokenURI` points to.
 *
 * @example
 * ```ts
 * import type { AgentRegistrationFile } from "@preflow/core";
 * const file: AgentRegistrationFile = buildRegistrationFile({ name: "Quoter", description: "Quotes swaps", services: [] });
 * ```
 */
export interface AgentRegistrationFile {
  type: typeof AGENT_REGISTRATION_TYPE;
  name: string;
  description: string;
  image?: string;
  services: AgentService[];
  x402Support?: boolean;
  active?: boolean;
  registrations?: AgentRegistrationEntry[];
  supportedTrust?: string[];
}

/**
 * Parameters of {@link buildRegistrationFile}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { BuildRegistrationFileParameters } from "@preflow/core";
 * const parameters: BuildRegistrationFileParameters = { name: "Quoter", description: "Quotes swaps on Celo", services: [] };
 * ```
 */
export interface BuildRegistrationFileParameters {
  name: string;
  description: string;
  image?: string;
  services?: AgentService[];
  /** The agent's wallet on Celo: added as the service `{ name: "agentWallet", endpoint: "eip155:42220:0x…" }`. */
  agentWallet?: string;
  /** The agent's id in the Celo Identity registry, once registered: `registrations[0]`. */
  agentId?: bigint | number | string;
  /** The agent's Self Agent ID (its id in Self's agent registry on Celo), linked as a second registration. */
  selfAgentId?: bigint | number | string;
  x402Support?: boolean;
  active?: boolean;
  supportedTrust?: string[];
}

const MAX_TEXT = 10_000;
const MAX_LIST = 256;
const FILE_KEYS = [
  "type",
  "name",
  "description",
  "image",
  "services",
  "x402Support",
  "active",
  "registrations",
  "supportedTrust",
] as const;
const SERVICE_KEYS = ["name", "endpoint", "version", "skills", "domains"] as const;
const CAIP10 = /^eip155:(0|[1-9][0-9]{0,19}):(0x[0-9a-fA-F]{40})$/;

function fail(field: string, value: unknown, rule: string): never {
  throw new InvalidArgumentError({ field, value, rule });
}

function text(value: unknown, field: string, options: { nonEmpty?: boolean } = {}): string {
  if (typeof value !== "string") fail(field, value, "must be a string");
  if (value.length > MAX_TEXT) fail(field, value, `must be at most ${MAX_TEXT} characters`);
  if (options.nonEmpty && value.trim() === "") fail(field, value, "must not be empty");
  return value;
}

function list<item>(value: unknown, field: string, read: (entry: unknown, field: string) => item): item[] {
  if (!Array.isArray(value)) fail(field, value, "must be an array");
  if (value.length > MAX_LIST) fail(field, value, `must have at most ${MAX_LIST} entries`);
  return value.map((entry, index) => read(entry, `${field}[${index}]`));
}

function flag(value: unknown, field: string): boolean {
  if (typeof value !== "boolean") fail(field, value, "must be true or false");
  return value;
}

function keysOnly(value: unknown, field: string, keys: readonly string[]): Record<string, unknown> {
  return rejectUnknownKeys(value, field, keys);
}

/**
 * A CAIP-10 account id on an EVM chain (`eip155:<chain id>:<address>`), its address checksummed.
 *
 * @throws {InvalidArgumentError} not `eip155:<decimal chain id>:<0x + 40 hex>` or a bad EIP-55 checksum.
 * @example
 * ```ts
 * import { parseCaip10 } from "@preflow/core";
 * parseCaip10("eip155:42220:0x8004a169fb4a3325136eb29fa0ceb6d2e539a432", "agentRegistry"); // { chainId: 42220n, address: "0x8004A169…" }
 * ```
 */
export function parseCaip10(
  value: unknown,
  field: string,
): { chainId: bigint; address: Address; id: string } {
  const match = typeof value === "string" ? CAIP10.exec(value) : null;
  const address = match?.[2];
  if (!match?.[1] || !address || !isAddress(address, { strict: true }))
    fail(
      field,
      value,
      "must be a CAIP-10 account id eip155:<chain id>:<address> (a valid EIP-55 checksum when mixed case)",
    );
  const checksummed = getAddress(address);
  return { chainId: BigInt(match[1]), address: checksummed, id: `eip155:${match[1]}:${checksummed}` };
}

function agentIdNumber(value: unknown, field: string): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0)
    fail(field, value, "must be a non-negative safe integer (an agent id)");
  return value;
}

function service(value: unknown, field: string): AgentService {
  const raw = keysOnly(value, field, SERVICE_KEYS);
  const entry: AgentService = {
    name: text(raw.name, `${field}.name`, { nonEmpty: true }),
    endpoint: text(raw.endpoint, `${field}.endpoint`, { nonEmpty: true }),
  };
  if (raw.version !== undefined) entry.version = text(raw.version, `${field}.version`);
  if (raw.skills !== undefined) entry.skills = list(raw.skills, `${field}.skills`, (v, f) => text(v, f));
  if (raw.domains !== undefined) entry.domains = list(raw.domains, `${field}.domains`, (v, f) => text(v, f));
  if (entry.name === "agentWallet") parseCaip10(entry.endpoint, `${field}.endpoint`);
  return entry;
}

function registration(value: unknown, field: string): AgentRegistrationEntry {
  const raw = keysOnly(value, field, ["agentId", "agentRegistry"]);
  if (raw.agentId === undefined) fail(`${field}.agentId`, undefined, "is required");
  return {
    agentId: agentIdNumber(raw.agentId, `${field}.agentId`),
    agentRegistry: parseCaip10(raw.agentRegistry, `${field}.agentRegistry`).id,
  };
}

/**
 * Validates an ERC-8004 v1 registration file from untrusted JSON and returns it normalised (CAIP-10 addresses
 * checksummed). Rules: `type` is `https://eips.ethereum.org/EIPS/eip-8004#registration-v1`; `name` and
 * `description` non-empty strings; `services` an array of `{ name, endpoint, version?, skills?, domains? }` (an
 * `agentWallet` service's endpoint a CAIP-10 account); `registrations` entries with exactly `agentId` (a
 * non-negative integer) and `agentRegistry` (CAIP-10); `x402Support`/`active` booleans; `supportedTrust` strings;
 * strings at most 10 000 characters, lists at most 256 entries; no other key. Never throws anything but
 * `InvalidArgumentError`, naming the field (`registration.services[1].endpoint`), the value and the rule.
 *
 * @throws {InvalidArgumentError} the file breaks a rule.
 * @example
 * ```ts
 * import { validateRegistrationFile } from "@preflow/core";
 * const file = validateRegistrationFile(JSON.parse(json));
 * file.services.find((s) => s.name === "MCP")?.endpoint;
 * ```
 */
export function validateRegistrationFile(value: unknown, field = "registration"): AgentRegistrationFile {
  const raw = keysOnly(value, field, FILE_KEYS);
  if (raw.type !== AGENT_REGISTRATION_TYPE)
    fail(`${field}.type`, raw.type, `must be ${AGENT_REGISTRATION_TYPE}`);
  const file: AgentRegistrationFile = {
    type: AGENT_REGISTRATION_TYPE,
    name: text(raw.name, `${field}.name`, { nonEmpty: true }),
    description: text(raw.description, `${field}.description`, { nonEmpty: true }),
    services: list(raw.services ?? [], `${field}.services`, service),
  };
  if (raw.image !== undefined) file.image = text(raw.image, `${field}.image`);
  if (raw.x402Support !== undefined) file.x402Support = flag(raw.x402Support, `${field}.x402Support`);
  if (raw.active !== undefined) file.active = flag(raw.active, `${field}.active`);
  if (raw.registrations !== undefined)
    file.registrations = list(raw.registrations, `${field}.registrations`, registration);
  if (raw.supportedTrust !== undefined)
    file.supportedTrust = list(raw.supportedTrust, `${field}.supportedTrust`, (v, f) => text(v, f));
  return file;
}

function idOf(value: unknown, field: string): number {
  const id =
    typeof value === "bigint"
      ? value
      : typeof value === "string" && /^(0|[1-9][0-9]*)$/.test(value)
        ? BigInt(value)
        : value;
  if (typeof id === "bigint") {
    if (id > BigInt(Number.MAX_SAFE_INTEGER))
      fail(field, value, "must be at most 2^53 - 1 in a registration file");
    return Number(id);
  }
  return agentIdNumber(id, field);
}

/**
 * Builds an ERC-8004 v1 registration file for an agent on Celo: its `services` (plus an `agentWallet` service in
 * CAIP-10 when `agentWallet` is given), `registrations` naming its id in the Celo Identity registry
 * (`eip155:42220:0x8004A169…`) when `agentId` is given and its Self Agent ID (Self's agent registry on Celo) when
 * `selfAgentId` is given. The result is validated ({@link validateRegistrationFile}).
 *
 * @throws {InvalidArgumentError} bad input or an unknown key; before any I/O.
 * @example
 * ```ts
 * import { buildRegistrationFile } from "@preflow/core";
 * const file = buildRegistrationFile({
 *   name: "Quoter",
 *   description: "Quotes Celo swaps over x402",
 *   services: [{ name: "MCP", endpoint: "https://quoter.example/mcp", version: "2025-06-18" }],
 *   agentWallet: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
 *   x402Support: true,
 * });
 * ```
 */
export function buildRegistrationFile(parameters: BuildRegistrationFileParameters): AgentRegistrationFile {
  const raw = keysOnly(parameters, "parameters", [
    "name",
    "description",
    "image",
    "services",
    "agentWallet",
    "agentId",
    "selfAgentId",
    "x402Support",
    "active",
    "supportedTrust",
  ]);
  const services = [...((raw.services as unknown[] | undefined) ?? [])];
  if (raw.agentWallet !== undefined) {
    if (typeof raw.agentWallet !== "string" || !isAddress(raw.agentWallet, { strict: true }))
      fail(
        "parameters.agentWallet",
        raw.agentWallet,
        "must be an address (a valid EIP-55 checksum when mixed case)",
      );
    services.push({ name: "agentWallet", endpoint: `eip155:42220:${getAddress(raw.agentWallet)}` });
  }
  const registrations: AgentRegistrationEntry[] = [];
  if (raw.agentId !== undefined)
    registrations.push({
      agentId: idOf(raw.agentId, "parameters.agentId"),
      agentRegistry: ERC8004_AGENT_REGISTRY,
    });
  if (raw.selfAgentId !== undefined)
    registrations.push({
      agentId: idOf(raw.selfAgentId, "parameters.selfAgentId"),
      agentRegistry: `eip155:42220:${ERC8004_ADDRESSES.selfAgentRegistry}`,
    });
  const file: Record<string, unknown> = {
    type: AGENT_REGISTRATION_TYPE,
    name: raw.name,
    description: raw.description,
    ...(raw.image === undefined ? {} : { image: raw.image }),
    services,
    ...(raw.x402Support === undefined ? {} : { x402Support: raw.x402Support }),
    ...(raw.active === undefined ? {} : { active: raw.active }),
    ...(registrations.length === 0 ? {} : { registrations }),
    ...(raw.supportedTrust === undefined ? {} : { supportedTrust: raw.supportedTrust }),
  };
  return validateRegistrationFile(file, "parameters");
}

const DATA_URI_PREFIX = "data:application/json;base64,";
/** A data: URI's registration file is at most 64 KiB once decoded. */
const MAX_DATA_URI_BYTES = 65_536;

/**
 * A registration file as a `data:application/json;base64,` URI (UTF-8 JSON), what `register` takes when the
 * file is kept on chain.
 *
 * @example
 * ```ts
 * import { buildRegistrationFile, registrationFileToDataUri } from "@preflow/core";
 * const uri = registrationFileToDataUri(buildRegistrationFile({ name: "Quoter", description: "Quotes swaps" }));
 * ```
 */
export function registrationFileToDataUri(file: AgentRegistrationFile): string {
  const bytes = new TextEncoder().encode(JSON.stringify(file));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `${DATA_URI_PREFIX}${btoa(binary)}`;
}

/**
 * Reads the registration file an agent URI holds when it is a `data:` URI (`application/json`, base64 or
 * percent-encoded) and validates it. `undefined` when the URI is not a `data:` URI (an `https://` or `ipfs://`
 * file is fetched by the caller, then given to {@link validateRegistrationFile}).
 *
 * @throws {InvalidArgumentError} a `data:` URI that is not JSON, too large (64 KiB) or not a valid file.
 * @example
 * ```ts
 * import { parseRegistrationDataUri } from "@preflow/core";
 * const file = parseRegistrationDataUri(agent.uri, "agentURI");
 * ```
 */
export function parseRegistrationDataUri(uri: string, field = "agentURI"): AgentRegistrationFile | undefined {
  if (!uri.startsWith("data:")) return undefined;
  const comma = uri.indexOf(",");
  const header = comma < 0 ? "" : uri.slice(5, comma).toLowerCase();
  const parts = header.split(";").map((part) => part.trim());
  if (comma < 0 || parts[0] !== "application/json") fail(field, uri, "must be a data:application/json URI");
  const body = uri.slice(comma + 1);
  let json: string;
  if (parts.includes("base64")) {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body) || body.length % 4 === 1)
      fail(field, uri, "must be valid base64");
    if ((body.length * 3) / 4 > MAX_DATA_URI_BYTES)
      fail(field, uri, `must hold at most ${MAX_DATA_URI_BYTES} bytes`);
    try {
      const binary = atob(body);
      const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
      json = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      fail(field, uri, "must be valid base64 of UTF-8 text");
    }
  } else {
    if (body.length > MAX_DATA_URI_BYTES * 3)
      fail(field, uri, `must hold at most ${MAX_DATA_URI_BYTES} bytes`);
    try {
      json = decodeURIComponent(body);
    } catch {
      fail(field, uri, "must be valid percent-encoding");
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    fail(field, uri, "must hold JSON");
  }
  return validateRegistrationFile(parsed, `${field}.file`);
}
