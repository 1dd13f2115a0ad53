export const API_KEY_STORAGE = 'content-api-mock.apiKey'
export const ADMIN_TOKEN_STORAGE = 'content-api-mock.adminToken'

// sessionStorage, never localStorage: a key or token typed into the page
// must not outlive the tab.
export function readSessionValue(name: string): string | undefined {
  try {
    return sessionStorage.getItem(name) ?? undefined
  } catch {
    // Storage can be disabled (private modes, sandboxed frames).
    return undefined
  }
}

export function writeSessionValue(
  name: string,
  value: string | undefined,
): void {
  try {
    if (value === undefined) sessionStorage.removeItem(name)
    else sessionStorage.setItem(name, value)
  } catch {}
}
