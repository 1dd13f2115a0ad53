import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { toValue } from '../field-value.js'

/**
 * Parses the text of a JSON editor, or says where it is not JSON.
 */
export function parseJsonText(
  text: string,
): { ok: true; value: unknown } | { ok: false; problem: string } {
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch (error) {
    return {
      ok: false,
      problem: `This is not JSON: ${(error as Error).message}. Fix it and send it again.`,
    }
  }
}

/**
 * A labelled monospace text area for a JSON body, with the local parse
 * problem (before anything is sent) under it.
 */
export function JsonEditor(props: {
  id: string
  label: string
  value: string
  onInput: (value: string) => void
  disabled?: boolean
  problem?: string
}): VNode {
  const problemId = `${props.id}-problem`
  return html`<div class="json-editor">
    <label for=${props.id}>${props.label}</label>
    <textarea
      id=${props.id}
      rows="4"
      spellcheck=${false}
      autocapitalize="off"
      value=${props.value}
      disabled=${props.disabled}
      aria-invalid=${props.problem !== undefined}
      aria-describedby=${props.problem === undefined ? undefined : problemId}
      onInput=${toValue(props.onInput)}
    ></textarea>
    ${
      props.problem !== undefined &&
      html`<p id=${problemId} class="action-result action-failed" role="alert">
        ${props.problem}
      </p>`
    }
  </div>`
}
