// The committed types are exactly what the generator makes from schemas/*.schema.json.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module script without type declarations
import { OUT, generate } from "../scripts/generate-types.mjs";

describe("generated types", () => {
  it("match the JSON Schema files (run `npm run generate` after `chao-pipeline schema`)", async () => {
    const files = (await generate()) as Record<string, string>;
    expect(Object.keys(files).length).toBe(3);
    for (const [file, text] of Object.entries(files)) {
      expect(readFileSync(join(OUT as string, file), "utf8"), file).toBe(text);
    }
  });
});
