import { InvalidToolServerConfigError } from "../errors/config.js";

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const SYMBOL = /^[A-Za-z0-9.₮€$-]{1,32}$/;

/**
 * Checks the shape of `FEE_CURRENCY` at start, without loading core (fast start): `CELO` (any case), `auto`, a
 * fee-currency address (0x + 40 hex digits, not the zero address) or a token symbol. Whether a symbol or address
 * pays gas is checked with core's rule when the runtime loads ({@link checkFeeCurrencyWithCore}). Returns the
 * value to use (`"CELO"` by default). Throws {@link InvalidToolServerConfigError} naming the variable. @internal
 */
export function parseFeeCurrency(value: string | undefined, variable = "FEE_CURRENCY"): string {
  if (value === undefined || value.toUpperCase() === "CELO") return "CELO";
  if (value === "auto") return value;
  const fail = (rule: string): never => {
    throw new InvalidToolServerConfigError({ variable, value, rule });
  };
  if (value.startsWith("0x")) {
    if (!ADDRESS.test(value)) fail("an address must be 0x followed by 40 hex digits");
    if (BigInt(value) === 0n) fail('the zero address is not a fee currency; say "CELO" to pay gas in CELO');
    return value;
  }
  if (!SYMBOL.test(value))
    fail('must be "CELO", "auto", a token symbol ("USDm", "USDC", "USDT"...) or a fee-currency address');
  return value;
}

/**
 * Checks `FEE_CURRENCY` with core's rule once core is loaded (the binary does it right after start): a symbol of a
 * token that pays gas, or a fee-currency address (USDC's and USD₮'s adapters, not the tokens). Throws
 * {@link InvalidToolServerConfigError} naming the variable and core's rule. @internal
 */
export function checkFeeCurrencyWithCore(
  core: Pick<typeof import("@preflow/core"), "resolveFeeCurrencyInput">,
  value: string,
  variable = "FEE_CURRENCY",
): void {
  try {
    core.resolveFeeCurrencyInput(value, variable);
  } catch (error) {
    const rule = (error as { details?: { rule?: unknown } }).details?.rule;
    throw new InvalidToolServerConfigError({
      variable,
      value,
      rule: typeof rule === "string" ? rule : (error as Error).message,
    });
  }
}
