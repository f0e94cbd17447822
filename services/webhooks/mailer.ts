// E-mail to an organization's owners and admins. Every message is kept in outbox_emails
// (`loadplan webhook outbox --org` shows it); when SMTP_URL is set it is also sent through
// nodemailer and marked sent. Without SMTP the outbox is where an operator reads it.
import nodemailer from 'nodemailer';
import type { Sql } from '../../db/connect.ts';
import { isOwnerOrAdmin, listMembers } from '../../db/organizations.ts';
import { addOutboxEmail, markOutboxSent } from '../../db/webhooks.ts';

export interface Mail {
  subject: string;
  body: string;
}

/** Queues `mail` for every owner and admin of the organization, then sends it when SMTP is configured. */
export async function mailOwnersAndAdmins(sql: Sql, organizationId: string, mail: Mail, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const recipients = (await listMembers(sql, organizationId)).filter(isOwnerOrAdmin);
  const queued: { id: number; to: string }[] = [];
  for (const member of recipients) {
    queued.push({ id: await addOutboxEmail(sql, { organizationId, to: member.email, ...mail }), to: member.email });
  }
  if (env.SMTP_URL) await sendQueued(sql, env.SMTP_URL, env.MAIL_FROM ?? 'loadplan@localhost', queued, mail);
  return queued.length;
}

async function sendQueued(sql: Sql, smtpUrl: string, from: string, queued: { id: number; to: string }[], mail: Mail): Promise<void> {
  const transport = nodemailer.createTransport(smtpUrl);
  try {
    for (const { id, to } of queued) {
      try {
        await transport.sendMail({ from, to, subject: mail.subject, text: mail.body });
        await markOutboxSent(sql, id);
      } catch (err) {
        // The row stays unsent in the outbox, where an operator can still read it.
        console.warn(`[mailer] could not send outbox e-mail ${id}: ${(err as Error).message}`);
      }
    }
  } finally {
    transport.close();
  }
}

export function endpointDisabledMail(endpoint: { id: string; url: string; failingSince: Date | null }): Mail {
  return {
    subject: `Webhook endpoint disabled: ${endpoint.url}`,
    body: [
      `Your webhook endpoint ${endpoint.url} (${endpoint.id}) has failed every delivery since`,
      `${endpoint.failingSince?.toISOString() ?? 'three days ago'} and has been disabled.`,
      '',
      'No events are sent to it while it is disabled. Fix the receiver, then enable the endpoint again',
      '(events of Calculates that end after it is enabled will be delivered); failed deliveries can be',
      'redelivered from the delivery log.',
    ].join('\n'),
  };
}
