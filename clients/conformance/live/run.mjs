// Runs the live tests: starts the harness (tests/live/harness.py: the embedded broker and a
// real worker with the shared fixtures and a generated run), waits for its manifest, runs
// each live test file in its own Vitest run with CHAO_LIVE_MANIFEST set, then stops the
// harness. A harness that cannot start fails the run. `node live/run.mjs [file...]`.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(here, "../../..");
const OUT = resolve(here, "..", ".live");
const FILES = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ["live/ag-ui.live.test.ts", "live/ai-sdk.live.test.ts", "live/inspector.browser.test.ts"];
// The generated run's size (the CLI-based conformance tests read 300 sessions already).
const SESSIONS = process.env.CHAO_LIVE_SESSIONS ?? "200";

const python = process.env.CHAO_PYTHON ?? join(REPO, ".venv", "bin", "python");
if (!existsSync(python)) {
  console.error(`python not found at ${python}: run 'make install' first`);
  process.exit(1);
}
mkdirSync(OUT, { recursive: true });

const started = Date.now();
const harness = spawn(python, ["-m", "tests.live.harness", "--out", OUT, "--sessions", SESSIONS], {
  cwd: REPO,
  stdio: ["pipe", "pipe", "inherit"],
});
const stop = () => {
  if (harness.exitCode === null) harness.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

const manifest = await new Promise((resolvePath, reject) => {
  const lines = createInterface({ input: harness.stdout });
  lines.on("line", (line) => {
    if (line.startsWith("ready ")) resolvePath(line.slice("ready ".length));
  });
  harness.on("exit", (code) => reject(new Error(`the live harness exited with code ${code} before it was ready`)));
}).catch((error) => {
  console.error(String(error));
  process.exit(1);
});
console.log(`live harness ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);

let failed = 0;
for (const file of FILES) {
  const run = spawnSync("npx", ["vitest", "run", "--config", "vitest.live.config.ts", file], {
    cwd: resolve(here, ".."),
    stdio: "inherit",
    env: { ...process.env, CHAO_LIVE_MANIFEST: manifest },
  });
  if (run.status !== 0) failed++;
}
harness.stdin.end(); // the harness stops everything it started
await new Promise((done) => harness.on("exit", done));
console.log(`live tests: ${FILES.length - failed}/${FILES.length} files passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(failed ? 1 : 0);
