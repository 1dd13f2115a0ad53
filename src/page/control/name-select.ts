import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { toValue } from '../field-value.js'

/** A labelled select of names, with a first option ('') for any if given. */
export function NameSelect(props: {
  label: string
  /** The first option's text, e.g. "any key". */
  any?: string
  names: readonly string[]
  value: string
  disabled?: boolean
  onChange: (value: string) => void
}): VNode {
  return html`<label
    >${props.label}
    <select
      value=${props.value}
      disabled=${props.disabled}
      onChange=${toValue(props.onChange)}
    >
      ${props.any !== undefined && html`<option value="">${props.any}</option>`}
      ${props.names.map((name) => html`<option value=${name}>${name}</option>`)}
    </select></label
  >`
}
