import { defineConfig } from "vite";
import { svelte } from "@sveltejs/vite-plugin-svelte";
import { playerRulesPlugin } from "./tools/playerRules.ts";

// The build goes into the Python package, which serves it: no Node at run time.
// `npm run dev` proxies the API and WebSockets to a server on :8000 (monsterlair serve).
export default defineConfig({
  // docs/rules/*.md?player: the players' rules reference, without the developer parts (tools/playerRules.ts).
  plugins: [playerRulesPlugin(), svelte()],
  build: {
    outDir: "../src/monsterlair/web/dist",
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 400,
  },
  server: {
    // The rules pages import docs/rules/*.md from outside web/.
    fs: { allow: [".."] },
    proxy: {
      "/api": "http://127.0.0.1:8000",
      "/ws": { target: "ws://127.0.0.1:8000", ws: true },
    },
  },
});
