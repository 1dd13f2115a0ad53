import { html } from 'htm/preact'
import type { VNode } from 'preact'

/** An object's fields, a string as it is, anything else as JSON. */
export function FieldList(props: {
  fields: object
  class: string
  /** Names in `<code>` (where the list's own font is not monospace). */
  codeNames?: boolean
}): VNode {
  return html`<dl class=${props.class}>
    ${Object.entries(props.fields).map(
      ([name, value]) =>
        html`<div>
          <dt>${props.codeNames ? html`<code>${name}</code>` : name}</dt>
          <dd>
            <code
              >${typeof value === 'string' ? value : JSON.stringify(value)}</code
            >
          </dd>
        </div>`,
    )}
  </dl>`
}
