import { createContentApiMock } from 'content-api-mock'
import { HttpHandler } from 'msw'
import { afterEach, expect, it } from 'vitest'

// msw 3 on Node.js 20 (what pnpm installs for the peer range there): the
// suite has msw 2, so the two signals the package reads are simulated, a
// `dispose()` on msw's handlers (msw 3 has it) and no
// `Promise.withResolvers` (Node.js 20 has none). `bash scripts/test-msw3.sh`
// runs the real combination: pnpm's default install of the packed package
// on Node.js 20.
const promise = Promise as { withResolvers?: unknown }
const withResolvers = promise.withResolvers
const prototype = HttpHandler.prototype as { dispose?: unknown }

function simulateMsw3OnNode20(): void {
  prototype.dispose = () => {}
  delete promise.withResolvers
}

afterEach(() => {
  delete prototype.dispose
  if (withResolvers === undefined) delete promise.withResolvers
  else promise.withResolvers = withResolvers
})

it('fails at once in one line naming msw@^2 when msw 3 runs on Node.js 20', () => {
  simulateMsw3OnNode20()

  expect(() => createContentApiMock({ seed: 1 })).toThrow(
    /^content-api-mock: msw 3 needs Node\.js 22\.12 or later, this is Node\.js [\d.]+: install msw@\^2 \(npm install -D msw@\^2; pnpm add -D msw@\^2\), or run Node\.js 22\.12\+\.$/,
  )
})

it('creates the handlers with msw 3 where Promise.withResolvers exists', () => {
  simulateMsw3OnNode20()
  promise.withResolvers = () => {}

  expect(createContentApiMock({ seed: 1 }).handlers).toHaveLength(2)
})

it('creates the handlers with msw 2 on any Node.js', () => {
  delete promise.withResolvers

  expect(createContentApiMock({ seed: 1 }).handlers).toHaveLength(2)
})
