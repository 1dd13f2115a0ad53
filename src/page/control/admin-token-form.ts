import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { useState } from 'preact/hooks'
import type { AdminAccess } from './use-admin-access.js'
import { toValue } from '../field-value.js'

/**
 * Where the panel says whether it may change anything, and asks for the
 * admin token once when the server wants one (`--admin-token`): kept for
 * this tab only, with a button to forget it.
 */
export function AdminTokenForm(props: { admin: AdminAccess }): VNode | null {
  const { admin } = props
  const [value, setValue] = useState('')
  if (!admin.tokenRequired) return null
  if (admin.unlocked) {
    return html`<p class="access access-open" role="status">
      <span class="badge badge-ok">unlocked</span>${' '}The admin token is kept
      for this tab only (sessionStorage).${' '}
      <button type="button" class="button-small" onClick=${admin.lock}>
        Forget the token
      </button>
    </p>`
  }
  const submit = (event: Event) => {
    event.preventDefault()
    if (value.trim() !== '') admin.unlock(value.trim())
    setValue('')
  }
  return html`<form
    class="panel access access-locked"
    aria-labelledby="access-title"
    onSubmit=${submit}
  >
    <h2 id="access-title">
      <span class="badge badge-warn">read-only</span> The control panel is
      locked
    </h2>
    <p>
      This server was started with${' '}
      <code>--admin-token</code>: the control API answers only requests that
      carry it, so the panel can neither read nor change anything until you
      enter it. It is kept for this tab only (sessionStorage), never stored on
      disk.
    </p>
    ${
      admin.refusal !== undefined &&
      html`<p class="action-result action-failed" role="alert">
        ${admin.refusal}
      </p>`
    }
    <div class="form-row">
      <label class="grow"
        >Admin token
        <input
          type="password"
          autocomplete="off"
          value=${value}
          onInput=${toValue(setValue)}
      /></label>
      <button type="submit" class="primary">Unlock</button>
    </div>
  </form>`
}
