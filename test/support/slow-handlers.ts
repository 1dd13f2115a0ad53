/**
 * The text of a `--handlers` module whose `GET /public-api/v1/slow` prints
 * "slow request started" and answers `{ "slow": true }` 300 ms later: a
 * request a test knows to be in flight.
 * @example
 * writeFileSync(join(tmp, 'slow-handlers.mjs'), SLOW_HANDLERS_MODULE)
 */
export const SLOW_HANDLERS_MODULE = `import { delay, http, HttpResponse } from 'msw'
export const handlers = [
  http.get('*/public-api/v1/slow', async () => {
    console.log('slow request started')
    await delay(300)
    return HttpResponse.json({ slow: true })
  }),
]
`
