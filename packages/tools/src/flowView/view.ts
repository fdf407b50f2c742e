// The flow view (MCP Apps, `ui://preflow/flow`): the browser side, bundled by esbuild into dist/flow-view.html at
// build time. It speaks to its host with ext-apps' `App` (ui/initialize, then ui/notifications/tool-result), renders
// each tool result (renderFlow.ts), and its buttons call the app-only tool `approve_flow` (tools/call through the
// host) or ask the host to open the passkey approval link (ui/open-link). It fetches nothing.
import { App } from "@modelcontextprotocol/ext-apps";
import { type FlowActions, renderFlow } from "./renderFlow.js";

const root = document.getElementById("flow") as HTMLElement;
const app = new App({ name: "preflow flow view", version: "1.0.0" }, {});

const actions: FlowActions = {
  approve(arguments_) {
    root.setAttribute("data-state", "approving");
    app
      .callServerTool({ name: "approve_flow", arguments: arguments_ })
      .then(async (result) => {
        renderFlow(root, result, actions);
        root.setAttribute("data-state", result.isError ? "refused" : "approved");
        const said = result.content?.find((part) => part.type === "text");
        // The model learns what the person did (hosts that keep no model context ignore it).
        await app
          .updateModelContext({
            content: [
              {
                type: "text",
                text: `The person pressed Approve in the flow view: ${said?.type === "text" ? said.text.split("\n")[0] : ""}`,
              },
            ],
          })
          .catch(() => undefined);
      })
      .catch((error: unknown) => {
        root.setAttribute("data-state", "failed");
        root.append(
          Object.assign(document.createElement("p"), { className: "error", textContent: String(error) }),
        );
      });
  },
  openLink(url) {
    void app.openLink({ url }).catch(() => undefined);
  },
};

app.ontoolresult = (result) => {
  renderFlow(root, result, actions);
  root.setAttribute("data-state", "shown");
};
void app.connect();
