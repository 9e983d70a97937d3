import { defineConfig } from "vitest/config";

// The live tests (live/run.mjs starts the harness and runs each file on its own).
export default defineConfig({
  test: {
    include: ["live/**/*.test.ts"],
    testTimeout: 600_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
