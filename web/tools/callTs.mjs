// Calls functions of the browser client's TypeScript modules and prints what they return, so the tests can
// read the texts players see without a browser:
//   node web/tools/callTs.mjs '[["web/src/lib/words.ts", "plural", [1, "card"]], ...]'   →   ["1 card", ...]
// Each call is [module path (from the working folder), exported function, its arguments as JSON].
import { register } from "node:module";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

register("./tsHooks.mjs", import.meta.url);
const out = [];
for (const [file, name, args] of JSON.parse(process.argv[2])) {
  const module = await import(pathToFileURL(resolve(file)).href);
  if (typeof module[name] !== "function") throw new Error(`${file} exports no function ${name}`);
  out.push(await module[name](...args));
}
process.stdout.write(JSON.stringify(out));
