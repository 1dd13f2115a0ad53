/** The sessionStorage entry of the chosen API key (this tab only). */
export const API_KEY_STORAGE = 'content-api-mock.apiKey'

/** The sessionStorage entry of the admin token (this tab only). */
export const ADMIN_TOKEN_STORAGE = 'content-api-mock.adminToken'

/**
 * Reads a value the page keeps for this tab, or `undefined`.
 * @note sessionStorage, never localStorage: a key or token typed into the page
 * must not outlive the tab.
 */
export function readSessionValue(name: string): string | undefined {
  try {
    return sessionStorage.getItem(name) ?? undefined
  } catch {
    // Storage can be disabled (private modes, sandboxed frames).
    return undefined
  }
}

/**
 * Keeps a value for this tab, or forgets it when `value` is undefined.
 */
export function writeSessionValue(
  name: string,
  value: string | undefined,
): void {
  try {
    if (value === undefined) sessionStorage.removeItem(name)
    else sessionStorage.setItem(name, value)
  } catch {
    // See readSessionValue.
  }
}
