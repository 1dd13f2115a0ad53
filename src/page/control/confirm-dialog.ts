import { html } from 'htm/preact'
import type { ComponentChildren, VNode } from 'preact'
import { useRef } from 'preact/hooks'

/**
 * A button for an action that cannot be undone, and the modal `<dialog>` it
 * opens to ask first: its title names the action, Cancel has the focus
 * (Escape cancels too), and the confirming button repeats the action's name.
 * @note Whether it is open is the element's own state, not a copy of it.
 */
export function ConfirmDialog(props: {
  title: string
  confirm: string
  disabled: boolean
  onConfirm: () => void
  children: ComponentChildren
}): VNode {
  const dialog = useRef<HTMLDialogElement>(null)
  const cancel = useRef<HTMLButtonElement>(null)
  const ask = () => {
    dialog.current?.showModal()
    cancel.current?.focus()
  }
  const close = () => dialog.current?.close()

  const titleId = `${props.confirm.toLowerCase().replaceAll(' ', '-')}-dialog-title`
  return html`<button
      type="button"
      class="danger"
      disabled=${props.disabled}
      onClick=${ask}
    >
      ${props.confirm}
    </button>
    <dialog ref=${dialog} class="confirm-dialog" aria-labelledby=${titleId}>
      <h2 id=${titleId}>${props.title}</h2>
      ${props.children}
      <div class="form-row">
        <button type="button" ref=${cancel} onClick=${close}>Cancel</button>
        <button
          type="button"
          class="danger"
          onClick=${() => {
            close()
            props.onConfirm()
          }}
        >
          ${props.confirm}
        </button>
      </div>
    </dialog>`
}
