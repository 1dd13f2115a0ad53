/**
 * `content-api-mock/seed`: the demo dataset as a fixture document; an entry of its own, since it imports faker,
 * which a mock given fixtures never needs (evanw/esbuild#3704).
 * @module
 */
export {
  createSeedDocument,
  type SeedOptions,
} from './data/create-seed-document.js'
