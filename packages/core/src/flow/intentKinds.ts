import type { IntentKindDefinition } from "../protocols/definition.js";
import { PROTOCOLS } from "../protocols/registry.js";

/**
 * Every registered intent kind, by `kind`, from the registry's definitions (a kind is declared once: a test
 * checks it; were one repeated, the first definition would win). @internal
 */
export const INTENT_KIND_DEFINITIONS: ReadonlyMap<string, IntentKindDefinition> = /*#__PURE__*/ (() => {
  const kinds = new Map<string, IntentKindDefinition>();
  for (const protocol of PROTOCOLS) {
    for (const [kind, definition] of Object.entries(protocol.intents ?? {})) {
      if (!kinds.has(kind)) kinds.set(kind, definition as IntentKindDefinition);
    }
  }
  return kinds;
})();
