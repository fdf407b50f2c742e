// The flow view (MCP Apps, spec 2026-01-26, extension `io.modelcontextprotocol/ui`): one self-contained HTML file,
// `ui://preflow/flow`, built with the package (dist/flow-view.html: src/flowView bundled by esbuild, its script
// inlined under a hash-pinned CSP, no network), listed by resources/list and read lazily on the first resources/read
// (the server's start reads nothing). The tools that prepare, simulate, pay or execute declare it in
// `_meta.ui.resourceUri`; `approve_flow` is app-only (`_meta.ui.visibility: ["app"]`), listed only to clients that
// declare the extension (hosts hide app-only tools from the model; a client that renders no Apps never sees it).
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The view's URI. @internal */
export const FLOW_VIEW_URI = "ui://preflow/flow";
/** The MCP Apps MIME type (ext-apps' RESOURCE_MIME_TYPE). @internal */
export const MCP_APP_MIME_TYPE = "text/html;profile=mcp-app";
/** The extension's identifier in a client's `capabilities.extensions` (ext-apps' EXTENSION_ID). @internal */
export const UI_EXTENSION_ID = "io.modelcontextprotocol/ui";

/** The tools only the view may call (hidden from the model by the host). @internal */
export const APP_ONLY_TOOLS: ReadonlySet<string> = new Set(["approve_flow"]);
/** The tools whose results the view renders besides the prepare family. */
const VIEW_TOOLS: ReadonlySet<string> = new Set(["x402_fetch", "execute_prepared_flow", "send_token"]);

/** A tool's `_meta.ui` (MCP Apps), or `undefined` for a tool the view does not render. @internal */
export function uiMetaOf(tool: {
  name: string;
  family: string;
}): { resourceUri: string; visibility?: ["app"] } | undefined {
  if (APP_ONLY_TOOLS.has(tool.name)) return { resourceUri: FLOW_VIEW_URI, visibility: ["app"] };
  if (tool.family === "prepare" || VIEW_TOOLS.has(tool.name)) return { resourceUri: FLOW_VIEW_URI };
  return undefined;
}

/**
 * The view's `_meta.ui`: no outside origin of any kind (empty domain lists: the host's CSP allows none), a border.
 * @internal
 */
export const FLOW_VIEW_UI_META = {
  csp: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
  prefersBorder: true,
} as const;

/** The resources/list entry of the view. @internal */
export const FLOW_VIEW_RESOURCE = {
  uri: FLOW_VIEW_URI,
  name: "preflow_flow",
  title: "preflow flow",
  description:
    "The flow view: a prepared, simulated or executed flow in words (steps, fee, balance changes), and the approval a person can give when one is pending.",
  mimeType: MCP_APP_MIME_TYPE,
  _meta: { ui: FLOW_VIEW_UI_META },
};

/** Whether a client's capabilities declare the MCP Apps extension with the HTML MIME type. @internal */
export function rendersApps(capabilities: unknown): boolean {
  const extensions = (capabilities as { extensions?: Record<string, unknown> } | undefined)?.extensions;
  const ui = extensions?.[UI_EXTENSION_ID] as { mimeTypes?: unknown } | undefined;
  return Array.isArray(ui?.mimeTypes) && ui.mimeTypes.includes(MCP_APP_MIME_TYPE);
}

/** Where the build put the view: beside the module (dist/). */
function viewFile(): string {
  if (typeof __dirname === "string") return join(__dirname, "flow-view.html");
  return fileURLToPath(new URL("./flow-view.html", import.meta.url));
}

let html: Promise<string> | undefined;

/** The resources/read answer of the view (the file read once, on the first read). @internal */
export async function readFlowView(): Promise<{
  contents: { uri: string; mimeType: string; text: string; _meta: { ui: typeof FLOW_VIEW_UI_META } }[];
}> {
  html ??= readFile(viewFile(), "utf8");
  const text = await html.catch((error: unknown) => {
    html = undefined;
    throw error;
  });
  return {
    contents: [{ uri: FLOW_VIEW_URI, mimeType: MCP_APP_MIME_TYPE, text, _meta: { ui: FLOW_VIEW_UI_META } }],
  };
}
