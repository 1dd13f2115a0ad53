import type { ProductLine } from './product-lines.js'
import type { SeedContext } from './seed-context.js'
import {
  AUDIENCES,
  CITIES,
  DURATIONS_IN_SECONDS,
  PRESENTERS,
  PRICE_LIMITS,
  SEASONS,
} from './word-lists.js'

/** The draws a title shape may make, each from the record's stream when called. */
interface TitleWords {
  product: ProductLine
  pick<Item>(items: readonly Item[]): Item
  /** Two different items of `items`. */
  pickTwo<Item>(items: readonly Item[]): [Item, Item]
  int(min: number, max: number): number
  name(): string
}

/**
 * The shapes of video titles, as a brand's social team writes them. Each
 * has dozens of fillings or more, so a project of 200 contents repeats a
 * title a few times at most (test/data/seed-text.test.ts holds it).
 * @note Reordering or editing any shape changes every seeded dataset.
 */
const TITLE_SHAPES: readonly ((words: TitleWords) => string)[] = [
  ({ product, pick }) =>
    `How to ${pick(product.howTo)} in ${pick(DURATIONS_IN_SECONDS)} seconds with the ${pick(product.models)}`,
  ({ product, pick, int, name }) =>
    `${int(3, 7)} ${product.item} mistakes ${pick(AUDIENCES)} make, explained by ${name()}`,
  ({ product, pick, name }) =>
    `${name()} unboxes the ${pick(product.models)} ${pick(product.variants)}`,
  ({ product, pick, pickTwo, name }) => {
    const [first, second] = pickTwo(product.variants)
    return `The ${pick(product.models)} ${first} or ${second}? ${name()} picks`
  },
  ({ product, pick }) =>
    `Behind the scenes: how our ${pick(CITIES)} team designed the ${pick(product.features)} of the ${pick(product.models)}`,
  ({ product, pick, name }) =>
    `${name()} tries the ${pick(product.models)} for a week`,
  ({ product, pick, name }) =>
    `${name()}'s packing list: ${product.item} essentials for ${pick(CITIES)} in ${pick(SEASONS).toLowerCase()}`,
  ({ product, pick }) =>
    `${pick(DURATIONS_IN_SECONDS)}-second review: the ${pick(product.models)} ${pick(product.variants)}`,
  ({ product, pick }) =>
    `Why ${pick(CITIES)} creators love the ${pick(product.models)} ${pick(product.variants)}`,
  ({ product, pick }) =>
    `${pick(SEASONS)} ${product.item} picks under $${pick(PRICE_LIMITS)} for ${pick(AUDIENCES)}`,
  ({ product, pick, int, name }) =>
    `Before and after: ${name()}'s ${int(2, 8)} weeks with the ${pick(product.models)}`,
  ({ product, pick, pickTwo }) => {
    const [first, second] = pickTwo(product.models)
    return `The ${first} or the ${second}: ${pick(product.features)} compared`
  },
  ({ product, pick, name }) =>
    `${name()}'s ${pick(SEASONS).toLowerCase()} routine with the ${pick(product.models)}`,
  ({ product, pick }) =>
    `A ${pick(SEASONS).toLowerCase()} day in ${pick(CITIES)} with the ${pick(product.models)}`,
  ({ product, pick, name }) =>
    `Your ${product.item} questions about the ${pick(product.features)}, answered by ${name()}`,
  ({ product, pick, int }) =>
    `${int(3, 7)} reasons ${pick(AUDIENCES)} switch to the ${pick(product.models)}`,
  ({ product, pick, name }) =>
    `Quick tip from ${name()}: ${pick(product.howTo)}`,
  ({ product, pick }) =>
    `Close-up: the ${pick(product.features)} of the ${pick(product.models)} ${pick(product.variants)}`,
  ({ product, pick }) =>
    `${pick(SEASONS)} drop: the ${pick(product.models)} ${pick(product.variants)}`,
  ({ product, pick, name }) =>
    `Is the ${pick(product.models)} worth it? ${name()} decides`,
  ({ product, pick, int }) =>
    `Tested for ${int(2, 8)} weeks: the ${pick(product.features)} of the ${pick(product.models)}`,
]

/** A video title about `product`, drawn from the record's stream. */
export function createTitle(
  { faker }: SeedContext,
  product: ProductLine,
): string {
  const words: TitleWords = {
    product,
    pick: (items) => faker.helpers.arrayElement(items),
    pickTwo: (items) => {
      const [first, second] = faker.helpers.arrayElements(items, 2)
      return [first!, second!]
    },
    int: (min, max) => faker.number.int({ min, max }),
    name: () => faker.helpers.arrayElement(PRESENTERS),
  }
  return faker.helpers.arrayElement(TITLE_SHAPES)(words)
}
