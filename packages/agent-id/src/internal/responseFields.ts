import { type Address, getAddress, isAddress } from "viem";
import { AgentIdInvalidResponseError } from "../errors/AgentIdError.js";
import type { ApiResponse } from "./http.js";

/** Typed readers of response fields; each throws {@link AgentIdInvalidResponseError} naming the field. @internal */
export function responseFields(path: string, response: ApiResponse, body: Record<string, unknown>) {
  const fail = (field: string, rule: string): never => {
    throw new AgentIdInvalidResponseError({ path, field, rule, status: response.status });
  };
  const fields = {
    fail,
    agentId(field: string, value: unknown = body[field]): bigint {
      if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
      if (typeof value === "string" && /^(0|[1-9][0-9]{0,77})$/.test(value)) return BigInt(value);
      return fail(field, "must be a non-negative integer (number or decimal string)");
    },
    address(field: string, value: unknown = body[field]): Address {
      if (
        typeof value !== "string" ||
        !/^0x[0-9a-fA-F]{40}$/.test(value) ||
        !isAddress(value, { strict: false })
      ) {
        return fail(field, "must be an address (0x + 40 hex digits)");
      }
      return getAddress(value);
    },
    boolean(field: string, value: unknown = body[field]): boolean {
      if (typeof value !== "boolean") return fail(field, "must be a boolean");
      return value;
    },
    string(field: string, value: unknown = body[field]): string {
      if (typeof value !== "string" || value.trim() === "") return fail(field, "must be a non-empty string");
      return value;
    },
    optionalString(field: string, value: unknown = body[field]): string | undefined {
      return value === undefined || value === null ? undefined : fields.string(field, value);
    },
    chainId(field = "chainId"): void {
      const value = body[field];
      if (value !== undefined && value !== 42220 && value !== "42220")
        fail(field, "must be 42220 when present");
    },
  };
  return fields;
}
