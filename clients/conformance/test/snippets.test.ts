// The browser client code in README.md and docs/clients.md compiles (tsc --strict, DOM
// types) against the very packages the conformance tests run: @ag-ui/client, ai, rxjs and
// @chao/clean-stream's source. Each ```ts block is its own module, after a prelude that
// declares what a page supplies (the worker's URL, the session, a token, render()).
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const HERE = resolve(__dirname, "..");
const REPO = resolve(HERE, "..", "..");
const OUT = join(HERE, ".snippets");
const DOCS = ["README.md", "docs/clients.md"];
const PRELUDE = [
  "// What the page around a snippet supplies.",
  "declare const base: string;",
  "declare const sessionId: string;",
  "declare const token: string;",
  "declare function render(view: unknown): void;",
  "declare function getToken(): Promise<string>;",
  "declare const auth: { currentToken(): Promise<string> };",
  "export {};",
  "",
].join("\n");

function blocks(doc: string): string[] {
  const text = readFileSync(join(REPO, doc), "utf8");
  return [...text.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] as string);
}

describe("the docs' TypeScript snippets", () => {
  it("compile with tsc --strict", () => {
    rmSync(OUT, { recursive: true, force: true });
    mkdirSync(OUT, { recursive: true });
    let count = 0;
    for (const doc of DOCS) {
      blocks(doc).forEach((code, i) => {
        const name = `${doc.replace(/[^A-Za-z0-9]+/g, "-")}-${i + 1}.ts`;
        writeFileSync(join(OUT, name), `${PRELUDE}// ${doc}, block ${i + 1}\n${code}`);
        count++;
      });
    }
    expect(count).toBeGreaterThanOrEqual(5);
    let output = "";
    try {
      execFileSync(join(HERE, "..", "node_modules", ".bin", "tsc"), ["-p", "tsconfig.snippets.json"], {
        cwd: HERE,
        encoding: "utf8",
      });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error);
    }
    expect(output).toBe("");
  });
});
