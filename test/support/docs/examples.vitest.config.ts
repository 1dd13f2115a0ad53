import { defineConfig } from 'vitest/config'
import main from '../../../vitest.config.js'

// The config of the child `vitest run` that runs the docs' TypeScript
// examples (test/docs/docs-examples.test.ts): the main config's aliases, so that
// they import the built package as a client project does, and only the files
// written for it (`*.doc.ts`), which the main run never collects.
export default defineConfig({
  resolve: main.resolve,
  test: {
    include: ['**/*.doc.ts'],
    testTimeout: 20_000,
    // @note The examples share one module cache per worker: each would
    // otherwise load msw and the package anew, five times slower in all.
    isolate: false,
  },
})
