import type { SeedContext } from './seed-context.js'
import {
  CITIES,
  COLORS,
  DURATIONS_IN_SECONDS,
  SEASONS,
  type ProductLine,
} from './word-lists.js'

/** A video title about `product`, drawn from the record's stream. */
export function createTitle(
  { faker }: SeedContext,
  product: ProductLine,
): string {
  const { item } = product
  switch (faker.number.int({ min: 0, max: 10 })) {
    case 0:
      return `How to ${faker.helpers.arrayElement(product.howTo)} in ${faker.helpers.arrayElement(DURATIONS_IN_SECONDS)} seconds`
    case 1:
      return `${faker.number.int({ min: 3, max: 7 })} ${item} mistakes to avoid`
    case 2:
      return `Unboxing the new ${faker.commerce.productAdjective().toLowerCase()} ${item}`
    case 3: {
      const [first = 'white', second = 'black'] = faker.helpers.arrayElements(
        COLORS,
        2,
      )
      return `${capitalize(first)} or ${second}: which ${item} wins?`
    }
    case 4:
      return `Behind the scenes: making our ${item}`
    case 5:
      return `${faker.person.firstName()} tries the ${faker.commerce.productAdjective().toLowerCase()} ${item}`
    case 6:
      return `Packing list: ${item} essentials for ${faker.helpers.arrayElement(CITIES)}`
    case 7:
      return `${faker.helpers.arrayElement(DURATIONS_IN_SECONDS)}-second ${item} review`
    case 8:
      return `Why ${faker.helpers.arrayElement(CITIES)} creators love this ${item}`
    case 9:
      return `${faker.helpers.arrayElement(SEASONS)} ${item} picks under $${faker.helpers.arrayElement([25, 50, 75, 100, 150])}`
    default:
      return `Before and after: ${faker.number.int({ min: 2, max: 8 })} weeks with our ${item}`
  }
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
