// Builds the flow view (MCP Apps, `ui://preflow/flow`) into one self-contained HTML file: src/flowView/view.ts
// bundled by esbuild (ext-apps' App included; a browser IIFE, minified), its script and style inlined and pinned by
// their SHA-256 in the page's own Content-Security-Policy (no other script or style, no connection, no frame, no
// form, no base URL, no plugin). Run by tsup after the binary is built (tsup.config.ts); the server reads the file
// lazily on the first resources/read.
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ENTRY = fileURLToPath(new URL("../src/flowView/view.ts", import.meta.url));

const STYLE = `:root{color-scheme:light dark;font-family:var(--font-sans,system-ui,sans-serif);color:var(--color-text-primary,CanvasText);background:var(--color-background-primary,Canvas)}
body{margin:0;padding:12px;font-size:14px;line-height:1.4}
h2{font-size:16px;margin:0 0 8px}h3{font-size:14px;margin:8px 0 4px}
ol{margin:0 0 8px;padding-left:20px}pre{white-space:pre-wrap;font-family:var(--font-mono,ui-monospace,monospace);font-size:12px}
.error{color:var(--color-text-danger,#b00020)}.code{font-weight:bold;font-family:var(--font-mono,ui-monospace,monospace);font-size:16px}
button{font:inherit;padding:6px 14px;border-radius:var(--border-radius-md,6px);cursor:pointer}`;

const sha256 = (text: string): string =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** The view's HTML (its script bundled), returned and written to `outFile`. */
export async function buildFlowView(outFile: string): Promise<string> {
  const bundled = await build({
    entryPoints: [ENTRY],
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2022",
    minify: true,
    write: false,
    legalComments: "none",
    logLevel: "warning",
  });
  // `</script` inside the bundle would end the element: escaped (a JS string or regex reads it the same).
  const script = (bundled.outputFiles[0]?.text ?? "").replaceAll("</script", "<\\/script");
  const csp = [
    "default-src 'none'",
    `script-src ${sha256(script)}`,
    `style-src ${sha256(STYLE)}`,
    "img-src data:",
    "connect-src 'none'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>preflow flow</title>
<style>${STYLE}</style>
</head>
<body>
<main id="flow" data-state="waiting"><p>Waiting for the tool's result…</p></main>
<script>${script}</script>
</body>
</html>
`;
  writeFileSync(outFile, html);
  return html;
}
