import { isJsonRecord } from '../../data/is-json-record.js'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../schema/variants.js'
import type { VariantTransform } from './variant-answer.js'

/**
 * `paginated`: a list answers one page, `?page=` (from 1, default 1) of
 * `?per_page=` items (default 20, capped to 100); `meta` gains `page`,
 * `per_page` and `total_pages`, and `meta.total` stays the count of the
 * whole list. A page after the last is empty. A `page` or `per_page` that
 * is not a whole number from 1 answers 422 `invalid_parameter`.
 */
export const applyPaginated: VariantTransform = (answer, request) => {
  if (answer.status !== 200 || !isJsonRecord(answer.json)) return
  const { data, meta } = answer.json
  if (!Array.isArray(data) || !isJsonRecord(meta)) return
  const page = readPageParameter(request.query, 'page', 1)
  const perPage = readPageParameter(
    request.query,
    'per_page',
    DEFAULT_PAGE_SIZE,
  )
  if (typeof page === 'string' || typeof perPage === 'string') {
    answer.status = 422
    answer.json = {
      error: {
        code: 'invalid_parameter',
        message: typeof page === 'string' ? page : perPage,
      },
    }
    return
  }
  const size = Math.min(perPage, MAX_PAGE_SIZE)
  const start = (page - 1) * size
  answer.json.data = data.slice(start, start + size)
  answer.json.meta = {
    ...meta,
    page,
    per_page: size,
    total_pages: Math.ceil(data.length / size),
  }
}

function readPageParameter(
  query: URLSearchParams,
  name: string,
  fallback: number,
): number | string {
  const raw = query.get(name)
  if (raw === null) return fallback
  const value = Number(raw)
  if (/^\d+$/.test(raw) && Number.isSafeInteger(value) && value >= 1) {
    return value
  }
  return `Query parameter ${name} ${JSON.stringify(raw.slice(0, 40))} is invalid: expected a whole number from 1, such as ?page=2&per_page=50 (per_page is capped to ${MAX_PAGE_SIZE}).`
}
