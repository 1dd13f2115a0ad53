/**
 * The API key of a recorded fixture document when none is given: listed
 * first in `api_keys`, it sees every project recorded.
 * @example
 * fetch(`${url}/public-api/v1/projects`, { headers: { Authorization: `Bearer ${RECORDED_DEMO_KEY}` } })
 */
export const RECORDED_DEMO_KEY = 'demo-key-recorded'

/**
 * The one account of a recorded fixture document: it owns every project.
 * @example
 * document.accounts[0].id === RECORDED_ACCOUNT_ID
 */
export const RECORDED_ACCOUNT_ID = 'acct_recorded'
