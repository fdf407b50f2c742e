import type { Address } from "viem";

/**
 * The ERC-4337 EntryPoint v0.7 (the only version preflow's smart accounts use, specification 9.2).
 *
 * @example
 * ```ts
 * import { ENTRY_POINT_07_ADDRESS } from "@preflow/aa";
 * console.log(ENTRY_POINT_07_ADDRESS); // 0x0000000071727De22E5E9d8BAf0edAc6f37da032
 * ```
 */
export const ENTRY_POINT_07_ADDRESS: Address = "0x0000000071727De22E5E9d8BAf0edAc6f37da032";

/**
 * The ERC-4337 EntryPoint v0.8, used by the `simple-7702` smart account.
 *
 * @example
 * ```ts
 * import { ENTRY_POINT_08_ADDRESS } from "@preflow/aa";
 * console.log(ENTRY_POINT_08_ADDRESS); // 0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108
 * ```
 */
export const ENTRY_POINT_08_ADDRESS: Address = "0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108";

/**
 * The eth-infinitism `Simple7702Account` (EntryPoint 0.8) that a `simple-7702` owner's EOA delegates to with
 * EIP-7702 (permissionless `to7702SimpleSmartAccount`'s default). Once delegated, the EOA's code is the
 * designator `0xef0100` followed by this address.
 *
 * @example
 * ```ts
 * import { SIMPLE_7702_ACCOUNT_ADDRESS } from "@preflow/aa";
 * const designator = `0xef0100${SIMPLE_7702_ACCOUNT_ADDRESS.slice(2).toLowerCase()}`;
 * ```
 */
export const SIMPLE_7702_ACCOUNT_ADDRESS: Address = "0xe6Cae83BdE06E4c305530e199D7217f42808555B";

/**
 * The SimpleAccountFactory v0.7 (eth-infinitism) whose CREATE2 accounts preflow uses: salt 0, one account
 * per owner.
 *
 * @example
 * ```ts
 * import { SIMPLE_ACCOUNT_FACTORY_07_ADDRESS } from "@preflow/aa";
 * console.log(SIMPLE_ACCOUNT_FACTORY_07_ADDRESS); // 0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985
 * ```
 */
export const SIMPLE_ACCOUNT_FACTORY_07_ADDRESS: Address = "0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985";

/**
 * The SimpleAccount v0.7 implementation the factory deployed in its constructor (`accountImplementation()`:
 * the CREATE address of the factory at nonce 1). Every account is an ERC1967 proxy to it.
 *
 * @example
 * ```ts
 * import { SIMPLE_ACCOUNT_07_IMPLEMENTATION_ADDRESS } from "@preflow/aa";
 * console.log(SIMPLE_ACCOUNT_07_IMPLEMENTATION_ADDRESS); // 0x68641DE71cfEa5a5d0D29712449Ee254bb1400C2
 * ```
 */
export const SIMPLE_ACCOUNT_07_IMPLEMENTATION_ADDRESS: Address = "0x68641DE71cfEa5a5d0D29712449Ee254bb1400C2";

/**
 * The public base URL of the `sponsor_a` gas-sponsorship service; its chain endpoint is
 * `{base}/v2/42220/rpc?apikey=<API_KEY>`. Override it with `gasSponsorship.sponsor_a.baseUrl`.
 *
 * @example
 * ```ts
 * import { DEFAULT_SPONSOR_A_BASE_URL } from "@preflow/aa";
 * console.log(DEFAULT_SPONSOR_A_BASE_URL); // https://api.pimlico.io
 * ```
 */
export const DEFAULT_SPONSOR_A_BASE_URL = "https://api.pimlico.io";
