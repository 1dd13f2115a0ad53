import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// The container suites (`npm run test:deploy`): apart from `npm test`, as
// building the image takes minutes. One global setup builds the images
// before any suite runs, or says in one line why the suites are skipped.
export default defineConfig({
  root: fileURLToPath(new URL('../../..', import.meta.url)),
  test: {
    include: ['test/deploy/containers/**/*.test.ts'],
    globalSetup: ['test/deploy/containers/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 240_000,
  },
})
