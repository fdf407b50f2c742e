import { CHAIN_ID, redactSecrets } from "@preflow/core";
import { createPimlicoClient } from "permissionless/clients/pimlico";
import { http, numberToHex } from "viem";
import { entryPoint07Address, entryPoint08Address } from "viem/account-abstraction";
import { DEFAULT_SPONSOR_A_BASE_URL } from "../constants.js";
import type { GasSponsorshipBackend, SponsorAGasSponsorship, SponsorableUserOperation } from "./types.js";

/** `{base}/v2/42220/rpc?apikey=<key>` (a trailing slash of `base` is dropped). @internal */
export function sponsorAEndpointUrl(options: SponsorAGasSponsorship["sponsor_a"]): string {
  const base = (options.baseUrl ?? DEFAULT_SPONSOR_A_BASE_URL).replace(/\/+$/, "");
  return `${base}/v2/${CHAIN_ID}/rpc?apikey=${encodeURIComponent(options.apiKey)}`;
}

/** Per-request bound of the endpoint's transport (viem's `timeout`). @internal */
export const SPONSOR_REQUEST_TIMEOUT_MS = 15_000;

/**
 * The `sponsor_a` branch: a Pimlico-compatible endpoint (permissionless `createPimlicoClient`), fees from
 * `pimlico_getUserOperationGasPrice` (`fast`), sponsorship and gas limits in one `pm_sponsorUserOperation`
 * (for EntryPoint 0.7 or 0.8, with the EIP-7702 authorization as `eip7702Auth` when there is one).
 * @internal
 */
export function createSponsorABackend(config: SponsorAGasSponsorship): GasSponsorshipBackend {
  const url = sponsorAEndpointUrl(config.sponsor_a);
  const secrets = Object.freeze([config.sponsor_a.apiKey]);
  const transport = http(url, { retryCount: 2, timeout: SPONSOR_REQUEST_TIMEOUT_MS });
  const pimlico = createPimlicoClient({
    transport,
    entryPoint: { address: entryPoint07Address, version: "0.7" },
  });
  // The decorator fixes the EntryPoint per client: one more (offline) client for EntryPoint 0.8.
  const pimlico08 = createPimlicoClient({
    transport,
    entryPoint: { address: entryPoint08Address, version: "0.8" },
  });
  return {
    provider: "sponsor_a",
    redactedEndpointUrl: redactSecrets(url, secrets),
    transport,
    secrets,
    async estimateFeesPerGas() {
      const { fast } = await pimlico.getUserOperationGasPrice();
      return { maxFeePerGas: fast.maxFeePerGas, maxPriorityFeePerGas: fast.maxPriorityFeePerGas };
    },
    async sponsorUserOperation(parameters: SponsorableUserOperation) {
      const { entryPointVersion = "0.7", authorization, ...userOperation } = parameters;
      const eip7702Auth = authorization && {
        address: authorization.address,
        chainId: numberToHex(authorization.chainId),
        nonce: numberToHex(authorization.nonce),
        r: authorization.r,
        s: authorization.s,
        yParity: numberToHex(authorization.yParity ?? 0),
      };
      const client = entryPointVersion === "0.8" ? pimlico08 : pimlico;
      const sponsored = await client.sponsorUserOperation({
        userOperation: (eip7702Auth ? { ...userOperation, eip7702Auth } : userOperation) as never,
      });
      return {
        callGasLimit: sponsored.callGasLimit,
        verificationGasLimit: sponsored.verificationGasLimit,
        preVerificationGas: sponsored.preVerificationGas,
        paymaster: sponsored.paymaster,
        paymasterData: sponsored.paymasterData,
        paymasterVerificationGasLimit: sponsored.paymasterVerificationGasLimit,
        paymasterPostOpGasLimit: sponsored.paymasterPostOpGasLimit,
      };
    },
  };
}
