// The flow view's rendering (browser code, no imports): a tool result's structuredContent as plain DOM, text only
// (never HTML from the result): a prepared flow's steps and fee, a simulation's balance changes and fee, an
// execution's status and hashes, and an approval waiting for the person (its code, the Approve button; with a
// passkey enrolled, the button that opens the passkey link). Anything else shows the result's text.

/** A JSON object of the result (snake_case, as the tools answer). */
type Json = Record<string, unknown>;

/** What the view's buttons do (view.ts wires them to the host). */
export interface FlowActions {
  approve(arguments_: { flow: Json; approval_id: string; code: string }): void;
  openLink(url: string): void;
}

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** An element with text (never parsed as HTML). */
function el(tag: string, content?: string, className?: string): HTMLElement {
  const element = document.createElement(tag);
  if (content !== undefined) element.textContent = content;
  if (className) element.className = className;
  return element;
}

function list(items: string[], className: string): HTMLElement {
  const ol = el("ol", undefined, className);
  for (const item of items) ol.append(el("li", item));
  return ol;
}

/** A prepared flow: its summary, its steps in words, who pays the fee. */
function flowSection(flow: Json): HTMLElement {
  const section = el("section", undefined, "flow");
  section.append(el("h2", text(flow.summary) || "Prepared flow", "summary"));
  const steps = Array.isArray(flow.steps) ? flow.steps.filter(isObject) : [];
  section.append(
    list(
      steps.map((step) => text(step.description) || text(step.kind)),
      "steps",
    ),
  );
  const fee = isObject(flow.fee) ? flow.fee : undefined;
  section.append(
    el(
      "p",
      fee
        ? `Network fee paid in ${text(fee.currency)}: at most ${text(fee.max)} base units (about ${text(fee.estimated)})`
        : "Network fee paid in CELO",
      "fee",
    ),
  );
  return section;
}

/** A simulation (`{ simulation, preview }`): its outcome, the balance changes, the fee in its currency. */
function simulationSection(result: Json): HTMLElement {
  const section = el("section", undefined, "simulation");
  const simulation = isObject(result.simulation) ? result.simulation : result;
  const steps = Array.isArray(simulation.steps) ? simulation.steps.filter(isObject) : [];
  const failed = steps.findIndex((step) => step.status !== "success");
  section.append(
    el(
      "h2",
      failed === -1
        ? "Simulation: every step succeeds"
        : `Simulation: step ${failed + 1} ${text(steps[failed]?.status)}`,
      "simulated",
    ),
  );
  const changes = Array.isArray(simulation.balance_changes)
    ? simulation.balance_changes.filter(isObject)
    : [];
  section.append(el("h3", "Balance changes"));
  section.append(
    list(
      changes.map(
        (change) =>
          `${text(change.address)}: ${text(change.formatted) || text(change.delta)} ${text(change.symbol) || text(change.token)}`,
      ),
      "balance-changes",
    ),
  );
  const fee = isObject(simulation.fee) ? simulation.fee : undefined;
  if (fee) section.append(el("p", `Network fee: ${text(fee.formatted)} ${text(fee.currency)}`, "fee"));
  if (text(result.preview)) section.append(el("pre", text(result.preview), "preview"));
  return section;
}

/** An execution: its status and each step's hash. */
function executionSection(result: Json): HTMLElement {
  const section = el("section", undefined, "execution");
  const replayed = result.replayed === true ? " (already executed: nothing sent again)" : "";
  section.append(el("h2", `Flow ${text(result.status)}${replayed}`, "status"));
  const steps = Array.isArray(result.steps) ? result.steps.filter(isObject) : [];
  section.append(
    list(
      steps.map((step) => `${text(step.status)}${step.hash ? `: ${text(step.hash)}` : ""}`),
      "step-hashes",
    ),
  );
  return section;
}

/** APPROVAL_REQUIRED: the flow, the approval's code and its button (or the passkey link's). */
function approvalSection(details: Json, actions: FlowActions): HTMLElement {
  const section = el("section", undefined, "approval");
  if (isObject(details.flow) && details.flow.prepared_flow === true)
    section.append(flowSection(details.flow));
  const approval = isObject(details.approval) ? details.approval : undefined;
  const url = text(details.approval_url);
  if (approval) {
    if (text(approval.fee)) section.append(el("p", text(approval.fee), "fee"));
    if (text(approval.preview)) section.append(el("pre", text(approval.preview), "preview"));
    section.append(el("p", `Approval code: ${text(approval.code)}`, "code"));
    section.append(el("p", `Open until ${text(approval.expires_at)}`, "expires"));
    const button = el("button", "Approve and send", "approve") as HTMLButtonElement;
    button.type = "button";
    button.addEventListener("click", () => {
      button.disabled = true;
      actions.approve({
        flow: details.flow as Json,
        approval_id: text(approval.id),
        code: text(approval.code),
      });
    });
    section.append(button);
  } else if (url) {
    section.append(el("p", "Approval needs your passkey, on a page of this machine.", "passkey"));
    const button = el("button", "Approve with your passkey", "passkey-link") as HTMLButtonElement;
    button.type = "button";
    button.addEventListener("click", () => actions.openLink(url));
    section.append(button);
  }
  return section;
}

/** Renders a tool result (structuredContent, else its text) into `root`, replacing what was there. */
export function renderFlow(
  root: HTMLElement,
  result: { structuredContent?: unknown; content?: unknown; isError?: boolean },
  actions: FlowActions,
): void {
  const data = isObject(result.structuredContent) ? result.structuredContent : undefined;
  const parts: HTMLElement[] = [];
  const error = data && isObject(data.error) ? data.error : undefined;
  if (error) {
    parts.push(el("p", `${text(error.code)}: ${text(error.message)}`, "error"));
    if (error.code === "APPROVAL_REQUIRED" && isObject(error.details))
      parts.push(approvalSection(error.details, actions));
  } else if (data?.prepared_flow === true) parts.push(flowSection(data));
  else if (data && isObject(data.simulation)) parts.push(simulationSection(data));
  else if (data && typeof data.flow_id === "string" && typeof data.status === "string")
    parts.push(executionSection(data));
  else {
    const first = Array.isArray(result.content) ? result.content.find(isObject) : undefined;
    parts.push(el("pre", text(first?.text), "text"));
  }
  root.replaceChildren(...parts);
}
