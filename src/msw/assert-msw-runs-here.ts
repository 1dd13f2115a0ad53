import type { HttpHandler } from 'msw'

/** msw 3's `engines`. */
const MSW_3_NODE_FLOOR = '22.12'

/** msw 3 needs `Promise.withResolvers` (not in Node.js 20), and pnpm picks msw 3 on any Node.js; `dispose()` tells msw 3 apart. */
export function assertMswRunsHere(handler: HttpHandler): void {
  if (
    typeof (Promise as { withResolvers?: unknown }).withResolvers ===
      'function' ||
    typeof (handler as { dispose?: unknown }).dispose !== 'function'
  ) {
    return
  }
  const node = (globalThis as { process?: { versions?: { node?: string } } })
    .process?.versions?.node
  throw new Error(
    `content-api-mock: msw 3 needs Node.js ${MSW_3_NODE_FLOOR} or later${node === undefined ? ' (this runtime lacks Promise.withResolvers)' : `, this is Node.js ${node}`}: install msw@^2 (npm install -D msw@^2; pnpm add -D msw@^2), or run Node.js ${MSW_3_NODE_FLOOR}+.`,
  )
}
