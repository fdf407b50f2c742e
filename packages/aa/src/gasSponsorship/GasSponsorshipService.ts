import type { Transport } from "viem";
import { registerServiceBackend } from "../internal/serviceInternals.js";
import { sponsorFailure } from "../internal/sponsorFailure.js";
import { validateGasSponsorship } from "../internal/validateGasSponsorship.js";
import { gasSponsorshipBranches } from "./gasSponsorshipBranches.js";
import type {
  GasSponsorship,
  GasSponsorshipBackend,
  GasSponsorshipProvider,
  SponsorableUserOperation,
  SponsoredGas,
  UserOperationFees,
} from "./types.js";

const inspectSymbol = Symbol.for("nodejs.util.inspect.custom");

/**
 * The provider-agnostic gas-sponsorship helper (specification 2.7): the endpoint of the configured provider
 * for chain 42220 (`{base}/v2/42220/rpc?apikey=<API_KEY>` for `sponsor_a`), a viem transport to it for the
 * bundler and paymaster methods, the fee estimate and the sponsorship call. `createAAClient` builds one from
 * its `gasSponsorship` option (or takes yours); build one yourself to reach the endpoint directly.
 *
 * The constructor validates the config before any I/O and makes no network request. The API key never
 * shows: not in `String(service)`, `JSON.stringify(service)`, `util.inspect(service)`, nor in any error or
 * result of this package (only {@link GasSponsorshipService.redactedEndpointUrl}, with `apikey=***`, is
 * exposed). `transport` uses the real URL.
 *
 * It is the one seam for a second vendor: a new `provider` union member in `GasSponsorship` and one branch
 * (a {@link GasSponsorshipBackend}) in `gasSponsorshipBranches`.
 *
 * HTTP requests: none at construction; one per `estimateFeesPerGas()` (`pimlico_getUserOperationGasPrice`)
 * and one per `sponsorUserOperation()` (`pm_sponsorUserOperation`), each retried twice on 5xx/time-out.
 *
 * @throws {InvalidConfigError} (code `INVALID_CONFIG` or `UNKNOWN_OPTION`) naming the option
 * (`gasSponsorship.provider`, `gasSponsorship.sponsor_a.apiKey`, ...); the key is never echoed.
 *
 * @example
 * ```ts
 * import { GasSponsorshipService } from "@preflow/aa";
 *
 * const service = new GasSponsorshipService({ provider: "sponsor_a", sponsor_a: { apiKey: process.env.SPONSOR_API_KEY! } });
 * service.redactedEndpointUrl; // "https://api.pimlico.io/v2/42220/rpc?apikey=***"
 * String(service); // "GasSponsorshipService(sponsor_a, https://api.pimlico.io/v2/42220/rpc?apikey=***)"
 * const { maxFeePerGas, maxPriorityFeePerGas } = await service.estimateFeesPerGas();
 * const aa = await createAAClient({ owner, gasSponsorship: service });
 * ```
 */
export class GasSponsorshipService {
  /** The provider discriminant (`"sponsor_a"`). */
  readonly provider: GasSponsorshipProvider;
  /** The endpoint URL with the key replaced by `***` (safe to print and log). */
  readonly redactedEndpointUrl: string;
  /**
   * viem transport to the endpoint, for the bundler methods (`eth_sendUserOperation`,
   * `eth_getUserOperationReceipt`, ...) and the paymaster methods. It carries the key: do not print its URL.
   */
  readonly transport: Transport;
  readonly #backend: GasSponsorshipBackend;

  constructor(gasSponsorship: GasSponsorship) {
    const config = validateGasSponsorship(gasSponsorship);
    const backend = gasSponsorshipBranches[config.provider](config);
    this.#backend = backend;
    this.provider = backend.provider;
    this.redactedEndpointUrl = backend.redactedEndpointUrl;
    this.transport = backend.transport;
    registerServiceBackend(this, backend);
    Object.freeze(this);
  }

  /**
   * Fees for a UserOperation from the provider's gas-price method (`pimlico_getUserOperationGasPrice`, tier
   * `fast`, for `sponsor_a`). One HTTP request (retried twice on 5xx or time-out).
   *
   * @throws {SponsorshipUnauthorizedError} the key was refused; {@link ServiceUnreachableError} no usable
   * answer; {@link ServiceResponseError} an unexpected answer. Never the key, never a raw viem error.
   *
   * @example
   * ```ts
   * const { maxFeePerGas, maxPriorityFeePerGas } = await service.estimateFeesPerGas();
   * ```
   */
  async estimateFeesPerGas(): Promise<UserOperationFees> {
    try {
      return await this.#backend.estimateFeesPerGas();
    } catch (error) {
      throw sponsorFailure(this, error, { secrets: this.#backend.secrets, method: "gas price" });
    }
  }

  /**
   * Gas limits and signed paymaster data for `userOperation`, in one request (`pm_sponsorUserOperation` for
   * `sponsor_a`). The result is final: nothing more to estimate.
   *
   * @throws {SponsorshipUnauthorizedError} the key was refused; {@link ServiceUnreachableError} no usable
   * answer; {@link ServiceResponseError} a refusal or an unexpected answer (its `details.reason`).
   *
   * @example
   * ```ts
   * const gas = await service.sponsorUserOperation({ sender, nonce, callData, maxFeePerGas, maxPriorityFeePerGas, signature });
   * ```
   */
  async sponsorUserOperation(userOperation: SponsorableUserOperation): Promise<SponsoredGas> {
    try {
      return await this.#backend.sponsorUserOperation(userOperation);
    } catch (error) {
      throw sponsorFailure(this, error, { secrets: this.#backend.secrets, method: "sponsorship" });
    }
  }

  /**
   * `GasSponsorshipService(<provider>, <redacted endpoint URL>)`.
   *
   * @example
   * ```ts
   * console.log(`${service}`); // GasSponsorshipService(sponsor_a, https://api.pimlico.io/v2/42220/rpc?apikey=***)
   * ```
   */
  toString(): string {
    return `GasSponsorshipService(${this.provider}, ${this.redactedEndpointUrl})`;
  }

  /**
   * The JSON form: provider and redacted endpoint URL only.
   *
   * @example
   * ```ts
   * JSON.stringify(service); // {"provider":"sponsor_a","redactedEndpointUrl":"https://.../rpc?apikey=***"}
   * ```
   */
  toJSON(): { provider: GasSponsorshipProvider; redactedEndpointUrl: string } {
    return { provider: this.provider, redactedEndpointUrl: this.redactedEndpointUrl };
  }

  /** What `util.inspect` (and `console.log`) shows: the same as `toString()`. */
  [inspectSymbol](): string {
    return this.toString();
  }
}
