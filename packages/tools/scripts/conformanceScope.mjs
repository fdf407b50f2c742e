// Which of the MCP conformance suite's server scenarios (and checks) do not apply to preflow-tools, and why.
// Read with scripts/conformance.mjs. A scenario listed here is reported "n/a" whatever the suite says: several of
// them "pass" only because the server answers the suite's missing fixture tool with an UNKNOWN_TOOL result, which
// proves nothing about the scenario, so they are not counted as passes either. Everything not listed is scored, and
// so is the suite's `wire-schema-valid` check everywhere (every message the server sent, valid for the revision).

const FIXTURE =
  "calls a fixture of the suite's reference server (a `test_*` tool), which a product server does not have: preflow-tools answers UNKNOWN_TOOL, so the scenario exercises nothing";
const notDeclared = (what) =>
  `uses ${what}, which the server does not declare (capabilities: tools, and resources for the one flow view); it answers -32601 Method not found, as the specification requires of an undeclared capability`;
const FIXTURE_RESOURCE =
  "reads a fixture resource of the suite's reference server (`test://...`); the server's one resource is the flow view (ui://preflow/flow), and an unknown URI is answered resource-not-found, which sep-2164-resource-not-found scores";
const TASKS =
  "the tasks extension (SEP-2663) is optional (the suite does not score it) and not offered: every tool answers within PREFLOW_TOOL_TIMEOUT_MS, a pending execution is followed with get_flow_status";
const STATELESS_2025 =
  "2025 clients are served statelessly over HTTP (no session, no standalone SSE stream, no server-to-client request), as the README says; stdio serves them with sessions";

/** Scenario name -> why it does not apply. */
export const NOT_APPLICABLE = {
  "logging-set-level": notDeclared("logging/setLevel (the `logging` capability)"),
  "tools-call-with-logging": notDeclared("logging (the `logging` capability) and a fixture tool"),
  "completion-complete": notDeclared("completion/complete (the `completions` capability)"),
  "resources-read-text": FIXTURE_RESOURCE,
  "resources-read-binary": FIXTURE_RESOURCE,
  "resources-templates-read": notDeclared("resource templates"),
  "resources-subscribe": notDeclared("resources/subscribe (`resources.subscribe`)"),
  "resources-unsubscribe": notDeclared("resources/unsubscribe (`resources.subscribe`)"),
  "prompts-list": notDeclared("prompts"),
  "prompts-get-simple": notDeclared("prompts"),
  "prompts-get-with-args": notDeclared("prompts"),
  "prompts-get-embedded-resource": notDeclared("prompts"),
  "prompts-get-with-image": notDeclared("prompts"),
  "tools-call-simple-text": FIXTURE,
  "tools-call-image": FIXTURE,
  "tools-call-audio": FIXTURE,
  "tools-call-embedded-resource": FIXTURE,
  "tools-call-mixed-content": FIXTURE,
  "tools-call-error": FIXTURE,
  "tools-call-with-progress": FIXTURE,
  "tools-call-sampling": FIXTURE,
  "tools-call-elicitation": FIXTURE,
  "elicitation-sep1034-defaults": FIXTURE,
  "elicitation-sep1330-enums": FIXTURE,
  "json-schema-2020-12": FIXTURE,
  "input-required-result-basic-elicitation": FIXTURE,
  "input-required-result-basic-sampling": FIXTURE,
  "input-required-result-basic-list-roots": FIXTURE,
  "input-required-result-request-state": FIXTURE,
  "input-required-result-multiple-input-requests": FIXTURE,
  "input-required-result-multi-round": FIXTURE,
  "input-required-result-missing-input-response": FIXTURE,
  "input-required-result-non-tool-request": notDeclared(
    "input_required on prompts/get (the `prompts` capability)",
  ),
  "input-required-result-result-type": FIXTURE,
  "input-required-result-tampered-state": FIXTURE,
  "input-required-result-capability-check": FIXTURE,
  "input-required-result-ignore-extra-params": FIXTURE,
  "input-required-result-validate-input": FIXTURE,
  "http-custom-header-server-validation":
    "needs a tool whose input schema declares `x-mcp-header` parameters (SEP-2243 custom headers); no tool of the server does",
  "server-sse-polling": `${STATELESS_2025}; it also calls the fixture tool \`test_reconnection\``,
  "server-session-lifecycle": STATELESS_2025,
};

/** Check id -> why it does not apply, for checks of scenarios that are otherwise scored. */
export const NOT_APPLICABLE_CHECKS = {
  "sep-2575-server-rejects-undeclared-capability": `${FIXTURE} (\`test_missing_capability\`)`,
  "sep-2575-missing-capability-http-400": `${FIXTURE} (\`test_missing_capability\`)`,
  "sep-2549-prompts-list-caching-hints": notDeclared("prompts"),
  "sep-2549-resources-templates-list-caching-hints": notDeclared("resource templates"),
  "server-sse-multiple-streams-session": STATELESS_2025,
};

/** Scenarios whose name starts with one of these do not apply. */
export const NOT_APPLICABLE_PREFIXES = { "tasks-": TASKS };
