import { fileURLToPath } from 'node:url'
import { configDefaults, defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    // @note Tests import the built package the way a client project does, so
    // the `exports` map and the emitted JavaScript are what is tested.
    alias: [
      {
        find: /^content-api-mock\/server$/,
        replacement: fileURLToPath(
          new URL('./dist/server/index.js', import.meta.url),
        ),
      },
      {
        find: /^content-api-mock\/seed$/,
        replacement: fileURLToPath(new URL('./dist/seed.js', import.meta.url)),
      },
      {
        find: /^content-api-mock\/vitest$/,
        replacement: fileURLToPath(
          new URL('./dist/vitest.js', import.meta.url),
        ),
      },
      {
        find: /^content-api-mock$/,
        replacement: fileURLToPath(new URL('./dist/index.js', import.meta.url)),
      },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    // @note Left to steps of their own in .ci/run: the recipes of the docs,
    // each in a fresh consumer that installs the packed package and its
    // runner from the registry (a minute or more each), `npm run
    // test:recipes`; the container suites, which build an image first,
    // `npm run test:deploy`.
    exclude: [
      ...configDefaults.exclude,
      'test/package/recipes/**',
      'test/deploy/containers/**',
    ],
    typecheck: {
      enabled: true,
      include: ['test/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
    },
    testTimeout: 20_000,
  },
})
