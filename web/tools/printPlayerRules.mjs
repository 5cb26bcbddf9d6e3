// Prints the players' rules reference that the site builds from each rules document given (see playerRules.ts),
// as one JSON object {document path: players' Markdown}: `node web/tools/printPlayerRules.mjs docs/rules/*.md`.
// The tests read it (tests/test_player_rules.py); playerRules.ts is compiled with the project's TypeScript.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const ts = require("typescript");
const source = readFileSync(new URL("./playerRules.ts", import.meta.url), "utf8");
const { outputText } = ts.transpileModule(source, {
  compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
});
const { playerRules } = await import(`data:text/javascript;base64,${Buffer.from(outputText).toString("base64")}`);
const out = {};
for (const file of process.argv.slice(2)) out[file] = playerRules(readFileSync(file, "utf8"));
process.stdout.write(JSON.stringify(out));
