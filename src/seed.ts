/**
 * `content-api-mock/seed`: the generated demo dataset as a fixture document,
 * e.g. to start a fixture file from, or to load a large dataset in a test.
 * @note An entry of its own, not the main one: it imports faker, which a mock
 * given fixtures never needs. The main entry loads the generator with an
 * `import()` only when a mock generates, and bundlers (esbuild's code
 * splitting among them, evanw/esbuild#3704) keep it out of the chunk loaded
 * at once only while no static export reaches it.
 * @module
 */
export {
  createSeedDocument,
  type SeedOptions,
} from './data/create-seed-document.js'
