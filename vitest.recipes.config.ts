import { defineConfig } from 'vitest/config'
import base from './vitest.config.js'

// The suites of test/package/recipes/: the docs' recipes, each in a fresh
// consumer that installs the packed package and its runner from the
// registry (`npm run test:recipes`, a step of its own in .ci/run).
export default defineConfig({
  resolve: base.resolve,
  test: {
    include: ['test/package/recipes/**/*.test.ts'],
    testTimeout: 20_000,
  },
})
