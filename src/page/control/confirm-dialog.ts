import { html } from 'htm/preact'
import type { ComponentChildren, VNode } from 'preact'
import { useEffect, useRef } from 'preact/hooks'

/**
 * A modal `<dialog>` that asks before an action that cannot be undone: its
 * title names the action, Cancel has the focus (Escape cancels too), and the
 * confirming button repeats the action's name.
 */
export function ConfirmDialog(props: {
  open: boolean
  title: string
  confirm: string
  onConfirm: () => void
  onClose: () => void
  children: ComponentChildren
}): VNode {
  const dialog = useRef<HTMLDialogElement>(null)
  const cancel = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    const element = dialog.current
    if (element === null) return
    if (props.open && !element.open) {
      element.showModal()
      cancel.current?.focus()
    } else if (!props.open && element.open) {
      element.close()
    }
  }, [props.open])

  const titleId = `${props.confirm.toLowerCase().replaceAll(' ', '-')}-dialog-title`
  return html`<dialog
    ref=${dialog}
    class="confirm-dialog"
    aria-labelledby=${titleId}
    onClose=${props.onClose}
  >
    <h2 id=${titleId}>${props.title}</h2>
    ${props.children}
    <div class="form-row">
      <button type="button" ref=${cancel} onClick=${props.onClose}>
        Cancel
      </button>
      <button
        type="button"
        class="danger"
        onClick=${() => {
          props.onClose()
          props.onConfirm()
        }}
      >
        ${props.confirm}
      </button>
    </div>
  </dialog>`
}
