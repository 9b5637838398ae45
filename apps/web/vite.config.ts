// The page is built into dist/: index.html and hashed files under dist/assets/, which
// `lens serve` serves at `/` and `/assets/*` under a strict Content-Security-Policy (no inline
// script or style, nothing from another origin). @lens/core resolves to its sources, so only
// the pure CriticMarkup modules the page imports end up in the bundle.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  base: "/",
  resolve: {
    alias: {
      "@lens/core": fileURLToPath(new URL("../../packages/core/src/index.ts", import.meta.url)),
    },
  },
  build: {
    outDir: "dist",
    assetsDir: "assets",
    emptyOutDir: true,
    // The polyfill is only for browsers without <link rel=modulepreload>; every current one has it.
    modulePreload: { polyfill: false },
    // No inlined data: URLs for assets: every file is its own hashed request under 'self'.
    assetsInlineLimit: 0,
    sourcemap: false,
    target: "es2022",
  },
  server: {
    // `pnpm dev` against a running `lens serve` on its default port, started with
    // `--allowed-origin http://localhost:5173` (its Origin check refuses other pages).
    proxy: { "/api": { target: "http://127.0.0.1:3917", changeOrigin: true } },
  },
});
