import { type Address, encodeFunctionData, erc20Abi } from "viem";
import { TokenReadError } from "../errors/token.js";
import type { ReadCall, ReadResult } from "../rpc/readBatch.js";
import type { TokenInfo } from "./registry.js";

/** `balanceOf(owner)` of a token, for Multicall3. @internal */
export function balanceOfCall(token: TokenInfo, owner: Address): ReadCall {
  return {
    target: token.address,
    abi: erc20Abi,
    callData: encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [owner] }),
  };
}

/** `allowance(owner, spender)` of a token, for Multicall3. @internal */
export function allowanceCall(token: TokenInfo, owner: Address, spender: Address): ReadCall {
  return {
    target: token.address,
    abi: erc20Abi,
    callData: encodeFunctionData({ abi: erc20Abi, functionName: "allowance", args: [owner, spender] }),
  };
}

/** `totalSupply()` of a token, for Multicall3. @internal */
export function totalSupplyCall(token: TokenInfo): ReadCall {
  return {
    target: token.address,
    abi: erc20Abi,
    callData: encodeFunctionData({ abi: erc20Abi, functionName: "totalSupply" }),
  };
}

/** Decodes a uint256 read, or explains why it failed. @internal */
export function decodeUint(
  result: ReadResult | undefined,
  token: TokenInfo,
  functionName: "balanceOf" | "allowance" | "totalSupply",
): { ok: true; value: bigint } | { ok: false; error: TokenReadError } {
  const fail = (reason: string) =>
    ({
      ok: false,
      error: new TokenReadError({ symbol: token.symbol, address: token.address, functionName, reason }),
    }) as const;
  if (!result) return fail("no result");
  if (!result.success || !result.returnData)
    return fail("the call reverted or returned nothing (no contract there?)");
  // `readBatch` decoded it strictly (the read carries its ABI); a wrong shape already threw an RpcError.
  if (typeof result.value !== "bigint") return fail("the return data is not a uint256");
  return { ok: true, value: result.value };
}

/** Like {@link decodeUint} but throws the {@link TokenReadError}. @internal */
export function expectUint(
  result: ReadResult | undefined,
  token: TokenInfo,
  functionName: "balanceOf" | "allowance" | "totalSupply",
): bigint {
  const decoded = decodeUint(result, token, functionName);
  if (!decoded.ok) throw decoded.error;
  return decoded.value;
}
