import type { CDPSession, Page } from "puppeteer-core";

/**
 * Gives a Chromium tab a person's passkey device: a virtual platform authenticator (DevTools' `WebAuthn` domain,
 * CTAP2, resident keys, user verification) that approves every ceremony by itself. Resolves with the tab's DevTools
 * session and the authenticator's id (to read its credentials or remove it).
 */
export async function addVirtualAuthenticator(
  tab: Page,
): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await tab.createCDPSession();
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}
