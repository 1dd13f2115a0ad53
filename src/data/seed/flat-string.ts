/**
 * The same text, stored as one flat string: for strings a record keeps.
 * @note V8 keeps a string made by `+` or a template literal as a tree of its
 * parts until something reads it whole; reading a character flattens it in
 * place, so a large seed's timestamps, IDs and URLs keep a fraction of the
 * heap (bench/README.md, "Data"). Other engines: the same text anyway.
 */
export function flatString(text: string): string {
  text.charCodeAt(0)
  return text
}
