// A tiny MCP Apps host page for the flow view's Chromium test (bundled by the test with esbuild): ext-apps'
// AppBridge renders the view's HTML (from the server's resources/read) in a sandboxed iframe (`allow-scripts` only:
// an opaque origin, apart from this page), sends it the tool's input and result, and relays what the view asks:
// tools/call to the real tool server and ui/open-link to the person's browser. The MCP client itself lives in the
// test's node process (as in a desktop host, whose client runs outside the web view): the page reaches it through
// functions the test exposes (`hostCallTool`, `hostOpenLink`, `hostView`).
import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";

interface HostWindow {
  hostView(): Promise<{ html: string; input: Record<string, unknown>; result: Record<string, unknown> }>;
  hostCallTool(params: unknown): Promise<Record<string, unknown>>;
  hostOpenLink(url: string): Promise<void>;
}
const host = window as unknown as HostWindow;

async function main(): Promise<void> {
  const { html, input, result } = await host.hostView();
  const iframe = document.createElement("iframe");
  iframe.setAttribute("sandbox", "allow-scripts");
  iframe.id = "view";
  iframe.style.width = "720px";
  iframe.style.height = "600px";
  document.body.append(iframe);
  const view = iframe.contentWindow as Window;
  const bridge = new AppBridge(
    null,
    { name: "preflow-test-host", version: "0.0.0" },
    { serverTools: {}, openLinks: {} },
  );
  bridge.oncalltool = async (params) =>
    (await host.hostCallTool(params)) as Awaited<ReturnType<NonNullable<AppBridge["oncalltool"]>>>;
  bridge.onopenlink = async ({ url }) => {
    await host.hostOpenLink(url);
    return {};
  };
  bridge.onsizechange = ({ height }) => {
    if (height != null) iframe.style.height = `${height}px`;
  };
  bridge.oninitialized = () => {
    void bridge
      .sendToolInput({ arguments: input })
      .then(() => bridge.sendToolResult(result as Parameters<AppBridge["sendToolResult"]>[0]));
  };
  await bridge.connect(new PostMessageTransport(view, view));
  iframe.srcdoc = html;
  document.body.setAttribute("data-host", "connected");
}

void main().catch((error: unknown) => {
  document.body.setAttribute("data-host", `failed: ${String(error)}`);
});
