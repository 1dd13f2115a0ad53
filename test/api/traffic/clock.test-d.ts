import { createContentApiMock, type MockClock } from 'content-api-mock'
import { createContentApiServer } from 'content-api-mock/server'
import { setupContentApiMock } from 'content-api-mock/vitest'
import { expectTypeOf, it } from 'vitest'

it('gives every mock a clock with a speed, pause and resume', () => {
  type Mock = ReturnType<typeof createContentApiMock>
  expectTypeOf<Mock['clock']>().toEqualTypeOf<MockClock>()
  expectTypeOf<
    ReturnType<typeof setupContentApiMock>['clock']
  >().toEqualTypeOf<MockClock>()
  expectTypeOf<
    Awaited<ReturnType<typeof createContentApiServer>>['mock']['clock']
  >().toEqualTypeOf<MockClock>()
  expectTypeOf<MockClock['speed']>().toEqualTypeOf<number>()
  expectTypeOf<MockClock['setSpeed']>().toEqualTypeOf<(speed: number) => void>()
  expectTypeOf<MockClock['pause']>().toEqualTypeOf<() => void>()
  expectTypeOf<MockClock['resume']>().toEqualTypeOf<() => void>()
  expectTypeOf<MockClock['toRealTime']>().toEqualTypeOf<() => void>()
  // The clock lifetimes count on stays inside the mock.
  expectTypeOf<MockClock>().not.toHaveProperty('lifetimeNow')
})
