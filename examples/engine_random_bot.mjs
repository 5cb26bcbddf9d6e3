// A random bot in Node.js that speaks the engine protocol (docs/engine-protocol.md), written from the
// document alone. It uses every command: hello, schema, games, new, legal, view, bot, play, result, record,
// load, close, quit. Usage: node examples/engine_random_bot.mjs [GAME] [ENGINE COMMAND…]
//   node examples/engine_random_bot.mjs monster-club .venv/bin/monsterlair engine
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const game = process.argv[2] ?? "monster-smash";
const command = process.argv.length > 3 ? process.argv.slice(3) : ["monsterlair", "engine"];
const engine = spawn(command[0], command.slice(1), { stdio: ["pipe", "pipe", "inherit"] });
const lines = createInterface({ input: engine.stdout });
const waiting = [];
lines.on("line", (line) => waiting.shift()(JSON.parse(line)));

let nextId = 1;
function ask(request) {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    waiting.push((response) => {
      if (response.id !== id) reject(new Error(`answer out of order: ${JSON.stringify(response)}`));
      else if (!response.ok) reject(new Error(`${request.cmd}: ${response.error.code}: ${response.error.message}`));
      else resolve(response);
    });
    engine.stdin.write(JSON.stringify({ ...request, id }) + "\n");
  });
}

// A small seeded generator, so a run can be repeated.
let seed = 12345;
function random() {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
}

const hello = await ask({ cmd: "hello", protocol: "1.1" });
const { schema } = await ask({ cmd: "schema" });
const { games } = await ask({ cmd: "games" });
const info = games.find((g) => g.id === game);
if (!info) throw new Error(`no game ${game}; the engine has ${games.map((g) => g.id).join(", ")}`);
const { game_id } = await ask({ cmd: "new", game, seed: 7 });
let over = false;
let moves = 0;
while (!over) {
  const { actions, to_move } = await ask({ cmd: "legal", game_id });
  const { view } = await ask({ cmd: "view", game_id, seat: to_move });
  if (view.seat !== to_move) throw new Error("the view is not the mover's");
  let action = actions[Math.floor(random() * actions.length)];
  if (moves % 10 === 0) action = (await ask({ cmd: "bot", game_id, bot: "greedy", budget: { iterations: 50 } })).action;
  ({ over } = await ask({ cmd: "play", game_id, action }));
  moves += 1;
}
const result = await ask({ cmd: "result", game_id });
const { record } = await ask({ cmd: "record", game_id });
const loaded = await ask({ cmd: "load", record });
await ask({ cmd: "close", game_id });
await ask({ cmd: "close", game_id: loaded.game_id });
await ask({ cmd: "quit" });
console.log(
  JSON.stringify({
    protocol: hello.protocol,
    schema_defs: Object.keys(schema.$defs).length,
    game: info.title,
    moves,
    winners: result.winners,
    payoffs: result.payoffs,
    score_meaning: result.score_meaning,
    replayed: loaded.over,
  }),
);
