// The committed bundle (pipeline/inspector/static/inspector.js) is exactly what the source
// builds, and the page loads nothing from elsewhere.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module script without type declarations
import { OUT, bundle } from "../build.mjs";

const STATIC = join(__dirname, "..", "..", "..", "pipeline", "inspector", "static");

describe("the inspector's shipped files", () => {
  it("the script is the bundle of src/inspector.ts (run `npm run build` after a change)", async () => {
    expect(readFileSync(OUT as string, "utf8")).toBe((await bundle()) as string);
  });

  it("the page loads only its own files: no CDN, no external font, no inline script", () => {
    const html = readFileSync(join(STATIC, "index.html"), "utf8");
    const css = readFileSync(join(STATIC, "inspector.css"), "utf8");
    const urls = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(urls.sort()).toEqual(["/inspect/assets/inspector.css", "/inspect/assets/inspector.js", "data:,"]);
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
    expect(css).not.toMatch(/url\(|@import|@font-face/);
    expect(readFileSync(OUT as string, "utf8")).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
  });
});
