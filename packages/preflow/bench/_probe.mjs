import { build } from "esbuild";

const r = await build({
  stdin: { contents: process.argv[2], resolveDir: process.cwd(), loader: "js" },
  bundle: true,
  write: false,
  minify: false,
  platform: "browser",
  format: "esm",
  treeShaking: true,
  logLevel: "silent",
  metafile: true,
});
const code = r.outputFiles[0].text;
const lines = code.split("\n");
lines.forEach((l, i) => {
  for (const w of process.argv.slice(3)) if (l.includes(w)) console.log(i, l.slice(0, 140));
});
