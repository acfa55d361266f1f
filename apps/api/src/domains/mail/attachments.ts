import type { MailAttachment } from './transport';

/**
 * What an outbox row stores instead of a file (e.g. `{ kind: 'badge', registrationId: 12 }`):
 * the file is built when the mail is sent, so the row stays small and the file up to date.
 */
export interface AttachmentDescriptor {
  kind: string;
  [key: string]: unknown;
}

/** Builds the file of one descriptor of its kind. */
export type AttachmentBuilder = (descriptor: AttachmentDescriptor) => Promise<MailAttachment>;

/** Turns a row's descriptors into files; throwing fails the attempt, which is retried later. */
export type ResolveAttachments = (descriptors: AttachmentDescriptor[]) => Promise<MailAttachment[]>;

/**
 * The resolver the worker uses, from one builder per kind, e.g.
 * `createAttachmentResolver({ badge: (a) => badgeAttachment(a) })`. A kind with no builder is an
 * error: the mail is not sent without its attachment.
 */
export function createAttachmentResolver(builders: Record<string, AttachmentBuilder>): ResolveAttachments {
  return async (descriptors) => {
    const files: MailAttachment[] = [];
    for (const descriptor of descriptors) {
      // hasOwn: a kind such as 'constructor' must not find Object's prototype.
      const build = Object.hasOwn(builders, descriptor.kind) ? builders[descriptor.kind] : undefined;
      if (!build) {
        const known = Object.keys(builders).join(', ') || 'none';
        throw new Error(`Unknown mail attachment kind '${descriptor.kind}' (known kinds: ${known})`);
      }
      files.push(await build(descriptor));
    }
    return files;
  };
}
