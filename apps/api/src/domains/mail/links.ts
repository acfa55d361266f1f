import type { LinkSigner } from '../../lib/links';

/** What every mail that carries a link needs: the link signer, the site's public address, the clock. */
export interface MailLinks {
  links: LinkSigner;
  publicUrl: string;
  now: () => Date;
}
