import type { LinkSigner } from '../../lib/links';

/** What every mail that carries a link needs: the link signer, the site's public address, the clock. */
export interface MailLinks {
  links: LinkSigner;
  publicUrl: string;
  now: () => Date;
  /** Whether badge mails offer Apple Wallet (the organiser configured it: walletFromConfig). */
  appleWallet?: boolean;
  /** Whether they offer Google Wallet (googleWalletFromConfig). */
  googleWallet?: boolean;
}
