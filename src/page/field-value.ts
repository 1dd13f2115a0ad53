/** An input's event handler that hands the field's value to `set`. */
export function toValue(set: (value: string) => void) {
  return (event: Event) => set((event.target as HTMLInputElement).value)
}

/** A checkbox's event handler that hands whether it is checked to `set`. */
export function toChecked(set: (checked: boolean) => void) {
  return (event: Event) => set((event.target as HTMLInputElement).checked)
}
