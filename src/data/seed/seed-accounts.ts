import type { FixtureAccount } from '../../schema/fixture.js'

/** A demo account, with the names its posts are published under. */
export interface SeedAccount extends FixtureAccount {
  /** Handle on TikTok, X and Medium. */
  handle: string
  /** Facebook page name. */
  page: string
}

/** The main demo account: it holds the main API key and most projects. */
export const ALPHA_ACCOUNT: SeedAccount = {
  id: 'acct_alpha',
  name: 'Alpha Studio',
  handle: 'alphastudio',
  page: 'AlphaStudio',
}

/** The second demo account: it shares one project with alpha and hides others. */
export const BETA_ACCOUNT: SeedAccount = {
  id: 'acct_beta',
  name: 'Beta Media',
  handle: 'betamedia',
  page: 'BetaMedia',
}
