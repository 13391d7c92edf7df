import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["*.test.mjs"],
    // One file, its cases in order: the in-process run is sequential by design.
    fileParallelism: false,
  },
});
