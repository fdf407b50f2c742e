declare const __PREFLOW_CORE_VERSION__: string | undefined;

/**
 * The version of `@preflow/core` (injected at build time), sent with telemetry events.
 *
 * @example
 * ```ts
 * import { SDK_VERSION } from "@preflow/core";
 * console.log(SDK_VERSION);
 * ```
 */
export const SDK_VERSION: string =
  typeof __PREFLOW_CORE_VERSION__ === "string" ? __PREFLOW_CORE_VERSION__ : "0.0.0-dev";
