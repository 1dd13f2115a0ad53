/** The items of a list written on one line, apart by " | ". */
export function listOf(items: string): string[] {
  return items.split(' | ')
}
