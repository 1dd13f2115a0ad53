export function toValue(set: (value: string) => void) {
  return (event: Event) => set((event.target as HTMLInputElement).value)
}

export function toChecked(set: (checked: boolean) => void) {
  return (event: Event) => set((event.target as HTMLInputElement).checked)
}
