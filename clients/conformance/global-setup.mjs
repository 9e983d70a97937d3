// Writes the streams the tests read, with the pipeline's own CLI (chao-pipeline
// protocol-stream): every shared fixture and a generated run of a few hundred sessions, in
// both protocols, each session's full stream and its stream resumed after every frame
// (fixtures) or after every seq (sampled: generated run). A missing Python CLI fails the
// run. `node global-setup.mjs` writes them (npm test does, then runs each test file on its
// own); as Vitest's globalSetup it writes them unless CHAO_STREAMS_READY is set.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { closeSync, openSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

export const REPO = resolve(here, "../..");
export const OUT = join(here, ".streams");
export const FIXTURES = resolve(REPO, process.env.CHAO_FIXTURES ?? "../shared/fixtures");
export const GENERATED_SESSIONS = Number(process.env.CHAO_CONFORMANCE_SESSIONS ?? "300");

function cli() {
  const bin = process.env.CHAO_PIPELINE ?? join(REPO, ".venv", "bin", "chao-pipeline");
  if (!existsSync(bin)) {
    throw new Error(`chao-pipeline not found at ${bin}: run 'make install' first`);
  }
  return bin;
}

function run(args, stdoutFile) {
  const fd = stdoutFile === undefined ? "ignore" : openSync(stdoutFile, "w");
  try {
    execFileSync(cli(), args, { stdio: ["ignore", fd, "inherit"], cwd: REPO });
  } finally {
    if (typeof fd === "number") closeSync(fd);
  }
}

export default function setup() {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const fixtures = readdirSync(FIXTURES).filter((name) => name.endsWith(".expected.jsonl"));
  if (fixtures.length === 0) throw new Error(`no fixtures in ${FIXTURES}`);
  for (const protocol of ["ag-ui", "ai-sdk"]) {
    for (const name of fixtures) {
      const base = name.replace(".expected.jsonl", "");
      run(
        ["protocol-stream", join(FIXTURES, name), "--protocol", protocol, "--format", "jsonl",
          "--resume-points", "frames"],
        join(OUT, `fixture-${base}.${protocol}.jsonl`),
      );
    }
  }
  // The SSE bytes themselves for the fixtures' sessions, for the libraries' SSE parsers.
  for (const name of fixtures) {
    const sessions = new Set(
      readFileSync(join(FIXTURES, name), "utf8")
        .split("\n")
        .filter((line) => line.trim())
        .map((line) => JSON.parse(line).sessionId),
    );
    for (const protocol of ["ag-ui", "ai-sdk"]) {
      for (const session of sessions) {
        run(
          ["protocol-stream", join(FIXTURES, name), "--protocol", protocol, "--session", session],
          join(OUT, `sse-${session}.${protocol}.txt`),
        );
      }
    }
  }
  const raw = join(OUT, "generated.raw.jsonl");
  run(["generate", "--out", raw, "--sessions", String(GENERATED_SESSIONS), "--seed", "16"]);
  run(["process", raw, "--out", join(OUT, "generated"), "--no-progress"]);
  for (const protocol of ["ag-ui", "ai-sdk"]) {
    run(
      ["protocol-stream", join(OUT, "generated", "session-events.jsonl"), "--protocol", protocol,
        "--format", "jsonl", "--resume-points", "sample"],
      join(OUT, `generated.${protocol}.jsonl`),
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) setup();
