// `#/consent/<id>`: the page the server's /oauth/authorize sends a person to, to approve or
// deny an application (an OAuth client) the access it asks for.

export function consentId(hash: string): string | undefined {
  const m = /^#\/consent\/([A-Za-z0-9_-]{16,64})$/.exec(hash);
  return m?.[1];
}
