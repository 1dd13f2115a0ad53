import express, { type Router } from 'express'
import type { MockCore } from '../../api/mock-core.js'
import { ControlInputError } from '../../api/traffic/control-input-error.js'
import { isJsonRecord } from '../../data/is-json-record.js'
import {
  VARIANT_NAMES,
  VARIANT_SUMMARIES,
  type VariantName,
} from '../../schema/variants.js'
import type { ControlWrite } from './control-hooks.js'
import { readJsonBody } from './read-json-body.js'

export function createVariantRoutes(
  mock: MockCore,
  write: ControlWrite,
): Router {
  const router = express.Router()
  const describe = () => ({
    variants: mock.variants.list(),
    known: VARIANT_NAMES,
    summaries: VARIANT_SUMMARIES,
  })

  router.get('/variants', (_request, response) => {
    response.json(describe())
  })

  router.put(
    '/variants',
    readJsonBody('{"variants": ["nullable", "paginated"]}'),
    async (request, response) => {
      const body: unknown = request.body
      if (!isJsonRecord(body) || !('variants' in body)) {
        throw new ControlInputError(
          'invalid_variants',
          `Expected a body such as {"variants": ["nullable", "paginated"]} with names out of ${VARIANT_NAMES.join(', ')}; {"variants": []} turns them off.`,
        )
      }
      await write(() => mock.variants.set(body.variants as VariantName[]))
      response.json(describe())
    },
  )

  return router
}
