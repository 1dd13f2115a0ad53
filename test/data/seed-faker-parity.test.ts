import { base, en, Faker, type LocaleDefinition } from '@faker-js/faker'
import fc from 'fast-check'
import { it, expect } from 'vitest'
// A unit test of the seed's own copies of faker's words, timestamps and whole
// numbers, which no entry exports: each must give what faker gives.
import { ENGLISH_WORDS } from '../../src/data/seed/english-words.generated.js'
import { toTimestamp } from '../../src/data/seed/seed-context.js'
import {
  createRecordRandomizer,
  drawInt,
} from '../../src/data/seed/record-randomizer.js'

it("draws the same words from its copied lists as from faker's whole English locale", () => {
  // The seed's faker holds faker's English family-name lists
  // (scripts/generate-english-words.js): every method the seed calls must
  // give what it gives over the whole locale, for the same randomness.
  const fakerOver = (locale: LocaleDefinition[]) =>
    new Faker({ locale, seed: 20260115 })
  const draw = (faker: Faker) =>
    Array.from({ length: 500 }, () => faker.person.lastName())
  const copied = draw(fakerOver([ENGLISH_WORDS, base]))
  expect(copied).toEqual(draw(fakerOver([en, base])))
  // Double-barrelled names come from the last-name pattern: it is there.
  expect(copied.some((lastName) => lastName.includes('-'))).toBe(true)
})

it('writes every timestamp as toISOString does, from 1970 to past the year 9999', () => {
  fc.assert(
    fc.property(
      fc.oneof(
        fc.integer({ min: 0, max: 4_102_444_800 }),
        fc.integer({ min: -1e11, max: 3e11 }),
      ),
      (seconds) => {
        expect(toTimestamp(seconds)).toBe(
          new Date(seconds * 1000).toISOString(),
        )
      },
    ),
    { numRuns: 5_000 },
  )
})

it('draws each whole number as faker.number.int does, from the same stream', () => {
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: 0, max: 2 ** 40 }), {
        minLength: 1,
        maxLength: 4,
      }),
      fc.array(fc.oneof(fc.integer({ min: 0, max: 70 }), fc.nat()), {
        minLength: 1,
        maxLength: 40,
      }),
      (seed, maxima) => {
        const ours = createRecordRandomizer()
        const theirs = new Faker({
          locale: [base],
          randomizer: createRecordRandomizer(),
        })
        ours.seed(seed)
        theirs.seed(seed)
        for (const max of maxima) {
          expect(drawInt(ours, max)).toBe(theirs.number.int(max))
        }
      },
    ),
    { numRuns: 2_000 },
  )
})
