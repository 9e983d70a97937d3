import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    globalSetup: process.env.CHAO_STREAMS_READY ? [] : ["./global-setup.mjs"],
    include: ["test/**/*.test.ts"],
    testTimeout: 600_000,
    // One test file at a time: the files are CPU-bound (and npm test runs each in its own
    // Vitest run: two files in one run on a busy 2-core machine ended with Vitest's
    // "Timeout calling onTaskUpdate" although every test passed).
    fileParallelism: false,
    hookTimeout: 600_000,
  },
});
