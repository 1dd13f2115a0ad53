import { expect, it } from 'vitest'
// Both constants are internal (neither is exported by the package), so this
// test reads them from src/: the page keeps its own copy by rule, as it
// imports no code of src/.
import { GENERATION_STEPS } from '../../src/data/generation-steps.js'
import { TOTAL_STEPS } from '../../src/page/explorer/progress-bar.js'

it('shows as many generation steps on the page as the data has', () => {
  expect(TOTAL_STEPS).toBe(GENERATION_STEPS)
})
