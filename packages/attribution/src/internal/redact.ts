/** Hides credentials that may ride along in an RPC error message (URL query `apikey=` and the like, bearer tokens). */
export function redact(text: string): string {
  return text
    .replace(/([?&](?:api[-_]?key|key|token|access[-_]?token)=)[^&\s"'<>]+/gi, "$1***")
    .replace(/(bearer\s+)[^\s"']+/gi, "$1***");
}
